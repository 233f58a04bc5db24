package dutch

import "github.com/hakem-chess/hakem/pairing"

// The natural pairing of a round without history.
//
// When no player to pair has any history that a criterion reads — one
// score for all, no game played (so no colour difference, no colour in a
// row, no colour preference), no float, no forbidden pair, every one
// eligible for the pairing-allocated bye — the round is one bracket and
// every criterion weighs every pair alike: C1 and C3 forbid nothing (no
// two players have met, no preference is absolute), C4/C5 and C9 are
// the same for every player (one score, bye eligible, no game played),
// C6 and C7 count the pair in the one score group, C8 has no next
// bracket, C10–C13 compare preferences all of which are none, and
// C14–C21 read floats, of which there are none. Every pairing of the
// most pairs is then optimal, and the first of article 4's order is the
// one chosen: S1 the first ⌊n/2⌋ players, S2 the rest, no exchange
// (exchanges come after the untouched S1), no transposition (S1[i]
// against S2[i] is the first arrangement of S2), and with an odd number
// the last player of S2, the lowest, left over for the
// pairing-allocated bye (C5 and C9 being the same for all, the
// downfloater of the bracket is the one article 4 leaves unpaired). The
// engine reaches the same pairing through its matchings (moved-down
// players: none; S1: the first players matched to lower ones; each S1
// player's opponent: the highest S2 player that keeps the round
// optimal, which with every pair alike is the next one), at a cost
// cubic in the number of players, where this is linear: round 1 of
// 10,000 players is this case. TestNaturalPairing pairs such rounds both
// ways, at many sizes.

// naturalPath lets the tests turn the natural pairing off, to compare
// with the matchings.
var naturalPath = true

// withoutHistory reports whether the round is one without history, as
// described above. The explanation is left to the matchings, which
// explain each choice.
func (e *engine) withoutHistory() bool {
	if !naturalPath || e.opt.Explain {
		return false
	}
	top := e.sorted[0].score
	for v, p := range e.sorted {
		if p.score != top || p.playedGames != 0 || len(p.colours) != 0 || p.preference != pairing.NoColor || p.imbalance != 0 ||
			p.repeated != pairing.NoColor || p.strong || !p.byeEligible || p.floats != [3]Float{} || len(e.forbid[v]) != 0 {
			return false
		}
	}
	return true
}

// natural returns the natural pairing of a round without history, as run
// does: by vertex, its mate, or -1 for the pairing-allocated bye.
func (e *engine) natural() []int {
	n := len(e.sorted)
	half := n / 2
	mate := make([]int, n)
	for i := 0; i < half; i++ {
		mate[i], mate[half+i] = half+i, i
	}
	if n%2 == 1 {
		mate[n-1] = -1
	}
	return mate
}
