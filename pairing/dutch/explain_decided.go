package dutch

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
)

// The deciding criterion of a choice is found by comparing the pairing the
// engine chose with the best pairing that makes the other choice (a
// downfloater paired inside his bracket, an S1 player given another
// opponent): both are totals of the engine's own edge weights, and the
// first criterion, from C4 down, on which the alternative scores lower is
// the one that decided. When they score the same on every criterion, the
// order in which C.04.3 article 4 generates the candidates decided.
//
// Limits, said plainly: the weights compared are those of the bracket's
// own step (its criteria, the next bracket's C8, and the completion of the
// round), as the rules decide bracket by bracket; where two alternatives
// lose the same on the most significant field, the one the matching finds
// names the criterion (C2 if it leaves an ineligible player for the bye,
// C5 if a higher score); the candidates listed for an S1 player are the
// engine's (they include other S1 players, for whom no criterion usually
// decides); and the line that announces the bye is general text, its
// deciding criterion being in the last bracket's notes.

// bracketView is what the explanation keeps of a bracket when its pairing
// begins: copies of the weights of the graph of the players still to pair
// (the engine changes the weights while it fixes the bracket's pairs), one
// as at the start of the bracket (for its downfloaters) and one whose
// players retire as their pairs are fixed (for each choice), and the
// players of the bracket. Both copies live from one bracket to the next,
// each with a matching.Matcher that re-optimises after the changes.
type bracketView struct {
	start, within *explainGraph
	members       map[int]bool // vertices of the bracket: moved-down players and residents
	chosen        matching.Weight
	mate          []int
}

// explainGraph is a copy of the engine's graph with its own Matcher.
type explainGraph struct {
	g       *matching.Graph
	m       *matching.Matcher
	retired []bool
}

func newExplainGraph(n, words int) (*explainGraph, error) {
	g, err := matching.NewGraph(n, words)
	if err != nil {
		return nil, err
	}
	return &explainGraph{g: g, m: matching.NewMatcher(g), retired: make([]bool, n)}, nil
}

// retire retires the vertices the engine no longer pairs.
func (x *explainGraph) retire(e *engine) {
	for v, a := range e.active {
		if !a && !x.retired[v] {
			x.m.Retire(v)
			x.retired[v] = true
		}
	}
}

// copyWeights copies the engine's weights among the vertices still to pair.
func (x *explainGraph) copyWeights(e *engine) {
	for j := 1; j < len(e.active); j++ {
		if !e.active[j] {
			continue
		}
		for i := 0; i < j; i++ {
			if !e.active[i] {
				continue
			}
			if w := e.g.Weight(i, j); !x.g.WeightIs(i, j, w) {
				x.g.SetWeight(i, j, w)
				x.m.Changed(i)
			}
		}
	}
}

func (x *explainGraph) active() []bool {
	a := make([]bool, len(x.retired))
	for v, r := range x.retired {
		a[v] = !r
	}
	return a
}

// best is the best pairing of the copy: its total weight and its mates.
func (x *explainGraph) best(e *engine) (matching.Weight, []int) {
	mate := x.m.Solve()
	return e.matchingWeight(x.g, mate), mate
}

// forced is the best pairing of the copy in which a and c are paired (a
// nil weight when they may not meet): the other edges at a and c are
// removed for one solve and put back.
func (x *explainGraph) forced(e *engine, a, c int) (matching.Weight, []int) {
	if x.retired[a] || x.retired[c] || x.g.Weight(a, c).IsZero() {
		return nil, nil
	}
	type edge struct {
		u, v int
		w    matching.Weight
	}
	var saved []edge
	zero := matching.NewWeight(x.g.Words())
	for v := range x.retired {
		if x.retired[v] || v == a || v == c {
			continue
		}
		for _, u := range [2]int{a, c} {
			if w := x.g.Weight(u, v); !w.IsZero() {
				saved = append(saved, edge{u, v, w})
				x.g.SetWeight(u, v, zero)
			}
		}
	}
	x.m.Changed(a)
	x.m.Changed(c)
	mate := x.m.Solve()
	total := e.matchingWeight(x.g, mate)
	for _, s := range saved {
		x.g.SetWeight(s.u, s.v, s.w)
	}
	x.m.Changed(a)
	x.m.Changed(c)
	return total, mate
}

