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

// fields lists the fields of an edge weight that apply in this round, from
// the least significant up (the table criteria in reverse).
func (l *layout) fields() []field {
	var f []field
	for i := len(criteria) - 1; i >= 0; i-- {
		if l.widths[i] > 0 {
			f = append(f, field{l.widths[i], criteria[i].explain})
		}
	}
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
