package matching

import "math/bits"

// Tight augmentation: a Matcher whose weights changed at many vertices at
// once starts with many unmatched vertices, and each stage of the blossom
// algorithm labels every unmatched vertex afresh. Before a stage, tightAugment augments along simple
// alternating paths of tight edges between vertices outside any blossom,
// as many vertex-disjoint ones as one depth-first pass finds. The duals do
// not change, every edge of such a path is tight and no blossom is touched,
// so the algorithm's invariants hold afterwards and the stages that follow
// only do what is left.

// tightAugment runs one pass and returns the number of augmentations.
func (s *solver) tightAugment() int {
	if len(s.seen) < s.n {
		s.seen = make([]uint32, s.n)
	}
	s.pass++
	if s.pass == 0 { // the stamps wrapped around
		for i := range s.seen {
			s.seen[i] = 0
		}
		s.pass = 1
	}
	found := 0
	for v := 0; v < s.n; v++ {
		if s.mate[v] != -1 || s.inblossom[v] != v || s.retired[v] || s.seen[v] == s.pass || s.num(v).IsZero() {
			continue
		}
		s.seen[v] = s.pass
		if s.tightPath(v) {
			found++
		}
	}
	return found
}

// tightPath looks for a tight alternating path from z (unmatched, or
// about to lose its mate to the path's previous vertex) to an unmatched
// vertex, and augments along it.
func (s *solver) tightPath(z int) bool {
	slack := s.scratch(2)
	for wi, word := range s.dense.row(z) {
		for ; word != 0; word &= word - 1 {
			j := wi*64 + bits.TrailingZeros64(word)
			if s.retired[j] {
				continue
			}
			var p int // the endpoint of the edge z-j at j
			if z < j {
				p = 2*(j*(j-1)/2+z) + 1
			} else {
				p = 2 * (z*(z-1)/2 + j)
			}
			if s.seen[j] == s.pass || s.inblossom[j] != j {
				continue
			}
			y := -1
			if s.mate[j] != -1 {
				y = s.endpoint(s.mate[j])
				if s.seen[y] == s.pass || s.inblossom[y] != y {
					continue
				}
			}
			s.denseSlack(z, j, p/2, slack)
			if !slack.IsZero() {
				continue
			}
			s.seen[j] = s.pass
			if y == -1 {
				s.mate[z], s.mate[j] = p, p^1
				return true
			}
			s.seen[y] = s.pass
			if s.tightPath(y) {
				s.mate[z], s.mate[j] = p, p^1
				return true
			}
		}
	}
	return false
}

// tightRoots is the number of unmatched vertices from which a Matcher
// looks for tight augmenting paths before a stage (tightAugment); it stops
// looking in this Solve once a pass finds fewer than a quarter as many.
const tightRoots = 16

// freeCount counts the unmatched vertices that would be roots of a stage.
func (s *solver) freeCount() int {
	c := 0
	for v := 0; v < s.n; v++ {
		if s.mate[v] == -1 && !s.retired[v] && !s.num(v).IsZero() {
			c++
		}
	}
	return c
}
