package pairing

// Score is a number of points in tenths of a point (a win of the FIDE
// point system is 10), so that any point system of the TRF is exact.
type Score int

// String writes the score with one decimal, as TRF files do.
func (s Score) String() string {
	neg := s < 0
	if neg {
		s = -s
	}
	out := itoa(int(s/10)) + "." + string(rune('0'+s%10))
	if neg {
		return "-" + out
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// Color is the colour of a player in a game.
type Color int8

// The colours; NoColor for a round without a game.
const (
	NoColor Color = iota
	White
	Black
)

// Opposite returns the other colour (NoColor stays NoColor).
func (c Color) Opposite() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// String returns "white", "black" or "none".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Outcome is what a round brought a player, independent of the point system.
type Outcome int8

// The outcomes of a round.
const (
	Loss Outcome = iota
	Draw
	Win
)

// Game is one round of a player's history.
type Game struct {
	Opponent int     // index in Tournament.Players of the opponent, -1 for none (bye, absence)
	Color    Color   // colour over the board; NoColor when no game was played
	Outcome  Outcome // win (including forfeit wins and full-point byes), draw (including half-point byes) or loss
	Played   bool    // the game was played over the board (forfeits and byes are not)
	Paired   bool    // the player took part in the round's pairing: he had an opponent or the pairing-allocated bye
}

// PairingAllocatedBye reports whether the round was a pairing-allocated bye.
func (g Game) PairingAllocatedBye() bool { return g.Opponent == -1 && g.Paired }

// Player is a player of a Tournament with his history.
type Player struct {
	StartNo       int     // pairing number (start rank)
	Name          string  // as in the file
	Rating        int     // never used to pair
	Games         []Game  // one per completed round, round 1 first
	Score         Score   // points from Games and Adjustments (without acceleration)
	Accelerations []Score // fictitious points by round (index 0 = round 1); missing rounds have none
	// Adjustments are points assigned apart from the games (TRF-26 299
	// with a blank type: an arbiter's penalty or bonus, e.g. FIDE Laws
	// 2023 12.9.4, 12.9.5), by round: index r holds those of round r,
	// index 0 those of no round. They count in Score, so in the score
	// groups, like the points of a game.
	Adjustments []Score
	Absent      bool  // not to be paired in the round being paired (bye requested, withdrawn)
	Forbidden   []int // indices of players he may not be paired with this round (besides past opponents)
}

// PointSystem gives the points of each outcome, in tenths.
type PointSystem struct {
	Win                 Score // over the board, forfeit win, full-point bye
	Draw                Score // over the board, half-point bye
	Loss                Score // over the board
	ZeroPointBye        Score // absence, zero-point bye
	ForfeitLoss         Score // forfeit loss
	PairingAllocatedBye Score // the pairing-allocated bye
	// Exact, when not nil, gives the results a file may score apart from
	// Win, Draw and Loss (XXS: by colour, forfeit win, full- and
	// half-point bye); nil scores them as Win, Draw and Loss.
	Exact *ExactPoints
}

// ExactPoints are the points of the results that XXS may set apart.
type ExactPoints struct {
	BlackWin, BlackDraw, BlackLoss         Score // over the board with black (Win, Draw, Loss are with white)
	ForfeitWin, FullPointBye, HalfPointBye Score
}

// FIDEPoints is the point system of the FIDE rules: 1, ½, 0.
var FIDEPoints = PointSystem{Win: 10, Draw: 5, PairingAllocatedBye: 10}

// Tournament is a Swiss tournament as the pairing of its next round sees it.
type Tournament struct {
	Players      []Player // in pairing-number order
	Round        int      // the round to pair, 1-based; every player has Round-1 Games
	TotalRounds  int      // planned number of rounds (the last-round rules need it)
	InitialColor Color    // colour of the top player in round 1 (NoColor: white)
	Points       PointSystem
}

// GamePoints returns what game g scored for its player under the
// tournament's point system.
func (t *Tournament) GamePoints(g Game) Score {
	if x := t.Points.Exact; x != nil && !g.PairingAllocatedBye() {
		return t.exactPoints(g, x)
	}
	switch g.Outcome {
	case Win:
		if g.PairingAllocatedBye() {
			return t.Points.PairingAllocatedBye
		}
		return t.Points.Win
	case Draw:
		return t.Points.Draw
	}
	if !g.Paired {
		return t.Points.ZeroPointBye
	}
	if g.Played {
		return t.Points.Loss
	}
	return t.Points.ForfeitLoss
}

// Adjustment returns the points assigned to player p apart from the games
// in round r (1-based; 0: those of no round).
func (p *Player) Adjustment(r int) Score {
	if r < 0 || r >= len(p.Adjustments) {
		return 0
	}
	return p.Adjustments[r]
}

// adjustmentsBefore is the sum of p's adjustments of no round and of the
// rounds before round r.
func (p *Player) adjustmentsBefore(r int) Score {
	s := Score(0)
	for i, a := range p.Adjustments {
		if i < r {
			s += a
		}
	}
	return s
}

// Acceleration returns player p's fictitious points for round r (1-based).
func (p *Player) Acceleration(r int) Score {
	if r < 1 || r > len(p.Accelerations) {
		return 0
	}
	return p.Accelerations[r-1]
}

// Board is one pairing of a round: White and Black are start numbers. A
// pairing-allocated bye is a Board with Black == 0.
type Board struct {
	White, Black int
}

func (t *Tournament) exactPoints(g Game, x *ExactPoints) Score {
	black := g.Played && g.Color == Black
	switch g.Outcome {
	case Win:
		switch {
		case g.Played && black:
			return x.BlackWin
		case g.Played:
			return t.Points.Win
		case g.Opponent >= 0:
			return x.ForfeitWin
		}
		return x.FullPointBye
	case Draw:
		switch {
		case black:
			return x.BlackDraw
		case g.Played || g.Opponent >= 0:
			return t.Points.Draw
		}
		return x.HalfPointBye
	}
	switch {
	case !g.Paired:
		return t.Points.ZeroPointBye
	case black:
		return x.BlackLoss
	case g.Played:
		return t.Points.Loss
	}
	return t.Points.ForfeitLoss
}
