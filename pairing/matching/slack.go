package matching

import "math/bits"

// Slack and tight edges: the slack of an edge under the current duals
// (zero when the edge is tight), the least slack noted for a blossom, and
// the marks of the edges found tight in this stage, the only ones the
// trees grow along.

// slackInto writes the slack of edge e into dst.
func (s *solver) slackInto(e int, dst Weight) {
	if s.dense != nil {
		s.denseSlackInto(e, dst)
		return
	}
	dst.Set(s.num(int(s.eu[e])))
	dst.Add(s.num(int(s.ev[e])))
	dst.Sub(Weight(s.w2[e*s.k : (e+1)*s.k]))
}

// denseSlackInto is slackInto for a Matcher's solver.
func (s *solver) denseSlackInto(e int, dst Weight) {
	u, v := triangle(e)
	s.denseSlack(u, v, e, dst)
}

// denseSlack writes the slack of edge e, between vertices u and v, of a
// Matcher's solver into dst; its edge weights are one word narrower than
// its duals. Callers that know the ends save the look-ups of eu and ev
// (scattered over the whole edge table). The slices are cut to the same
// length first so that the loop runs without bounds checks.
func (s *solver) denseSlack(u, v, e int, dst Weight) {
	k, g := s.k, s.dense
	ia, ib := u*k, v*k
	a := s.dual[ia : ia+k]
	b := s.dual[ib : ib+k]
	dst = dst[:k]
	a, b = a[:len(dst)], b[:len(dst)]
	x, up := g.weightAt(u, v)
	t, c := bits.Add64(a[0], b[0], 0)
	t, b1 := bits.Sub64(t, x, 0)
	var b2 uint64
	dst[0], b2 = bits.Sub64(t, x, 0)
	if len(up) > len(dst)-2 {
		return // not reached: the duals are a word wider than the weights
	}
	for i, x := range up {
		t, c = bits.Add64(a[i+1], b[i+1], c)
		t, b1 = bits.Sub64(t, x, b1)
		dst[i+1], b2 = bits.Sub64(t, x, b2)
	}
	last := len(dst) - 1
	dst[last] = a[last] + b[last] + c - b1 - b2
}

// slackLess reports whether edge a has less slack than edge b.
func (s *solver) slackLess(a, b int) bool {
	x, y := s.scratch(2), s.scratch(3)
	s.slackInto(a, x)
	s.slackInto(b, y)
	return x.Cmp(y) < 0
}

// bestSlack is the slack of bestedge[b], noted when the edge was chosen
// and kept up to date by the dual changes.
func (s *solver) bestSlack(b int) Weight {
	if len(s.bestslack) < 2*s.n*s.k {
		s.bestslack = make([]uint64, 2*s.n*s.k)
	}
	return Weight(s.bestslack[b*s.k : (b+1)*s.k])
}

// allow marks edge k as usable in this stage (its slack is zero).
func (s *solver) allow(k int) {
	if s.dense != nil {
		u, v := triangle(k)
		if !s.allowedAt(u, v, k) {
			a, b := u*s.n+v, v*s.n+u
			s.allowBits[a/64] |= 1 << (uint(a) % 64)
			s.allowBits[b/64] |= 1 << (uint(b) % 64)
			s.allowed = append(s.allowed, k)
		}
		return
	}
	if !s.allowedge[k] {
		s.allowedge[k] = true
		s.allowed = append(s.allowed, k)
	}
}

// disallow clears the mark of allow on edge k.
func (s *solver) disallow(k int) {
	if s.dense != nil {
		u, v := triangle(k)
		a, b := u*s.n+v, v*s.n+u
		s.allowBits[a/64] &^= 1 << (uint(a) % 64)
		s.allowBits[b/64] &^= 1 << (uint(b) % 64)
		return
	}
	s.allowedge[k] = false
}

// allowedAt reports whether edge k, between u and v, is usable in this
// stage. A Matcher's solver keeps the marks by rows, so that the scan of
// a vertex's edges reads them one after the other.
func (s *solver) allowedAt(u, v, k int) bool {
	if s.dense != nil {
		a := u*s.n + v
		return s.allowBits[a/64]&(1<<(uint(a)%64)) != 0
	}
	return s.allowedge[k]
}