// beginBracketExplanation brings the copies up to date as the bracket's
// pairing begins; members are the bracket's vertices (moved-down players
// first, then residents). It does nothing unless the explanation is asked
// for.
func (e *engine) beginBracketExplanation(members []int) {
	if !e.opt.Explain {
		return
	}
	if e.view == nil {
		n := len(e.sorted)
		start, err := newExplainGraph(n, e.lay.words)
		if err != nil {
			return
		}
		within, err := newExplainGraph(n, e.lay.words)
		if err != nil {
			return
		}
		e.view = &bracketView{start: start, within: within}
	}
	v := e.view
	for _, x := range []*explainGraph{v.start, v.within} {
		x.retire(e)
		x.copyWeights(e)
	}
	v.members = map[int]bool{}
	for _, m := range members {
		v.members[m] = true
	}
	v.chosen, v.mate = v.start.best(e)
}

// matchingWeight is the total weight of mate in g, one word wider than the
// layout so that sums cannot overflow.
func (e *engine) matchingWeight(g *matching.Graph, mate []int) matching.Weight {
	total := matching.NewWeight(e.lay.words + 1)
	for v, u := range mate {
		if u > v {
			x := matching.NewWeight(e.lay.words + 1)
			copy(x, g.Weight(v, u))
			total.Add(x)
		}
	}
	return total
}

