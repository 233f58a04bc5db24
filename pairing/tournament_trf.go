package pairing

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// InputError is a tournament file that cannot be paired as it stands
// (inconsistent results, a missing number of rounds...).
type InputError struct{ Reason string }

func (e *InputError) Error() string { return "pairing: " + e.Reason }

func inputErrorf(format string, args ...any) error {
	return &InputError{Reason: fmt.Sprintf(format, args...)}
}

func tenths(x float64) Score { return Score(math.Round(x * 10)) }

// FromTRF builds the tournament whose next round is to be paired from a
// tournament report file, the way the endorsed engines read one:
//
//   - pairing numbers are the start numbers (ratings are never used);
//   - the round to pair follows the last round in which anybody was paired;
//     entries already written in that round's column without an opponent
//     (0000 - H, Z, F) and 240 records for it are absences;
//   - the number of rounds comes from XXR or 142 and is required;
//   - the first-round colour comes from XXC or 152, else from round 1's
//     history (the colour of the top player present);
//   - forfeits, byes and absences are not games played (the players may
//     meet again, and they give no colour);
//   - the points of a 299 record with a blank type (an arbiter's penalty
//     or bonus) of a round played, or of no round, count in the player's
//     score (Player.Adjustments), as the standings count them;
//   - every player's points field must agree with his results and those
//     299 points (with or without his acceleration or the points of a bye
//     already entered for the next round).
func FromTRF(f *trf.File) (*Tournament, error) {
	return fromTRF(f, true)
}

// HistoryFromTRF reads every round of a tournament report file, finished
// or not, for re-pairing its rounds (see Tournament.Before). The number of
// rounds may be missing; it is then the number of rounds played.
func HistoryFromTRF(f *trf.File) (*Tournament, error) {
	return fromTRF(f, false)
}

