package dutch

import (
	"github.com/hakem-chess/hakem/pairing"
)

// Float is the direction a player floated in a past round.
type Float int8

// The float directions.
const (
	FloatNone Float = iota
	FloatDown
	FloatUp
)

// entrant is a player to be paired in this round, with what the Dutch
// rules read from his history.
type entrant struct {
	index int // in Tournament.Players
	*pairing.Player
	rank int // effective pairing number, 0-based

	score       pairing.Score // with acceleration
	imbalance   int           // |whites - blacks| over played games
	preference  pairing.Color
	repeated    pairing.Color // colour of the last two (or more) played games in a row, else NoColor
	strong      bool          // strong (not absolute) preference
	playedGames int
	byeEligible bool
	floats      [3]Float // floats[1]: last round, floats[2]: the one before
	counter              // his score group's counter in the fields of counters (counters.go)
	colours     []pairing.Color
}

func (e *entrant) absoluteImbalance() bool { return e.imbalance > 1 }
func (e *entrant) absolute() bool          { return e.imbalance > 1 || e.repeated != pairing.NoColor }

// scoreBack returns the player's score (with acceleration) before the last
// `back` rounds.
func scoreBack(t *pairing.Tournament, p *pairing.Player, back int) pairing.Score {
	s := p.Score
	played := t.Round - 1
	r := played
	for i := 0; i < back && r > 0; i++ {
		r--
		s -= t.GamePoints(p.Games[r]) + p.Adjustment(r+1)
	}
	return s + p.Acceleration(r+1)
}

func newEntrant(t *pairing.Tournament, i, rank int) *entrant {
	p := &t.Players[i]
	e := &entrant{index: i, Player: p, rank: rank, score: scoreBack(t, p, 0)}
	whites, blacks, run := 0, 0, 0
	last := pairing.NoColor
	for _, g := range p.Games {
		if !g.Played {
			continue
		}
		if g.Color == pairing.White {
			whites++
		} else {
			blacks++
		}
		if run == 0 || g.Color != last {
			run = 1
		} else {
			run++
		}
		last = g.Color
		e.colours = append(e.colours, g.Color)
	}
	lower := pairing.White
	if whites > blacks {
		lower = pairing.Black
		e.imbalance = whites - blacks
	} else {
		e.imbalance = blacks - whites
	}
	switch {
	case e.imbalance > 1:
		e.preference = lower
	case run > 1:
		e.preference = last.Opposite()
	case e.imbalance > 0:
		e.preference = lower
	case run > 0:
		e.preference = last.Opposite()
	}
	if run > 1 {
		e.repeated = last
	}
	e.strong = !e.absolute() && e.imbalance > 0
	e.playedGames = len(e.colours)
	e.byeEligible = true
	for _, g := range p.Games {
		// C2: never a second pairing-allocated bye, whatever it is worth
		// (162 P may make it less than a win), nor one after a round
		// scored as a win without playing.
		if g.PairingAllocatedBye() || (!g.Played && t.GamePoints(g) >= t.Points.Win) {
			e.byeEligible = false
		}
	}
	return e
}

// computeFloats fills the float history of every entrant (it needs the
// other players' past scores).
func computeFloats(t *pairing.Tournament, all []*pairing.Player, e *entrant) {
	played := t.Round - 1
	for back := 1; back <= 2 && back <= played; back++ {
		g := e.Games[played-back]
		if !g.Played && t.GamePoints(g) > t.Points.Loss {
			e.floats[back] = FloatDown
			continue
		}
		if !g.Played {
			continue // a forfeit or a bye without points floats nobody (C.04.3 1.4.2)
		}
		own := scoreBack(t, e.Player, back)
		opp := own
		if g.Opponent >= 0 {
			opp = scoreBack(t, all[g.Opponent], back)
		}
		switch {
		case own > opp:
			e.floats[back] = FloatDown
		case own < opp:
			e.floats[back] = FloatUp
		}
	}
}