// fieldCmp compares, as unsigned integers, the fields of weights a and b
// that begin at bit at and are width bits wide (bits past a weight's end
// read as zero): -1, 0 or +1 as a's is less than, equal to or greater
// than b's. The words are read from the most significant down.
func fieldCmp(a, b matching.Weight, at, width uint) int {
	words := (width + 63) / 64
	for i := int(words) - 1; i >= 0; i-- {
		x, y := bitsAt(a, at+uint(i)*64), bitsAt(b, at+uint(i)*64)
		if r := width % 64; r != 0 && i == int(words)-1 {
			x, y = x&(1<<r-1), y&(1<<r-1)
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// bitsAt returns the 64 bits of w that begin at bit pos.
func bitsAt(w matching.Weight, pos uint) uint64 {
	i, r := int(pos/64), pos%64
	var x uint64
	if i < len(w) {
		x = w[i] >> r
	}
	if r != 0 && i+1 < len(w) {
		x |= w[i+1] << (64 - r)
	}
	return x
}

// decidingField compares two totals criterion by criterion from the most
// significant: it returns the index (in layout.fields) of the first field
// on which they differ and the sign of chosen's field minus alt's; -1 when
// they agree on every field.
func (l *layout) decidingField(chosen, alt matching.Weight) (int, int) {
	fs := l.fields()
	starts := make([]uint, len(fs))
	at := uint(0)
	for i, f := range fs {
		starts[i] = at
		at += f.width
	}
	for i := len(fs) - 1; i >= 0; i-- {
		width := fs[i].width
		if i == len(fs)-1 {
			width = uint(max(chosen.BitLen(), alt.BitLen())) + 1 // the top field takes what is left
		}
		if d := fieldCmp(chosen, alt, starts[i], width); d != 0 {
			return i, d
		}
	}
	return -1, 0
}

// tieVerdict is said of an alternative as good as the chosen pairing on
// every criterion.
const tieVerdict = "no criterion decides (as good on C4–C21); the chosen pairing comes first in the order of C.04.3 article 4 (transpositions of S2, then exchanges)"

// verdict says what decided between the chosen pairing and an
// alternative: chosenMate and altMate are their matchings (vertex -> mate,
// -1 or itself when unpaired) among the active vertices.
func (e *engine) verdict(chosen, alt matching.Weight, chosenMate, altMate []int, active []bool) string {
	i, sign := e.lay.decidingField(chosen, alt)
	fs := e.lay.fields()
	switch {
	case i <= 0:
		return tieVerdict
	case sign < 0:
		return "the alternative scores better on " + fs[i].name + " (the engine's choice could not be explained)"
	case i == len(fs)-1:
		return "decided by " + e.completionName(chosenMate, altMate, active)
	}
	return "decided by " + fs[i].name
}

// completionName tells the completion criterion (C4) from the bye's
// (C2, C5), which share the most significant field of a weight.
func (e *engine) completionName(chosenMate, altMate []int, active []bool) string {
	pairs := func(m []int) int {
		k := 0
		for v, u := range m {
			if u > v {
				k++
			}
		}
		return k
	}
	if pc, pa := pairs(chosenMate), pairs(altMate); pc != pa {
		return fmt.Sprintf("C4: completion of the round (%d pairs could be made instead of %d)", pc, pa)
	}
	for v, u := range altMate {
		if (u < 0 || u == v) && active[v] {
			p := e.sorted[v]
			if !p.byeEligible {
				return fmt.Sprintf("C2: %d would be left for the pairing-allocated bye, and he may not get it (he had a pairing-allocated bye, a full-point bye or a forfeit win)", p.StartNo)
			}
			return fmt.Sprintf("C5: %d (score %s) would be left for the pairing-allocated bye; the bye goes to the lowest score possible (%s)", p.StartNo, p.score, e.byScore)
		}
	}
	return "C4/C5: completion of the round and the pairing-allocated bye"
}

// whyIncompatible names the absolute criterion that keeps a and c apart,
// or "" when they may meet.
func (e *engine) whyIncompatible(a, c int) string {
	p, q := e.sorted[a], e.sorted[c]
	for _, g := range p.Games {
		if g.Played && g.Opponent == q.index {
			return fmt.Sprintf("C1: %d and %d have already played each other", p.StartNo, q.StartNo)
		}
	}
	for _, o := range p.Forbidden {
		if o == q.index {
			return fmt.Sprintf("C1: %d and %d are a forbidden pairing (XXP/260)", p.StartNo, q.StartNo)
		}
	}
	for _, o := range q.Forbidden {
		if o == p.index {
			return fmt.Sprintf("C1: %d and %d are a forbidden pairing (XXP/260)", p.StartNo, q.StartNo)
		}
	}
	if !e.compatible(a, c) {
		return fmt.Sprintf("C3: %d and %d both have an absolute colour preference for %s and are not topscorers", p.StartNo, q.StartNo, colourName(p.preference))
	}
	return ""
}

func colourName(c pairing.Color) string {
	switch c {
	case pairing.White:
		return "white"
	case pairing.Black:
		return "black"
	}
	return "no colour"
}

// explainFloaters says, for every player who leaves the bracket unpaired
// (a downfloater, or the pairing-allocated bye when no bracket follows),
// which criterion made him float: the chosen pairing is compared with the
// best pairing of the round in which he is paired inside the bracket.
func (e *engine) explainFloaters(down []int, last bool) {
	if !e.opt.Explain || e.view == nil {
		return
	}
	v := e.view
	active := v.start.active()
	for _, d := range down {
		what := "floats down"
		if last {
			what = "is left without an opponent (the pairing-allocated bye)"
		}
		var best matching.Weight
		var bestMate []int
		var bars []string
		for m := range len(e.sorted) {
			if m == d || !v.members[m] || !active[m] {
				continue
			}
			w, mate := v.start.forced(e, d, m)
			if w == nil {
				if why := e.whyIncompatible(d, m); why != "" {
					bars = append(bars, why)
				}
				continue
			}
			if best == nil || w.Cmp(best) > 0 {
				best, bestMate = w, mate
			}
		}
		p := e.sorted[d]
		if best == nil {
			reason := "he is the only player of the bracket"
			if len(bars) > 0 {
				reason = strings.Join(bars, "; ")
			}
			e.notef("  %d %s: decided by the absolute criteria, no opponent in the bracket (%s)", p.StartNo, what, reason)
			continue
		}
		why := e.verdict(v.chosen, best, v.mate, bestMate, active)
		var instead []string
		for m := range len(e.sorted) {
			if v.members[m] && active[m] && m != d {
				if u := bestMate[m]; u < 0 || u == m || !v.members[u] {
					instead = append(instead, fmt.Sprint(e.sorted[m].StartNo))
				}
			}
		}
		alt := fmt.Sprintf("%d – %d", p.StartNo, e.sorted[bestMate[d]].StartNo)
		if len(instead) > 0 {
			alt += ", " + strings.Join(instead, " ") + " leaving the bracket instead"
		}
		e.notef("  %d %s: %s; the best pairing that keeps him in the bracket: %s", p.StartNo, what, why, alt)
	}
}