func fromTRF(f *trf.File, next bool) (*Tournament, error) {
	if next && f.TotalRounds <= 0 {
		return nil, inputErrorf("the total number of rounds (XXR or 142) is required")
	}
	players := f.Players // read only
	byStartNo := func(i, j int) bool { return players[i].StartNo < players[j].StartNo }
	if !sort.SliceIsSorted(players, byStartNo) {
		players = append([]trf.Player(nil), f.Players...)
		sort.SliceStable(players, byStartNo)
	}
	for i, p := range players {
		if p.StartNo != i+1 {
			return nil, inputErrorf("start number %d is missing", i+1)
		}
	}
	// The round to pair: one after the last round in which someone was
	// paired, or in which someone has an entry followed by another.
	played := 0
	for _, p := range players {
		for r, e := range p.Rounds {
			if e.Opponent == 0 && e.Result == trf.NoResult {
				continue // a blank entry
			}
			played = max(played, r) // the rounds before a written entry are past
			if roundPaired(e) {
				played = max(played, r+1)
			}
		}
	}
	if next && played >= f.TotalRounds {
		return nil, inputErrorf("all %d rounds are already paired", f.TotalRounds)
	}
	total := max(f.TotalRounds, played)
	ps := PointSystem{
		Win:                 tenths(f.PointSystem.WhiteWin),
		Draw:                tenths(f.PointSystem.WhiteDraw),
		Loss:                tenths(f.PointSystem.WhiteLoss),
		ZeroPointBye:        tenths(f.PointSystem.ZeroPointBye),
		ForfeitLoss:         tenths(f.PointSystem.ForfeitLoss),
		PairingAllocatedBye: tenths(f.PointSystem.PairingAllocatedBye),
	}
	if x := (ExactPoints{
		BlackWin: tenths(f.PointSystem.BlackWin), BlackDraw: tenths(f.PointSystem.BlackDraw), BlackLoss: tenths(f.PointSystem.BlackLoss),
		ForfeitWin: tenths(f.PointSystem.ForfeitWin), FullPointBye: tenths(f.PointSystem.FullPointBye), HalfPointBye: tenths(f.PointSystem.HalfPointBye),
	}); x != (ExactPoints{BlackWin: ps.Win, BlackDraw: ps.Draw, BlackLoss: ps.Loss, ForfeitWin: ps.Win, FullPointBye: ps.Win, HalfPointBye: ps.Draw}) {
		ps.Exact = &x // an XXS that sets results apart (162 cannot)
	}
	t := &Tournament{Round: played + 1, TotalRounds: total, Points: ps}
	t.Players = make([]Player, len(players))
	games := make([]Game, played*len(players)) // every player's games, in one block
	for i, p := range players {
		q := &t.Players[i]
		q.StartNo, q.Name, q.Rating = p.StartNo, p.Name, p.Rating
		q.Games = games[i*played : (i+1)*played : (i+1)*played]
		for r := 0; r < played; r++ {
			g, err := gameOf(p, r+1, len(players))
			if err != nil {
				return nil, err
			}
			q.Games[r] = g
			q.Score += t.GamePoints(g)
		}
		if next := p.Round(played + 1); len(p.Rounds) > played && !roundPaired(next) {
			q.Absent = true
		}
	}
	for _, a := range f.Absent {
		if a.Round != t.Round {
			continue
		}
		for _, n := range a.Players {
			if n >= 1 && n <= len(t.Players) {
				t.Players[n-1].Absent = true
			}
		}
	}
	// Consistency of opponents and colours.
	for i := range t.Players {
		for r, g := range t.Players[i].Games {
			if g.Opponent < 0 {
				continue
			}
			h := t.Players[g.Opponent].Games[r]
			if h.Opponent != i || (g.Played && (!h.Played || h.Color == g.Color)) {
				return nil, inputErrorf("round %d of player %d contradicts the entry of player %d", r+1, i+1, g.Opponent+1)
			}
		}
	}
	// Points assigned apart from the games (299 with a blank type).
	for _, a := range f.AbnormalPoints {
		if a.Kind != ' ' || a.Round < 0 || a.Round > played {
			continue
		}
		for _, n := range a.Players {
			if n < 1 || n > len(t.Players) {
				continue
			}
			q := &t.Players[n-1]
			for len(q.Adjustments) <= a.Round {
				q.Adjustments = append(q.Adjustments, 0)
			}
			q.Adjustments[a.Round] += tenths(a.Points)
			q.Score += tenths(a.Points)
		}
	}
	// Accelerations.
	for _, a := range f.Accelerations {
		for n := max(a.FirstPlayer, 1); n <= a.LastPlayer && n <= len(t.Players); n++ {
			q := &t.Players[n-1]
			for r := max(a.FirstRound, 1); r <= a.LastRound && r <= total; r++ {
				for len(q.Accelerations) < r {
					q.Accelerations = append(q.Accelerations, 0)
				}
				q.Accelerations[r-1] = tenths(a.Points)
			}
		}
	}
	if strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.EncodedType)), "_BAKU") && len(f.Accelerations) == 0 {
		t.applyBaku()
	}
	// Points fields.
	for i, p := range players {
		q := &t.Players[i]
		got := tenths(p.Points)
		acc := q.Acceleration(t.Round)
		ok := got == q.Score || got == q.Score+acc
		if !ok && len(p.Rounds) > played {
			g, err := gameOf(p, played+1, len(players))
			if err == nil {
				extra := t.GamePoints(g)
				ok = got == q.Score+extra || got == q.Score+extra+acc
			}
		}
		if !ok {
			return nil, inputErrorf("the points of player %d (%s) do not match his results (%s)", p.StartNo, got, q.Score)
		}
	}
	// Forbidden pairs for this round.
	for _, g := range f.Forbidden {
		if !g.Applies(t.Round) {
			continue
		}
		for _, a := range g.Players {
			for _, b := range g.Players {
				if a != b && a >= 1 && b >= 1 && a <= len(t.Players) && b <= len(t.Players) {
					t.Players[a-1].Forbidden = append(t.Players[a-1].Forbidden, b-1)
				}
			}
		}
	}
	switch f.InitialColor {
	case trf.White:
		t.InitialColor = White
	case trf.Black:
		t.InitialColor = Black
	default:
		t.InitialColor = t.inferInitialColor()
	}
	return t, nil
}

