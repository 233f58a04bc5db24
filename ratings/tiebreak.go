package ratings

import (
	"fmt"
	"math"
	"math/big"
	"sort"
)

// Rules selects the edition of FIDE C.07 for unplayed rounds.
type Rules uint8

// The two editions. Under Rules2024 a player's own unplayed round counts in
// his Buchholz as a dummy opponent with the player's own final score. Under
// Rules2026 that dummy is capped: after a forfeit at the forfeiting
// opponent's adjusted score, for a bye without opponent at half the rounds'
// win points (a draw per round).
const (
	Rules2024 Rules = iota
	Rules2026
)

// String returns "2024" or "2026".
func (r Rules) String() string {
	if r == Rules2026 {
		return "2026"
	}
	return "2024"
}

// Options are the choices a tournament's regulations make.
type Options struct {
	Rules Rules
	// UnratedRating is the rating given to unrated players for ARO, TPR,
	// PTP, APRO, APPO and RTNG. When 0 and a player is unrated, those
	// tie-breaks are undefined for everybody (as FIDE's tools do).
	UnratedRating int
}

// Row is one player's line of the standings.
type Row struct {
	No     int
	Rank   int
	Points float64
	// Values holds the tie-breaks in the order of Standings.Codes.
	Values []Value
}

// Standings is a ranked table: Rows in start-number order, Order the start
// numbers from first to last place.
type Standings struct {
	Codes []Code
	Rows  []Row
	Order []int
}

