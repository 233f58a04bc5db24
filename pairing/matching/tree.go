package matching

// Alternating trees: a stage grows one tree from every unmatched vertex,
// labelling the top-level blossoms it reaches S (even: the root, or the
// mate of a T-blossom) or T (odd: reached from an S-blossom by an
// unmatched edge). A tree that augments is left aside, dead, for the rest
// of the stage.

// assignLabel labels the top-level blossom of vertex w t (1: S, 2: T),
// reached through endpoint p (-1: w is a tree's root), and notes its
// tree's root. An S-blossom's vertices are queued to be scanned; the mate
// of a T-blossom's base is labelled S in turn.
func (s *solver) assignLabel(w, t, p int) {
	for {
		b := s.inblossom[w]
		if p == -1 {
			s.treeRoot[b] = w
		} else {
			s.treeRoot[b] = s.treeRoot[s.inblossom[s.endpoint(p)]]
		}
		s.label[w], s.label[b] = t, t
		s.labelend[w], s.labelend[b] = p, p
		s.bestedge[w], s.bestedge[b] = -1, -1
		if t == 1 {
			s.queue = s.leaves(b, s.queue)
			return
		}
		base := s.blossombase[b]
		mp := s.mate[base]
		w, t, p = s.endpoint(mp), 1, mp^1
	}
}

// scanBlossom follows the tree paths up from S-vertices v and w, in turn,
// and returns the base of the first blossom both reach, the base of a new
// blossom, or -1 when they reach two different roots: an augmenting path.
func (s *solver) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inblossom[v]
		if s.label[b]&4 != 0 {
			base = s.blossombase[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelend[b] == -1 {
			v = -1
		} else {
			v = s.endpoint(s.labelend[b])
			b = s.inblossom[v]
			v = s.endpoint(s.labelend[b])
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}

// newStamp starts a stage: no tree is dead.
func (s *solver) newStamp() {
	s.stamp++
	if s.stamp == 0 { // wrapped around
		for i := range s.deadRoot {
			s.deadRoot[i] = 0
		}
		for i := range s.deadMark {
			s.deadMark[i] = 0
		}
		s.stamp = 1
	}
}

// kill marks the tree holding labelled top-level blossom b as dead for
// the rest of the stage: it has augmented, its labels are void.
func (s *solver) kill(b int) {
	s.deadRoot[s.treeRoot[b]] = s.stamp
}

// dead reports whether top-level blossom b belongs to a tree that has
// augmented in this stage (or is an unmatched vertex that a path reached).
func (s *solver) dead(b int) bool {
	if s.deadMark[b] == s.stamp {
		return true
	}
	return s.label[b] != 0 && s.deadRoot[s.treeRoot[b]] == s.stamp
}

// deadEdge reports whether an end of edge k is in a dead tree.
func (s *solver) deadEdge(k int) bool {
	u, v := s.ends(k)
	return s.dead(s.inblossom[u]) || s.dead(s.inblossom[v])
}