// roundPaired reports whether an entry shows the player in that round's
// pairing: an opponent, or the pairing-allocated bye (U, or a legacy +).
func roundPaired(e trf.RoundResult) bool {
	res := upper(e.Result)
	return e.Opponent != 0 || res == 'U' || res == '+'
}

func upper(c trf.ResultCode) byte {
	b := byte(c)
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	return b
}

// gameOf reads round r (1-based) of p.
func gameOf(p trf.Player, r, n int) (Game, error) {
	e := p.Round(r)
	res := upper(e.Result)
	g := Game{Opponent: -1}
	if e.Opponent != 0 {
		if e.Opponent < 1 || e.Opponent > n || e.Opponent == p.StartNo {
			return g, inputErrorf("player %d, round %d: opponent %d does not exist", p.StartNo, r, e.Opponent)
		}
		g.Opponent = e.Opponent - 1
	}
	switch e.Color {
	case trf.White:
		g.Color = White
	case trf.Black:
		g.Color = Black
	}
	switch res {
	case 'D', '=', 'H':
		g.Outcome = Draw
	case '+', 'W', '1', 'F', 'U':
		g.Outcome = Win
	default:
		g.Outcome = Loss
	}
	switch res {
	case '1', '=', '0', 'W', 'D', 'L':
		g.Played = g.Opponent >= 0 && g.Color != NoColor
	}
	g.Paired = g.Opponent >= 0 || res == 'U' || res == '+'
	if !g.Played {
		g.Color = NoColor
	}
	return g, nil
}

// applyBaku gives the Baku acceleration (C.04.5.1 as bbpPairings reads
// it): the top half by pairing number get a win's points in the first
// rounds of the first half of the tournament and a draw's in the rest of it.
func (t *Tournament) applyBaku() {
	lastRank := (len(t.Players) - 1) / 2
	lastRound := (t.TotalRounds - 1) / 2
	lastFull := lastRound / 2
	for i := 0; i <= lastRank && i < len(t.Players); i++ {
		p := &t.Players[i]
		p.Accelerations = nil
		for r := 0; r <= lastRound && r <= t.Round-1; r++ {
			if r <= lastFull {
				p.Accelerations = append(p.Accelerations, t.Points.Win)
			} else {
				p.Accelerations = append(p.Accelerations, t.Points.Draw)
			}
		}
	}
}

// inferInitialColor finds the first-round colour from the history: the
// colour of the highest player paired in the first round that had games,
// inverted when his effective pairing number is even.
func (t *Tournament) inferInitialColor() Color {
	first := -1
	for _, p := range t.Players {
		for r, g := range p.Games {
			if g.Color != NoColor && (first == -1 || r < first) {
				first = r
			}
		}
	}
	if first == -1 {
		return NoColor
	}
	rank := 0
	for _, p := range t.Players {
		paired := false
		for r := 0; r <= first && r < len(p.Games); r++ {
			if p.Games[r].Paired {
				paired = true
			}
		}
		if !paired {
			continue
		}
		c := p.Games[first].Color
		if rank%2 == 1 {
			c = c.Opposite()
		}
		if c != NoColor {
			return c
		}
		rank++
	}
	return NoColor
}

// Before returns the tournament as it stood when round r (1-based, at most
// t.Round) was to be paired: the games of the earlier rounds, and every
// player who was not paired in round r absent, and the points assigned
// apart from the games of those rounds. Forbidden pairs, accelerations
// and adjustments are kept.
func (t *Tournament) Before(r int) *Tournament {
	u := *t
	u.Round = r
	u.Players = make([]Player, len(t.Players))
	for i, p := range t.Players {
		q := p
		q.Games = append([]Game(nil), p.Games[:r-1]...)
		q.Score = p.adjustmentsBefore(r)
		for _, g := range q.Games {
			q.Score += t.GamePoints(g)
		}
		if r-1 < len(p.Games) {
			q.Absent = !p.Games[r-1].Paired
		}
		u.Players[i] = q
	}
	return &u
}