// Compute ranks a Swiss tournament by points and then by each tie-break in
// turn, the way FIDE TEC's TieBreakServer does:
//
//   - Buchholz family (BH, FB, SB, AOB): an opponent counts with his
//     adjusted score, where his unplayed rounds after his last played or
//     paired round (a withdrawal) count as draws. A player's own unplayed
//     round counts as a dummy opponent (see Rules). /C1 drops a voluntarily
//     unplayed round (forfeit loss, half- or zero-point bye, absence) first,
//     the lowest such, and only without one the lowest value; /M1 then also
//     drops the highest.
//   - DE compares the results among the players still tied; when not all of
//     them met, a player is put ahead only if no other tied player could
//     still have reached his score, and the rule is applied again to the
//     players still tied. Its value is the place within the tied group (0
//     when the group stays tied).
//   - ARO, TPR and PTP use played games against rated opponents only.
//
// Points and PTS are totals of the tournament's point system.
func Compute(t Tournament, codes []Code, opt Options) (*Standings, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	c := newCalc(&t, opt)
	n := len(t.Entrants)
	st := &Standings{Codes: codes, Rows: make([]Row, n)}
	for i := range st.Rows {
		st.Rows[i] = Row{No: i + 1, Rank: 1, Points: c.total[i], Values: make([]Value, len(codes))}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rank := make([]int, n)
	for i := range rank {
		rank[i] = 1
	}
	apply := func(vals []Value, descending bool) {
		sort.SliceStable(order, func(a, b int) bool {
			pa, pb := order[a], order[b]
			if rank[pa] != rank[pb] {
				return rank[pa] < rank[pb]
			}
			va, vb := vals[pa], vals[pb]
			if va.Defined != vb.Defined {
				return va.Defined
			}
			if va.X != vb.X {
				if descending {
					return va.X > vb.X
				}
				return va.X < vb.X
			}
			return pa < pb
		})
		newRank := make([]int, n)
		for i, p := range order {
			if i > 0 {
				q := order[i-1]
				if rank[p] == rank[q] && vals[p] == vals[q] {
					newRank[p] = newRank[q]
					continue
				}
			}
			newRank[p] = i + 1
		}
		copy(rank, newRank)
	}
	pts := make([]Value, n)
	for i := range pts {
		pts[i] = Value{c.total[i], true}
	}
	apply(pts, true)
	for k, code := range codes {
		var vals []Value
		if code.Name == "DE" {
			vals = c.directEncounter(rank)
		} else {
			var err error
			vals, err = c.values(code)
			if err != nil {
				return nil, err
			}
		}
		for i := range vals {
			st.Rows[i].Values[k] = vals[i]
		}
		apply(vals, codeTable[code.Name].descending)
	}
	for i := range st.Rows {
		st.Rows[i].Rank = rank[i]
	}
	st.Order = make([]int, n)
	for i, p := range order {
		st.Order[i] = p + 1
	}
	return st, nil
}

// calc holds what the tie-breaks share, computed once per tournament.
type calc struct {
	t      *Tournament
	opt    Options
	ps     PointSystem
	rounds int
	// rd[p][r] is player p's round r (0-based), absent when not given.
	rd [][]Round
	// pts[p][r] the points of that round; total[p] their sum.
	pts   [][]float64
	total []float64
	// adjusted[p] is p's score for his opponents' Buchholz: unplayed
	// rounds after his last round that was not voluntarily unplayed count
	// as draws.
	adjusted []float64
	// allRated is false when some player is unrated and no rating is
	// given for unrated players.
	allRated bool
	cache    map[string][]Value
}

func newCalc(t *Tournament, opt Options) *calc {
	n := len(t.Entrants)
	c := &calc{t: t, opt: opt, ps: t.points(), rounds: t.Rounds, cache: map[string][]Value{}}
	c.rd = make([][]Round, n)
	c.pts = make([][]float64, n)
	c.total = make([]float64, n)
	c.adjusted = make([]float64, n)
	c.allRated = true
	for p, e := range t.Entrants {
		c.rd[p] = make([]Round, c.rounds)
		copy(c.rd[p], e.Rounds)
		c.pts[p] = make([]float64, c.rounds)
		for r := range c.rounds {
			c.pts[p][r] = c.ps.Points(c.rd[p][r].Kind)
			c.total[p] += c.pts[p][r]
		}
		if e.Rating <= 0 && opt.UnratedRating <= 0 {
			c.allRated = false
		}
	}
	for p := range c.rd {
		c.adjusted[p] = c.adjustedScore(p, false)
	}
	return c
}

// lastActive returns the last round (1-based, 0 if none) that was not
// voluntarily unplayed.
func (c *calc) lastActive(p int) int {
	last := 0
	for r, rd := range c.rd[p] {
		if !rd.Kind.voluntarilyUnplayed() {
			last = r + 1
		}
	}
	return last
}

// lastPaired returns the last round (1-based) with an opponent or a
// pairing-allocated bye.
func (c *calc) lastPaired(p int) int {
	last := 0
	for r, rd := range c.rd[p] {
		if rd.Opponent > 0 || rd.Kind == PairingBye {
			last = r + 1
		}
	}
	return last
}

// adjustedScore is the score p counts with in his opponents' Buchholz. With
// fore (Fore Buchholz), a player paired in the last round has that round
// counted as a draw.
func (c *calc) adjustedScore(p int, fore bool) float64 {
	last := c.lastActive(p)
	if fore && c.lastPaired(p) == c.rounds {
		last = c.rounds
	}
	s := 0.0
	for r, rd := range c.rd[p] {
		if r+1 <= last || rd.Opponent > 0 {
			s += c.pts[p][r]
		} else {
			s += c.ps.Draw
		}
	}
	if fore && c.rounds > 0 && c.lastPaired(p) == c.rounds && c.rd[p][c.rounds-1].Opponent > 0 {
		s += c.ps.Draw - c.pts[p][c.rounds-1]
	}
	return s
}

// foreOwn is p's own score for Fore Buchholz: a last round with an opponent
// counts as a draw.
func (c *calc) foreOwn(p int) float64 {
	s := c.total[p]
	if c.rounds > 0 && c.lastPaired(p) == c.rounds && c.rd[p][c.rounds-1].Opponent > 0 {
		s += c.ps.Draw - c.pts[p][c.rounds-1]
	}
	return s
}

func (c *calc) values(code Code) ([]Value, error) {
	if v, ok := c.cache[code.Text]; ok {
		return v, nil
	}
	n := len(c.rd)
	out := make([]Value, n)
	def := func(p int, x float64) { out[p] = Value{x, true} }
	switch code.Name {
	case "PTS":
		for p := range n {
			def(p, c.total[p])
		}
	case "BH", "FB", "SB":
		for p := range n {
			def(p, c.buchholz(p, code))
		}
	case "AOB":
		bh := make([]float64, n)
		for p := range n {
			bh[p] = c.buchholz(p, Code{Name: "BH"})
		}
		for p := range n {
			var vals []float64
			for _, rd := range c.rd[p] {
				if rd.Kind.Played() {
					vals = append(vals, bh[rd.Opponent-1])
				}
			}
			if len(vals) > 0 {
				def(p, averageHalfUp(vals, 100))
			}
		}
	case "WIN", "WON", "BPG", "BWG", "REP":
		for p := range n {
			count := 0
			for r, rd := range c.rd[p] {
				win := c.pts[p][r] == c.ps.Win
				switch code.Name {
				case "WIN":
					count += b2i(win)
				case "WON":
					count += b2i(win && rd.Kind.Played())
				case "BPG":
					count += b2i(rd.Color == Black && rd.Kind.Played())
				case "BWG":
					count += b2i(rd.Color == Black && rd.Kind.Played() && win)
				case "REP":
					count += b2i(rd.Kind.Played() || rd.Kind == PairingBye || win)
				}
			}
			def(p, float64(count))
		}
	case "PS":
		for p := range n {
			sum, run := 0.0, 0.0
			for r := range c.rounds {
				run += c.pts[p][r]
				if r >= code.CutLow {
					sum += run
				}
			}
			def(p, sum)
		}
	case "KS":
		lim := 0.5 * c.ps.Win * float64(c.rounds)
		for p := range n {
			s := 0.0
			for r, rd := range c.rd[p] {
				if rd.Opponent > 0 && c.total[rd.Opponent-1] >= lim {
					s += c.pts[p][r]
				}
			}
			def(p, s)
		}
	case "STD":
		for p := range n {
			s := 0.0
			for r := range c.rounds {
				switch x := c.pts[p][r]; {
				case x > c.ps.Draw:
					s++
				case x == c.ps.Draw:
					s += 0.5
				}
			}
			def(p, s)
		}
	case "ARO", "TPR", "PTP":
		for p := range n {
			out[p] = c.performance(p, code)
		}
	case "APRO", "APPO":
		perf, err := c.values(Code{Name: map[string]string{"APRO": "TPR", "APPO": "PTP"}[code.Name], Text: "#" + code.Name})
		if err != nil {
			return nil, err
		}
		for p := range n {
			sum, cnt := 0, 0
			for _, rd := range c.rd[p] {
				if rd.Kind.Played() && perf[rd.Opponent-1].Defined {
					sum += int(perf[rd.Opponent-1].X)
					cnt++
				}
			}
			if cnt > 0 {
				def(p, float64(roundHalfUp(sum, cnt)))
			}
		}
	case "TPN":
		for p := range n {
			def(p, float64(p+1))
		}
	case "RTNG":
		if c.allRated {
			for p := range n {
				def(p, float64(c.rating(p)))
			}
		}
	default:
		return nil, fmt.Errorf("ratings: tie-break %s is not computed by values", code.Name)
	}
	c.cache[code.Text] = out
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rating returns p's rating, or the rating given to unrated players.
func (c *calc) rating(p int) int {
	if r := c.t.Entrants[p].Rating; r > 0 {
		return r
	}
	return c.opt.UnratedRating
}

// averageHalfUp returns the mean of vals rounded half up to 1/scale,
// exactly: the values (sums of halves and quarters) are turned into an
// integer numerator over a power of two; big.Rat only when that fails.
func averageHalfUp(vals []float64, scale int64) float64 {
	sum := 0.0
	for _, v := range vals {
		sum += v
	}
	for k, pow := 0, 1.0; k <= 16; k, pow = k+1, pow*2 {
		x := sum * pow
		if x == math.Trunc(x) && math.Abs(x) < 1<<40 {
			q := roundHalfUp(int(x)*int(scale), len(vals)*int(pow))
			return float64(q) / float64(scale)
		}
	}
	r := new(big.Rat)
	for _, v := range vals {
		r.Add(r, new(big.Rat).SetFloat64(v))
	}
	r.Mul(r, big.NewRat(scale, int64(len(vals))))
	r.Add(r, big.NewRat(1, 2))
	q := new(big.Int).Div(r.Num(), r.Denom()) // floor: the denominator is positive
	f, _ := new(big.Rat).SetFrac(q, big.NewInt(scale)).Float64()
	return f
}

// bhPart is one round's contribution to a Buchholz-type sum.
type bhPart struct {
	score float64 // the opponent's (or the dummy's) score
	value float64 // what the round adds: score, or score × own points for SB
	vur   bool    // a voluntarily unplayed round of the player
}

// buchholz computes BH, FB or SB with the code's cuts.
func (c *calc) buchholz(p int, code Code) float64 {
	fore := code.Name == "FB"
	sb := code.Name == "SB"
	own := c.total[p]
	adj := c.adjusted
	if fore {
		own = c.foreOwn(p)
		adj = make([]float64, len(c.rd))
		for q := range adj {
			adj[q] = c.adjustedScore(q, true)
		}
	}
	parts := make([]bhPart, 0, c.rounds)
	for r, rd := range c.rd[p] {
		played := rd.Kind.Played() || (fore && r == c.rounds-1)
		var score float64
		vur := false
		if played && rd.Opponent > 0 {
			score = adj[rd.Opponent-1]
		} else {
			score = own
			vur = rd.Kind.voluntarilyUnplayed()
			if c.opt.Rules == Rules2026 {
				if rd.Opponent > 0 {
					score = min(score, adj[rd.Opponent-1])
				} else {
					score = min(score, c.ps.Draw*float64(c.rounds))
				}
			}
		}
		v := score
		if sb {
			v = score * c.pts[p][r]
		}
		parts = append(parts, bhPart{score: score, value: v, vur: vur})
	}
	parts = cutParts(parts, code.CutLow, code.CutHigh)
	sum := 0.0
	for _, x := range parts {
		sum += x.value
	}
	return sum
}

// cutParts drops low parts from the bottom and high from the top. Each low
// cut finds the part of the lowest opponent's score (ties: the lowest
// value) and, among the voluntarily unplayed rounds, the part of the lowest
// value (ties: the lowest score); it drops the unplayed round's part unless
// the lowest-score part's value is strictly smaller. The value is the
// contribution to the sum: the score itself for Buchholz, the score times
// the player's points in that round for Sonneborn-Berger, so for SB the
// part first looked at is the lowest-scored opponent's, not the smallest
// product. Each high cut drops the part of the highest opponent's score
// (ties: the highest value).
func cutParts(parts []bhPart, low, high int) []bhPart {
	low = min(low, len(parts))
	high = min(high, len(parts)-low)
	for ; low > 0 && len(parts) > 0; low-- {
		all, vur := 0, -1
		for i, x := range parts {
			if x.score < parts[all].score || (x.score == parts[all].score && x.value < parts[all].value) {
				all = i
			}
			if x.vur && (vur < 0 || x.value < parts[vur].value || (x.value == parts[vur].value && x.score < parts[vur].score)) {
				vur = i
			}
		}
		drop := all
		if vur >= 0 && !(parts[all].value > parts[vur].value) {
			drop = vur
		}
		parts = append(parts[:drop:drop], parts[drop+1:]...)
	}
	for ; high > 0 && len(parts) > 0; high-- {
		top := 0
		for i, x := range parts {
			if x.score > parts[top].score || (x.score == parts[top].score && x.value > parts[top].value) {
				top = i
			}
		}
		parts = append(parts[:top:top], parts[top+1:]...)
	}
	return parts
}

// performance computes ARO, TPR or PTP of player p over played games
// against rated opponents, with the code's cuts (lowest or highest rated
// opponents), undefined without such games.
func (c *calc) performance(p int, code Code) Value {
	if !c.allRated {
		return Value{}
	}
	type game struct{ rating, score int }
	var games []game
	playedGames := 0
	for _, rd := range c.rd[p] {
		if !rd.Kind.Played() {
			continue
		}
		playedGames++
		r := c.rating(rd.Opponent - 1)
		if r <= 0 {
			continue
		}
		s := 0
		switch rd.Kind {
		case Win:
			s = 100
		case Draw:
			s = 50
		}
		games = append(games, game{r, s})
	}
	sort.SliceStable(games, func(a, b int) bool { return games[a].rating < games[b].rating })
	for low := code.CutLow; low > 0; low-- {
		if playedGames == len(games) && len(games) > 0 {
			games = games[1:]
		}
		playedGames--
	}
	for high := code.CutHigh; high > 0; high-- {
		if playedGames == len(games) && len(games) > 0 {
			games = games[:len(games)-1]
		}
		playedGames--
	}
	ratings := make([]int, len(games))
	score := 0
	for i, g := range games {
		ratings[i] = g.rating
		score += g.score
	}
	var v int
	var ok bool
	switch code.Name {
	case "ARO":
		v, ok = AverageOpponentRating(ratings)
	case "TPR":
		v, ok = PerformanceRating(score, ratings)
	default:
		v, ok = PerfectPerformance(score, ratings)
	}
	return Value{float64(v), ok}
}
