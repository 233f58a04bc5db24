package dutch

import (
	"fmt"
	"strings"
)

// field is one criterion's place in an edge weight.
type field struct {
	width uint
	name  string
}

// fields lists the criteria of an edge weight from the least significant
// up, as edgeWeight builds them.
func (l *layout) fields() []field {
	g, s := l.groupBits, l.groupsBits
	var f []field
	f = append(f, field{3*g + 1, "the order of transpositions and exchanges of the bracket (C.04.3 article 4)"})
	if l.played > 1 {
		f = append(f, field{s, "C21: the score differences of moved-down players' opponents who upfloated two rounds before"},
			field{s, "C20: the score differences of moved-down players who downfloated two rounds before"})
	}
	if l.played > 0 {
		f = append(f, field{s, "C19: the score differences of moved-down players' opponents who upfloated in the previous round"},
			field{s, "C18: the score differences of moved-down players who downfloated in the previous round"})
	}
	if l.played > 1 {
		f = append(f, field{g, "C17: moved-down players' opponents who upfloated two rounds before floating up again"},
			field{g, "C16: players who downfloated two rounds before floating down again"})
	}
	if l.played > 0 {
		f = append(f, field{g, "C15: moved-down players' opponents who upfloated in the previous round floating up again"},
			field{g, "C14: players who downfloated in the previous round floating down again"})
	}
	f = append(f,
		field{g, "C13: strong colour preferences granted"},
		field{g, "C12: colour preferences granted"},
		field{g, "C11: topscorers or their opponents getting the same colour three times in a row"},
		field{g, "C10: topscorers or their opponents getting a colour difference beyond ±2"},
		field{2 * g, "C9: the fewest unplayed games of the pairing-allocated bye assignee"},
		field{s, "C8: the following bracket (the scores of its downfloaters)"},
		field{g, "C8: the following bracket (its number of pairs)"},
		field{s, "C7: the lowest scores of the downfloaters"},
		field{g, "C6: the fewest downfloaters (the most pairs in the bracket)"},
		field{64, "C4/C5: completion of the round and the pairing-allocated bye"},
	)
	return f
}

// explainChoice says why a was paired with chosen rather than with the
// candidates listed before it (in the order of preference): for each, the
// best pairing of the round with a paired to that candidate is compared
// with the chosen one criterion by criterion.
func (e *engine) explainChoice(step string, a, chosen int, before []int) {
	if !e.opt.Explain {
		return
	}
	name := func(v int) string { return fmt.Sprintf("%d", e.sorted[v].StartNo) }
	e.notef("  %s: %s – %s", step, name(a), name(chosen))
	// The weights the bracket began with: the engine's later changes only
	// order the optimal pairings (article 4), they are no criterion.
	if e.view == nil {
		return
	}
	x := e.view.within
	x.retire(e)
	active := x.active()
	best, bestMate := x.forced(e, a, chosen)
	for _, c := range before {
		if c == chosen {
			break
		}
		alt, altMate := x.forced(e, a, c)
		if alt == nil {
			if why := e.whyIncompatible(a, c); why != "" {
				e.notef("    not %s: decided by the absolute criteria (%s)", name(c), why)
			} else {
				e.notef("    not %s: not his candidate once S1 and S2 are chosen (S1 players meet S2 players; C.04.3 article 4 transpositions and exchanges)", name(c))
			}
			continue
		}
		if best == nil {
			e.notef("    not %s: an equal choice coming later in the order", name(c))
			continue
		}
		e.notef("    not %s: %s", name(c), e.verdict(best, alt, bestMate, altMate, active))
	}
}

func (e *engine) names(vs []int) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%d(%s)", e.sorted[v].StartNo, e.sorted[v].score)
	}
	if len(vs) == 0 {
		return "none"
	}
	return b.String()
}
