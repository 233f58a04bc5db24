package dutch

import (
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
)

// compute runs the matching and returns, for every player's vertex, its
// mate or itself when unmatched (or matched to the bye vertex). Pairs
// already fixed are left out of the matching (their vertices have no other
// edge). The mates are written over those of the previous call.
func (e *engine) compute() []int {
	e.mate = e.matcher.SolveInto(e.mate)
	return e.players(e.mate)
}

// players turns the matcher's mates (-1 when unmatched, the bye vertex
// len(e.sorted)) into compute's.
func (e *engine) players(mate []int) []int {
	n := len(e.sorted)
	for v, u := range mate[:n] {
		switch {
		case e.fixed[v] >= 0:
			mate[v] = e.fixed[v]
		case u < 0 || u == n:
			mate[v] = v
		}
	}
	return mate[:n]
}

// byeMatching is the first matching of an odd field, the one that finds
// the score of the bye assignee (C5: the lowest score with which the rest
// of the round can be paired, C2: a player eligible for the bye). The bye
// vertex is joined to the eligible players of the lowest score group, and
// the groups above it are added one at a time until the matching is
// perfect: the bye assignee is then the player paired with the bye vertex,
// whose score is the lowest possible. The players' edges carry the top
// field (C4: the most pairs, the ineligible players paired) and, last,
// whether the pair is one of the top score group. (firstMatching calls it
// only where byeGroup, which finds the same score without weights, leaves
// the answer to it.) When no group gives a
// perfect matching, the last matching leaves more than one player unpaired
// (or an ineligible one) and the round cannot be paired.
func (e *engine) byeMatching() []int {
	l := &e.lay
	n := len(e.sorted)
	c := matching.NewWeight(l.words)
	c.AddShifted(1, l.groupsBits+l.groupBits)
	zero := matching.NewWeight(l.words)
	var mate []int
	for hi := n - 1; hi >= 0; {
		lo := hi // the group is lo..hi, from the bottom of the order up
		for lo > 0 && e.sorted[lo-1].score == e.sorted[hi].score {
			lo--
		}
		for v := lo; v <= hi; v++ {
			if e.sorted[v].byeEligible {
				e.set(v, n, c)
			} else {
				e.set(v, n, zero)
			}
		}
		e.mate = e.matcher.SolveInto(e.mate)
		mate = e.mate
		perfect := mate[n] >= 0
		for v := 0; v < n && perfect; v++ {
			perfect = mate[v] >= 0
		}
		if perfect {
			break
		}
		hi = lo - 1
	}
	return e.players(mate)
}

// setByeEdges joins the bye vertex (vertex len(e.sorted), present when the
// field is odd) to every player that may take the bye (candidate), each
// edge worth one unit of the top field of a weight whose top field starts
// at bit top. Every optimal pairing leaves one bye candidate unpaired, and
// pairing it with the bye vertex adds the same weight whoever it is: the
// optimal pairings are those without the vertex, each with one more edge.
// The matching is then a perfect one, whose re-optimisations after a
// change stay near the change instead of moving the unmatched player's
// dual (which must fall to zero) across the graph.
func (e *engine) setByeEdges(top uint, candidate func(*entrant) bool) {
	n := len(e.sorted)
	if n%2 == 0 {
		return
	}
	c := matching.NewWeight(e.lay.words)
	c.AddShifted(1, top)
	zero := matching.NewWeight(e.lay.words)
	for v, p := range e.sorted {
		if candidate(p) {
			e.set(v, n, c)
		} else {
			e.set(v, n, zero)
		}
	}
}

// set changes the weight of edge u-v; the matching re-optimises around u.
func (e *engine) set(u, v int, w matching.Weight) {
	if e.g.WeightIs(u, v, w) {
		return
	}
	e.g.SetWeight(u, v, w)
	e.matcher.Changed(u)
}

// finalize fixes the pair u-v: neither takes part in later matchings.
func (e *engine) finalize(u, v int) {
	e.fixed[u], e.fixed[v] = v, u
	e.active[u], e.active[v] = false, false
	e.matcher.Retire(u)
	e.matcher.Retire(v)
}

