package matching

// addBlossom shrinks the odd cycle that edge e closes between two
// S-blossoms of one tree, their paths up to the blossom with the given
// base, into a new top-level S-blossom; its T-vertices become S-vertices
// and are queued to be scanned.
func (s *solver) addBlossom(base, e int) {
	v, w := s.ends(e)
	bb, bv, bw := s.inblossom[base], s.inblossom[v], s.inblossom[w]
	b := s.unused[len(s.unused)-1]
	s.unused = s.unused[:len(s.unused)-1]
	s.blossombase[b] = base
	s.blossomparent[b] = -1
	s.blossomparent[bb] = b
	// The lists of the blossom that had number b before, kept for it.
	path, endps := s.blossomchilds[b][:0], s.blossomendps[b][:0]
	for bv != bb {
		s.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelend[bv])
		v = s.endpoint(s.labelend[bv])
		bv = s.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*e)
	for bw != bb {
		s.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelend[bw]^1)
		w = s.endpoint(s.labelend[bw])
		bw = s.inblossom[w]
	}
	s.blossomchilds[b] = path
	s.blossomendps[b] = endps
	s.label[b] = 1
	s.labelend[b] = s.labelend[bb]
	s.treeRoot[b] = s.treeRoot[bb]
	s.num(b).Clear()
	s.leafBuf = s.leaves(b, s.leafBuf[:0])
	for _, x := range s.leafBuf {
		if s.label[s.inblossom[x]] == 2 {
			s.queue = append(s.queue, x)
		}
		s.inblossom[x] = b
	}
	// The new blossom's least-slack edge to another S-blossom is found
	// only when a dual change needs it (bestStale): most blossoms of a
	// stage are formed on tight edges and never need it.
	for _, c := range path {
		s.bestStale[c] = false
		s.bestedge[c] = -1
	}
	s.bestedge[b] = -1
	s.bestStale[b] = true
}

// refreshBest finds the least-slack edge from top-level S-blossom b to a
// vertex of another top-level S-blossom.
func (s *solver) refreshBest(b int) {
	s.bestStale[b] = false
	s.bestedge[b] = -1
	cur, cand := s.scratch(2), s.scratch(3)
	s.lbuf = s.leaves(b, s.lbuf[:0])
	for _, x := range s.lbuf {
		s.neighbours(x, func(p, j int) bool {
			bj := s.inblossom[j]
			if bj == b || s.label[bj] != 1 || s.dead(bj) {
				return true
			}
			k := p / 2
			if s.bestedge[b] == -1 {
				s.slackAt(x, j, k, cur)
				s.bestedge[b] = k
				s.bestSlack(b).Set(cur)
				return true
			}
			s.slackAt(x, j, k, cand)
			if cand.Cmp(cur) < 0 {
				cur.Set(cand)
				s.bestedge[b] = k
				s.bestSlack(b).Set(cur)
			}
			return true
		})
	}
}

// leaves appends the vertices of blossom b (b itself when it is a
// vertex) to out.
func (s *solver) leaves(b int, out []int) []int {
	if b < s.n {
		return append(out, b)
	}
	for _, c := range s.blossomchilds[b] {
		out = s.leaves(c, out)
	}
	return out
}

// reverse reverses a in place.
func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}
