package dutch

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/pairing/matching"
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
		f = append(f, field{s, "C21: scores of the opponents of upfloaters of two rounds before"},
			field{s, "C20: scores of repeated downfloaters of two rounds before"})
	}
	if l.played > 0 {
		f = append(f, field{s, "C19: scores of the opponents of upfloaters of the previous round"},
			field{s, "C18: scores of repeated downfloaters of the previous round"})
	}
	if l.played > 1 {
		f = append(f, field{g, "C17: upfloaters of two rounds before floating up again"},
			field{g, "C16: downfloaters of two rounds before floating down again"})
	}
	if l.played > 0 {
		f = append(f, field{g, "C15: upfloaters of the previous round floating up again"},
			field{g, "C14: downfloaters of the previous round floating down again"})
	}
	f = append(f,
		field{g, "C13: strong colour preferences"},
		field{g, "C12: colour preferences"},
		field{g, "C11: absolute colour preferences (same colour three times in a row)"},
		field{g, "C10: absolute colour imbalances"},
		field{2 * g, "C9: unplayed games of the pairing-allocated bye assignee"},
		field{s, "C8: scores paired in the next bracket"},
		field{g, "C8: pairs in the next bracket"},
		field{s, "C7: scores paired in the bracket (the fewest and lowest downfloaters)"},
		field{g, "C6: the number of pairs in the bracket"},
		field{64, "C4/C5: completion of the round and the bye assignee's eligibility"},
	)
	return f
}

// criterionAt names the criterion holding bit b of a weight.
func (l *layout) criterionAt(b int) string {
	at := 0
	for _, f := range l.fields() {
		if b < at+int(f.width) {
			return f.name
		}
		at += int(f.width)
	}
	return "completion of the round"
}

// forcedWeight is the best total weight of the round's remaining matching
// when a and c are paired (nil if they cannot be).
func (e *engine) forcedWeight(a, c int) matching.Weight {
	w := e.g.Weight(a, c)
	if w.IsZero() {
		return nil
	}
	total := matching.NewWeight(e.lay.words + 1)
	copy(total, w)
	active := append([]bool(nil), e.active...)
	active[a], active[c] = false, false
	mate := e.g.MaxWeightMatchingAmong(active)
	for v, u := range mate {
		if u > v {
			x := matching.NewWeight(e.lay.words + 1)
			copy(x, e.g.Weight(v, u))
			total.Add(x)
		}
	}
	return total
}

// explainChoice says why a was paired with chosen rather than with the
// candidates listed before it (in the order of preference).
func (e *engine) explainChoice(step string, a, chosen int, before []int) {
	if !e.opt.Explain {
		return
	}
	name := func(v int) string { return fmt.Sprintf("%d", e.sorted[v].StartNo) }
	e.notef("  %s: %s – %s", step, name(a), name(chosen))
	best := e.forcedWeight(a, chosen)
	for _, c := range before {
		if c == chosen {
			break
		}
		alt := e.forcedWeight(a, c)
		if alt == nil {
			e.notef("    not %s: they may not meet (C1–C3: already played, forbidden, or both have the same absolute colour preference)", name(c))
			continue
		}
		if best == nil || best.Cmp(alt) < 0 {
			e.notef("    not %s: an equal choice coming later in the order", name(c))
			continue
		}
		diff := best.Clone()
		diff.Sub(alt)
		if diff.IsZero() {
			e.notef("    not %s: as good, but later in the order of transpositions", name(c))
			continue
		}
		e.notef("    not %s: the round would be worse on %s", name(c), e.lay.criterionAt(diff.BitLen()-1))
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
