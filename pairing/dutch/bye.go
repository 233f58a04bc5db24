package dutch

import (
	"math/bits"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
)

// The score of the pairing-allocated bye's assignee (C5: the lowest score
// with which the rest of the round can be paired; C2: a player eligible
// for the bye), found without weights. byeMatching finds it with the
// weighted matching over every pair, joining the bye vertex to the
// eligible players of one more score group at a time from the bottom up
// until the matching is perfect; what it looks for is only whether a
// perfect matching exists, which a matching of the most pairs answers
// (Edmonds' cardinality algorithm, on the compatibility of the pairs kept
// a bit a pair): a maximum matching of the players leaves one player free
// (the field is odd), and with the bye vertex joined to the eligible
// players of the groups added so far the matching can be made perfect
// exactly when a path from the bye vertex alternating between unmatched
// and matched pairs reaches that free player (Berge). The search from the
// bye vertex is repeated for each group added, and the first group where
// it succeeds is the one byeMatching stops at: the bye assignee's group.

// byeByCardinality lets firstMatching find the bye assignee's score with
// byeGroup; a variable for the tests, which compare it with byeMatching.
var byeByCardinality = true

// cardinality is a matching of the most pairs on a graph given by rows of
// bits, with the state of Edmonds' search from one root.
type cardinality struct {
	n       int
	words   int      // per row
	rows    []uint64 // row v: bit u set when v and u may be paired
	mate    []int    // -1: unmatched
	parent  []int    // the search's tree: the vertex through which v was reached
	base    []int    // the base of the blossom holding v
	used    []bool   // v is an outer vertex of the search
	blossom []bool   // marks of the blossom being contracted
	path    []bool   // marks of lca
	queue   []int
}

func newCardinality(n int) *cardinality {
	w := (n + 63) / 64
	c := &cardinality{n: n, words: w, rows: make([]uint64, n*w), mate: make([]int, n),
		parent: make([]int, n), base: make([]int, n), used: make([]bool, n),
		blossom: make([]bool, n), path: make([]bool, n)}
	for v := range c.mate {
		c.mate[v] = -1
	}
	return c
}

func (c *cardinality) row(v int) []uint64 { return c.rows[v*c.words : (v+1)*c.words] }

// join makes u and v pairable.
func (c *cardinality) join(u, v int) {
	c.rows[u*c.words+v/64] |= 1 << (uint(v) % 64)
	c.rows[v*c.words+u/64] |= 1 << (uint(u) % 64)
}

// cut makes u and v unpairable.
func (c *cardinality) cut(u, v int) {
	c.rows[u*c.words+v/64] &^= 1 << (uint(v) % 64)
	c.rows[v*c.words+u/64] &^= 1 << (uint(u) % 64)
}

// greedy pairs each unmatched vertex, in order, with the first unmatched
// vertex after it that it may meet.
func (c *cardinality) greedy() {
	free := make([]uint64, c.words)
	for v := 0; v < c.n; v++ {
		free[v/64] |= 1 << (uint(v) % 64)
	}
	for v := 0; v < c.n; v++ {
		if c.mate[v] != -1 {
			continue
		}
		r := c.row(v)
		for i := range r {
			if x := r[i] & free[i]; x != 0 {
				u := i*64 + bits.TrailingZeros64(x)
				c.mate[v], c.mate[u] = u, v
				free[v/64] &^= 1 << (uint(v) % 64)
				free[u/64] &^= 1 << (uint(u) % 64)
				break
			}
		}
	}
}

// augment searches an augmenting path from the unmatched vertex root and
// applies it; it reports whether there was one.
func (c *cardinality) augment(root int) bool {
	end := c.search(root)
	if end < 0 {
		return false
	}
	for v := end; v != -1; {
		pv := c.parent[v]
		next := c.mate[pv]
		c.mate[v], c.mate[pv] = pv, v
		v = next
	}
	return true
}

// search grows the alternating tree of root (Edmonds: blossoms are
// contracted into their base) and returns the unmatched vertex an
// augmenting path from root reaches, or -1 when there is none.
func (c *cardinality) search(root int) int {
	for v := 0; v < c.n; v++ {
		c.used[v], c.parent[v], c.base[v] = false, -1, v
	}
	c.used[root] = true
	c.queue = append(c.queue[:0], root)
	for qi := 0; qi < len(c.queue); qi++ {
		v := c.queue[qi]
		r := c.row(v)
		for i, word := range r {
			for ; word != 0; word &= word - 1 {
				to := i*64 + bits.TrailingZeros64(word)
				if c.base[v] == c.base[to] || c.mate[v] == to {
					continue
				}
				if to == root || (c.mate[to] != -1 && c.parent[c.mate[to]] != -1) {
					b := c.lca(v, to)
					clear(c.blossom)
					c.markPath(v, b, to)
					c.markPath(to, b, v)
					for x := 0; x < c.n; x++ {
						if c.blossom[c.base[x]] {
							c.base[x] = b
							if !c.used[x] {
								c.used[x] = true
								c.queue = append(c.queue, x)
							}
						}
					}
				} else if c.parent[to] == -1 {
					c.parent[to] = v
					if c.mate[to] == -1 {
						return to
					}
					c.used[c.mate[to]] = true
					c.queue = append(c.queue, c.mate[to])
				}
			}
		}
	}
	return -1
}

