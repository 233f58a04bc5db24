package matching

// Dual adjustments: the change of the duals that makes new edges tight
// when no tree can grow, and the parity a Matcher's roots need for it.

// changeDuals subtracts delta from the duals of S-vertices and
// T-blossoms and adds it to those of T-vertices and S-blossoms, and
// updates the noted least slacks.
func (s *solver) changeDuals(delta Weight) {
	n := s.n
	if delta.IsZero() {
		return
	}
	for v := 0; v < n; v++ {
		switch s.label[s.inblossom[v]] {
		case 1:
			s.num(v).Sub(delta)
		case 2:
			s.num(v).Add(delta)
		}
	}
	for b := n; b < 2*n; b++ {
		if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 {
			switch s.label[b] {
			case 1:
				s.num(b).Add(delta)
			case 2:
				s.num(b).Sub(delta)
			}
		}
	}
	// The noted least slacks follow the dual change: an edge from an
	// S-vertex to an unlabelled one loses delta, one between two
	// S-blossoms twice delta.
	for b := 0; b < 2*n; b++ {
		if s.bestedge[b] == -1 {
			continue
		}
		if b < n && s.label[s.inblossom[b]] == 0 {
			s.bestSlack(b).Sub(delta)
		} else if s.blossomparent[b] == -1 && s.label[b] == 1 && !s.bestStale[b] && (b >= n || s.inblossom[b] == b) {
			s.bestSlack(b).Sub(delta)
			s.bestSlack(b).Sub(delta)
		}
	}
}

// evenRoot makes the dual of unmatched vertex v, and of every vertex of
// its blossom, even. The blossom algorithm halves the slack of an edge
// between two S-blossoms for a dual change, which makes the edge tight
// only if the slack is even: it is when every S-vertex of the stage has a
// dual of the same parity. That holds within a tree (its tight edges join
// vertices of equal parity), so it is enough that the roots agree, as
// they do when the duals start equal; a Matcher's changes leave them of
// either parity (an odd slack halved left an edge taken as tight with a
// slack of one, and a matching that was not always the best). Raising an
// unmatched vertex's dual by one keeps every edge feasible; raising every
// vertex of a blossom by one while the blossom's dual falls by one keeps
// its edges as they were; a blossom of zero dual is expanded first, as at
// the end of a stage.
func (s *solver) evenRoot(v int) {
	if s.num(v)[0]&1 == 0 {
		return
	}
	b := s.inblossom[v]
	for b != v && s.num(b).IsZero() {
		// a blossom of zero dual may go (as at the end of a stage)
		s.expandBlossom(b, true)
		b = s.inblossom[v]
	}
	if b == v {
		s.num(v).AddSmall(1)
		return
	}
	s.leafBuf = s.leaves(b, s.leafBuf[:0])
	for _, x := range s.leafBuf {
		if s.num(x)[0]&1 == 0 {
			return // leaves of different parity: not expected
		}
	}
	s.num(b).SubSmall(1)
	for _, x := range s.leafBuf {
		s.num(x).AddSmall(1)
	}
}