func (e *engine) run() ([]int, error) {
	n := len(e.sorted)
	e.setupLayout()
	l := &e.lay
	odd := n%2 == 1
	vertices := n // the players, and the bye vertex when the field is odd
	if odd {
		vertices++
	}
	g, m, err := e.opt.Memory.matcher(vertices, l.words)
	if err != nil {
		return nil, err
	}
	e.g, e.matcher = g, m
	e.fixed = make([]int, vertices)
	e.active = make([]bool, n)
	for v := range e.fixed {
		e.fixed[v] = -1
	}
	for v := range e.active {
		e.active[v] = true
	}
	top := e.sorted[0].score
	scratch := matching.NewWeight(l.words) // a weight on its way to e.set
	addend := matching.NewWeight(l.words)
	if err := e.firstMatching(scratch); err != nil {
		return nil, err
	}

	var weights *bracketWeights // the last bracket's, whose memory the next one takes
	if e.opt.Memory != nil {
		weights = e.opt.Memory.weights
	}
	final := make([]int, n) // vertex -> mate, -1 until paired
	for i := range final {
		final[i] = -1
	}
	matched := make([]bool, n)
	// vertex lists the bracket by position: its moved-down players, its
	// score group, then the next score group.
	var vertex []int
	next := 0 // next vertex not yet in a bracket
	for next < n && e.sorted[next].score >= top {
		vertex = append(vertex, next)
		next++
	}
	groupBegin := 0       // number of moved-down players in the bracket
	groupBeginVertex := 0 // first vertex of the bracket's own score group
	for len(vertex) > 1 || next < n {
		nextBegin := len(vertex)
		nextBeginVertex := groupBeginVertex + (nextBegin - groupBegin)
		groupStart := next
		for next < n && e.sorted[next].score >= e.sorted[groupStart].score {
			vertex = append(vertex, vertex[len(vertex)-1]+1)
			next++
		}
		size := len(vertex)
		if !e.assignCounters(vertex, groupBegin) {
			return nil, errWiden
		}
		// base.at(lo, hi) for lo >= groupBegin, hi < lo; in the memory
		// of the bracket before (or of the round before)
		base := weights.reset(l.words, size)
		weights = base
		if e.opt.Memory != nil {
			e.opt.Memory.weights = base
		}
		for lo := groupBegin; lo < size; lo++ {
			base.addRow(lo)
			for hi := 0; hi < lo; hi++ {
				w := e.edgeWeight(scratch, vertex[hi], vertex[lo], lo < nextBegin, lo >= nextBegin)
				base.put(lo, hi, w)
				e.set(vertex[hi], vertex[lo], w)
			}
		}
		inGroup := func(v int) bool { return v >= groupBeginVertex && v < nextBeginVertex }
		if e.opt.Explain {
			e.notef("Bracket of score %s: residents %s; moved-down players %s", e.sorted[vertex[groupBegin]].score,
				e.names(vertex[groupBegin:nextBegin]), e.names(vertex[:groupBegin]))
			e.beginBracketExplanation(vertex[:nextBegin])
		}
		// exchangeWeight is base with the preferences for few exchanges and
		// small differences of the exchanged BSNs.
		// It is written into one scratch weight, which e.set copies.
		exchangeWeight := func(hi, lo, hiIndex, pairs int) matching.Weight {
			r := scratch
			r.Set(base.at(lo, hi))
			if r.IsZero() {
				return r
			}
			if hiIndex < pairs {
				add := addend
				add.Clear()
				add.AddSmall(1)
				add.Lsh(2 * l.groupBits)
				add.SubSmall(uint64(hiIndex))
				add.Lsh(1)
				r.Add(add)
			} else {
				r.SubSmall(2 * uint64(hiIndex))
			}
			return r
		}
		e.matcher.Distant(vertex[size-1] + 1)
		stable := e.compute()

		// Moved-down players to pair in this bracket.
		var mdScore pairing.Score
		remaining, remainingMatched := 0, 0
		for pi := 0; pi < groupBegin; pi++ {
			if pi == 0 || e.sorted[vertex[pi]].score < mdScore {
				mdScore = e.sorted[vertex[pi]].score
				remaining, remainingMatched = 0, 0
				for mi := pi; mi < size && e.sorted[vertex[mi]].score >= mdScore; mi++ {
					remaining++
					if inGroup(stable[vertex[mi]]) {
						remainingMatched++
					}
				}
			}
			if remainingMatched == 0 {
				continue
			}
			pv := vertex[pi]
			if remaining <= remainingMatched {
				matched[pv] = true
				continue
			}
			remaining--
			if !inGroup(stable[pv]) {
				for oi := groupBegin; oi < nextBegin; oi++ {
					w := scratch
					w.Set(base.at(oi, pi))
					if !w.IsZero() {
						w.OrSmall(1)
						e.set(pv, vertex[oi], w)
					}
				}
				stable = e.compute()
			}
			if inGroup(stable[pv]) {
				matched[pv] = true
				remainingMatched--
				for oi := groupBegin; oi < nextBegin; oi++ {
					w := scratch
					w.Set(base.at(oi, pi))
					if !w.IsZero() {
						w.OrSmall(uint64(nextBegin - groupBegin))
						w.AddSmall(1)
						e.set(pv, vertex[oi], w)
					}
				}
			}
		}
		// Their opponents.
		for pi := 0; pi < groupBegin; pi++ {
			pv := vertex[pi]
			if !matched[pv] {
				continue
			}
			add := uint64(size)
			for oi := nextBegin - 1; oi >= groupBegin; oi-- {
				ov := vertex[oi]
				if matched[ov] {
					continue
				}
				w := scratch
				w.Set(base.at(oi, pi))
				if !w.IsZero() {
					w.AddSmall(add)
					e.set(pv, ov, w)
					add++
				}
			}
			stable = e.compute()
			mv := stable[pv]
			matched[mv] = true
			if e.opt.Explain {
				var cands []int
				for oi := groupBegin; oi < nextBegin; oi++ {
					if ov := vertex[oi]; !matched[ov] || ov == mv {
						cands = append(cands, ov)
					}
				}
				e.explainChoice("moved-down player paired with the highest resident that keeps the round optimal", pv, mv, cands)
			}
			e.finalize(pv, mv)
		}

		// The remainder: S1 are its first `pairs` players.
		var rem []int
		pairs := 0
		for pi := groupBegin; pi < nextBegin; pi++ {
			pv := vertex[pi]
			if stable[pv] < groupBeginVertex {
				continue
			}
			rem = append(rem, pi)
			if stable[pv] < pv {
				pairs++
			}
		}
		for oi := range rem {
			for pi := 0; pi < oi; pi++ {
				e.set(vertex[rem[pi]], vertex[rem[oi]], exchangeWeight(rem[pi], rem[oi], pi, pairs))
			}
		}
		stable = e.compute()
		exchanges := 0
		for ri := 0; ri < pairs; ri++ {
			pv := vertex[rem[ri]]
			if stable[pv] <= pv || stable[pv] >= nextBeginVertex {
				exchanges++
			}
		}
		forward := func(v int) bool { return stable[v] > v && stable[v] < nextBeginVertex }
		// Lowest players of S1 to give away.
		left := exchanges
		for ri := pairs - 1; ri >= 0 && left > 0; ri-- {
			pv := vertex[rem[ri]]
			if forward(pv) {
				for oi := ri + 1; oi < len(rem); oi++ {
					w := exchangeWeight(rem[ri], rem[oi], ri, pairs)
					if !w.IsZero() {
						w.SubSmall(1)
						e.set(pv, vertex[rem[oi]], w)
					}
				}
				stable = e.compute()
			}
			exchange := !forward(pv)
			if exchange {
				left--
			}
			for oi := ri + 1; oi < len(rem); oi++ {
				if exchange {
					base.clear(rem[oi], rem[ri])
				}
				e.set(pv, vertex[rem[oi]], exchangeWeight(rem[ri], rem[oi], ri, pairs))
			}
		}
		// Highest players of S2 to take in.
		left = exchanges
		for ri := pairs; ri < len(rem) && left > 1; ri++ {
			pv := vertex[rem[ri]]
			already := forward(pv)
			if !already {
				for oi := ri + 1; oi < len(rem); oi++ {
					w := exchangeWeight(rem[ri], rem[oi], ri, pairs)
					if !w.IsZero() {
						w.AddSmall(1)
						e.set(pv, vertex[rem[oi]], w)
					}
				}
				stable = e.compute()
			}
			if forward(pv) {
				left--
				for oi := 0; oi < ri; oi++ {
					base.clear(rem[ri], rem[oi])
					e.set(pv, vertex[rem[oi]], base.at(rem[ri], rem[oi]))
				}
				for oi := nextBegin; oi < size; oi++ {
					base.clear(oi, rem[ri])
					e.set(pv, vertex[oi], base.at(oi, rem[ri]))
				}
			}
			if !already {
				for oi := ri + 1; oi < len(rem); oi++ {
					e.set(pv, vertex[rem[oi]], exchangeWeight(rem[ri], rem[oi], ri, pairs))
				}
			}
		}
		// Fix who is in S1 and who in S2.
		for ri := range rem {
			pv := vertex[rem[ri]]
			for oi := ri + 1; oi < len(rem); oi++ {
				ov := vertex[rem[oi]]
				if !forward(pv) || forward(ov) {
					base.clear(rem[oi], rem[ri])
				}
				e.set(pv, ov, base.at(rem[oi], rem[ri]))
			}
		}
		if e.opt.Explain && len(rem) > 0 {
			var s1, s2 []int
			for _, pi := range rem {
				if forward(vertex[pi]) {
					s1 = append(s1, vertex[pi])
				} else {
					s2 = append(s2, vertex[pi])
				}
			}
			e.notef("  remainder: S1 %s; S2 %s (%d exchange(s) between S1 and S2)", e.names(s1), e.names(s2), exchanges)
		}
		// S1 players' opponents, in order.
		for _, pi := range rem {
			pv := vertex[pi]
			if !forward(pv) {
				continue
			}
			add := uint64(0)
			for oi := len(rem) - 1; oi >= 0; oi-- {
				ov := vertex[rem[oi]]
				if rem[oi] <= pi || matched[ov] {
					continue
				}
				w := scratch
				w.Set(base.at(rem[oi], pi))
				if !w.IsZero() {
					w.AddSmall(add)
					e.set(pv, ov, w)
				}
				add++
			}
			stable = e.compute()
			mv := stable[pv]
			matched[pv], matched[mv] = true, true
			if e.opt.Explain {
				var cands []int
				for _, oi := range rem {
					if ov := vertex[oi]; oi > pi && (!matched[ov] || ov == mv) {
						cands = append(cands, ov)
					}
				}
				e.explainChoice("S1 player paired with the first S2 player that keeps the round optimal", pv, mv, cands)
			}
			e.finalize(pv, mv)
		}

		// The next bracket.
		var nb, nv []int
		groupBegin = 0
		e.single = odd && groupStart < n && e.byScore >= e.sorted[groupStart].score
		for pi := 0; pi < size; pi++ {
			pv := vertex[pi]
			if pi < nextBegin && matched[pv] {
				final[pv] = stable[pv]
				final[stable[pv]] = pv
				continue
			}
			nb = append(nb, pi)
			nv = append(nv, pv)
			if pi < nextBegin {
				groupBegin++
			}
			if e.single && e.sorted[stable[pv]].score < e.sorted[groupStart].score {
				e.single = false
			}
		}
		if e.opt.Explain {
			var down []int
			for i, pi := range nb {
				if pi < nextBegin {
					down = append(down, nv[i])
				}
			}
			if len(down) > 0 {
				e.notef("  floating down to the next bracket: %s", e.names(down))
			}
			e.explainFloaters(down, groupStart >= n)
		}
		vertex = nv
		groupBeginVertex = nextBeginVertex
	}
	return final, nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func reverseInts(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}