// lca is the base of the blossom that the edge a-b closes in the tree.
func (c *cardinality) lca(a, b int) int {
	clear(c.path)
	for {
		a = c.base[a]
		c.path[a] = true
		if c.mate[a] == -1 {
			break
		}
		a = c.parent[c.mate[a]]
	}
	for {
		b = c.base[b]
		if c.path[b] {
			return b
		}
		b = c.parent[c.mate[b]]
	}
}

// markPath marks the blossoms on the tree path from v down to base b,
// pointing the outer vertices' parents across the closing edge (child).
func (c *cardinality) markPath(v, b, child int) {
	for c.base[v] != b {
		c.blossom[c.base[v]], c.blossom[c.base[c.mate[v]]] = true, true
		c.parent[v] = child
		child = c.mate[v]
		v = c.parent[c.mate[v]]
	}
}

// byeGroup returns the score of the bye assignee as byeMatching finds it,
// for an odd field. It reports false where it leaves the answer to
// byeMatching: when no group makes the round pairable (byeMatching's last
// matching tells what fails), and when the assignee is of the top score
// group (byeMatching's matching also tells whether the top group pairs
// among itself, for C9).
func (e *engine) byeGroup() (pairing.Score, bool) {
	n := len(e.sorted)
	c := newCardinality(n + 1) // the players, then the bye vertex
	// compatible's pairs: the colours' rule, less the pairs forbidden
	for v := 1; v < n; v++ {
		for u := 0; u < v; u++ {
			if e.coloursAllow(e.sorted[u], e.sorted[v]) {
				c.join(u, v)
			}
		}
	}
	for v := range n {
		for _, u := range e.forbid[v] {
			c.cut(int(u), v)
		}
	}
	c.greedy()
	free := -1
	for v := 0; v < n; v++ {
		if c.mate[v] != -1 || c.augment(v) {
			continue
		}
		if free >= 0 {
			return 0, false // two players unpaired whatever the bye
		}
		free = v
	}
	if free < 0 {
		return 0, false // not reached: the field is odd
	}
	top := e.sorted[0].score
	for hi := n - 1; hi >= 0; {
		lo := hi
		for lo > 0 && e.sorted[lo-1].score == e.sorted[hi].score {
			lo--
		}
		score := e.sorted[hi].score
		if score >= top {
			return 0, false
		}
		added := false
		for v := lo; v <= hi; v++ {
			if e.sorted[v].byeEligible {
				c.join(v, n)
				added = true
			}
		}
		if added && c.search(n) >= 0 {
			return score, true
		}
		hi = lo - 1
	}
	return 0, false
}

// firstMatching weighs every pair for the round as a whole (no bracket
// yet) and finds the matching the brackets start from. In an odd field it
// first finds the bye assignee's score, on which the weights depend
// (byeGroup, or byeMatching where byeGroup leaves it). It returns
// ErrNoPairing when no pairing satisfies the absolute criteria.
func (e *engine) firstMatching(scratch matching.Weight) error {
	l := &e.lay
	n := len(e.sorted)
	odd := n%2 == 1
	if odd {
		known := false
		if byeByCardinality {
			e.byScore, known = e.byeGroup()
		}
		if !known {
			if err := e.byeByWeights(scratch); err != nil {
				return err
			}
		}
	}
	// C9: the fewer games a player of the bye assignee's score has
	// played, the more his pairing is worth, so that the bye goes to one
	// who has played most.
	if odd {
		var counts []int
		for _, p := range e.sorted {
			if p.score == e.byScore {
				counts = append(counts, p.playedGames)
			}
		}
		sortInts(counts)
		reverseInts(counts)
		e.ranks = make([]uint64, e.played+1)
		for r, c := range counts {
			e.ranks[c] = uint64(r)
		}
	}
	for i := 1; i < n; i++ {
		for j := 0; j < i; j++ {
			e.set(i, j, e.edgeWeight(scratch, j, i, false, false))
		}
	}
	if !odd {
		if freeCount(e.compute(), e.sorted) > 1 {
			return ErrNoPairing
		}
		return nil
	}
	e.setByeEdges(l.topShift(), e.byeCandidate)
	// Every weight has changed since byeMatching (if it ran): a matching
	// from scratch is found sooner than the previous one re-optimised.
	e.matcher.Restart()
	e.compute()
	return nil
}

// byeByWeights finds the bye assignee's score with byeMatching, and
// whether the bye assignee is the top group's single downfloater (C9).
func (e *engine) byeByWeights(scratch matching.Weight) error {
	l := &e.lay
	n := len(e.sorted)
	top := e.sorted[0].score
	for i := 1; i < n; i++ {
		for j := 0; j < i; j++ {
			b := l.newBuilder()
			if e.compatible(i, j) {
				b.or(1)
				b.shift(l.groupsBits)
				b.shift(l.groupBits)
				b.or(b2u(e.sorted[i].score >= top))
			}
			e.set(i, j, b.into(scratch))
		}
	}
	m := e.byeMatching()
	if freeCount(m, e.sorted) > 1 {
		return ErrNoPairing
	}
	for v, u := range m {
		if u == v {
			e.byScore = e.sorted[v].score
			break
		}
	}
	if e.byScore >= top {
		e.single = true
		for v := 0; v < n && e.sorted[v].score >= top; v++ {
			if e.sorted[m[v]].score < top {
				e.single = false
				break
			}
		}
	}
	return nil
}

// freeCount counts the players a matching leaves unpaired (m[v] == v),
// twice those not eligible for the bye.
func freeCount(m []int, sorted []*entrant) int {
	free := 0
	for v, u := range m {
		if u == v {
			free++
			if !sorted[v].byeEligible {
				free++
			}
		}
	}
	return free
}
