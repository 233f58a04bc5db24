package ratings

import "fmt"

// Kind is what happened to a player in one round.
type Kind uint8

// The kinds of a round's result. Win, Draw and Loss are games played over
// the board; the others are unplayed.
const (
	// Absent: no result at all in the round (not paired, withdrawn).
	Absent Kind = iota
	Win
	Draw
	Loss
	// ForfeitWin and ForfeitLoss: paired, the game not played.
	ForfeitWin
	ForfeitLoss
	// PairingBye is the pairing-allocated bye (PAB, TRF 'U').
	PairingBye
	// HalfBye, FullBye and ZeroBye are byes without opponent (TRF 'H',
	// 'F', 'Z'), usually requested.
	HalfBye
	FullBye
	ZeroBye
)

var kindNames = [...]string{"absent", "win", "draw", "loss", "forfeit win", "forfeit loss", "pairing-allocated bye", "half-point bye", "full-point bye", "zero-point bye"}

// String names the kind in an arbiter's words.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Played says the game was played over the board.
func (k Kind) Played() bool { return k == Win || k == Draw || k == Loss }

// voluntarilyUnplayed says the round counts as voluntarily unplayed (a VUR
// of C.07): a forfeit loss, a half- or zero-point bye, or absence. A forfeit
// win, a full-point bye and the pairing-allocated bye are not.
func (k Kind) voluntarilyUnplayed() bool {
	return k == ForfeitLoss || k == HalfBye || k == ZeroBye || k == Absent
}

// Color is the colour a player had in a round.
type Color uint8

// The colours; NoColor for byes and absences.
const (
	NoColor Color = iota
	White
	Black
)

// PointSystem gives the points each kind of round scores.
type PointSystem struct {
	Win, Draw, Loss           float64
	ForfeitWin, ForfeitLoss   float64
	PairingBye                float64
	HalfBye, FullBye, ZeroBye float64
	Absent                    float64
}

// StandardPoints is 1 – ½ – 0, with a point for the pairing-allocated bye
// and for a forfeit win.
var StandardPoints = PointSystem{Win: 1, Draw: 0.5, ForfeitWin: 1, PairingBye: 1, HalfBye: 0.5, FullBye: 1}

// Points returns the points a round of kind k scores.
func (ps PointSystem) Points(k Kind) float64 {
	switch k {
	case Win:
		return ps.Win
	case Draw:
		return ps.Draw
	case Loss:
		return ps.Loss
	case ForfeitWin:
		return ps.ForfeitWin
	case ForfeitLoss:
		return ps.ForfeitLoss
	case PairingBye:
		return ps.PairingBye
	case HalfBye:
		return ps.HalfBye
	case FullBye:
		return ps.FullBye
	case ZeroBye:
		return ps.ZeroBye
	}
	return ps.Absent
}

// Round is one player's round: the opponent's start number (0 for byes and
// absences), the colour and what happened. Unrated marks a game played but
// not to be rated (TRF 'W', 'D', 'L').
type Round struct {
	Opponent int
	Color    Color
	Kind     Kind
	Unrated  bool
}

// Entrant is a player of a tournament as the tie-breaks see him.
type Entrant struct {
	// No is the start number (pairing number), 1-based.
	No int
	// Rating is the rating at the start (0: unrated).
	Rating int
	// Rounds holds rounds 1.. in order; missing rounds count as absent.
	Rounds []Round
}

// Tournament is a finished (or partly played) Swiss tournament.
type Tournament struct {
	// Rounds is the number of rounds played so far (the tie-breaks are
	// computed after this round).
	Rounds int
	// Points is the point system; the zero value means StandardPoints.
	Points PointSystem
	// Entrants are in start-number order: Entrants[i].No == i+1.
	Entrants []Entrant
}

// Check reports the first inconsistency: start numbers out of order, an
// opponent that does not exist or plays himself, or two players whose
// rounds disagree (A met B but B did not meet A, or same colours).
func (t *Tournament) Check() error {
	if t.Rounds < 0 {
		return fmt.Errorf("ratings: %d rounds", t.Rounds)
	}
	n := len(t.Entrants)
	for i, e := range t.Entrants {
		if e.No != i+1 {
			return fmt.Errorf("ratings: entrant %d has start number %d", i+1, e.No)
		}
		for r, rd := range e.Rounds {
			if rd.Kind > ZeroBye {
				return fmt.Errorf("ratings: player %d round %d: unknown result kind %d", e.No, r+1, rd.Kind)
			}
			hasOpp := rd.Kind == Win || rd.Kind == Draw || rd.Kind == Loss || rd.Kind == ForfeitWin || rd.Kind == ForfeitLoss
			if !hasOpp {
				if rd.Opponent != 0 {
					return fmt.Errorf("ratings: player %d round %d: %v with opponent %d", e.No, r+1, rd.Kind, rd.Opponent)
				}
				continue
			}
			if rd.Opponent < 1 || rd.Opponent > n || rd.Opponent == e.No {
				return fmt.Errorf("ratings: player %d round %d: opponent %d does not exist", e.No, r+1, rd.Opponent)
			}
			o := t.Entrants[rd.Opponent-1]
			if r >= len(o.Rounds) || o.Rounds[r].Opponent != e.No {
				return fmt.Errorf("ratings: player %d round %d: opponent %d does not list the game", e.No, r+1, rd.Opponent)
			}
			if rd.Kind.Played() != o.Rounds[r].Kind.Played() {
				return fmt.Errorf("ratings: player %d round %d: played for one side only (%v against %v)", e.No, r+1, rd.Kind, o.Rounds[r].Kind)
			}
		}
	}
	return nil
}

// points returns the tournament's point system (StandardPoints if unset).
func (t *Tournament) points() PointSystem {
	if t.Points == (PointSystem{}) {
		return StandardPoints
	}
	return t.Points
}
