package matching

// expandBlossom dissolves top-level blossom b into its sub-blossoms. At
// the end of a stage (endstage) the sub-blossoms of zero dual are
// expanded in turn. During a stage b is a T-blossom whose dual has fallen
// to zero: its sub-blossoms on the even path from the one the tree enters
// it by to its base are labelled T and S in turn, and any other one that
// an S-vertex's edge has reached is labelled T.
func (s *solver) expandBlossom(b int, endstage bool) {
	for _, c := range s.blossomchilds[b] {
		s.blossomparent[c] = -1
		s.treeRoot[c] = s.treeRoot[b]
		if c < s.n {
			s.inblossom[c] = c
		} else if endstage && s.num(c).IsZero() {
			s.expandBlossom(c, endstage)
		} else {
			s.leafBuf = s.leaves(c, s.leafBuf[:0])
			for _, v := range s.leafBuf {
				s.inblossom[v] = c
			}
		}
	}
	if !endstage && s.label[b] == 2 {
		childs, endps := s.blossomchilds[b], s.blossomendps[b]
		l := len(childs)
		entrychild := s.inblossom[s.endpoint(s.labelend[b]^1)]
		j := 0
		for childs[j] != entrychild {
			j++
		}
		var jstep, endptrick int
		if j&1 != 0 {
			j -= l
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := s.labelend[b]
		for j != 0 {
			s.label[s.endpoint(p^1)] = 0
			s.label[s.endpoint(endps[mod(j-endptrick, l)]^endptrick^1)] = 0
			s.assignLabel(s.endpoint(p^1), 2, p)
			s.allow(endps[mod(j-endptrick, l)] / 2)
			j += jstep
			p = endps[mod(j-endptrick, l)] ^ endptrick
			s.allow(p / 2)
			j += jstep
		}
		bv := childs[mod(j, l)]
		s.label[s.endpoint(p^1)], s.label[bv] = 2, 2
		s.labelend[s.endpoint(p^1)], s.labelend[bv] = p, p
		s.bestedge[bv] = -1
		j += jstep
		for childs[mod(j, l)] != entrychild {
			bv = childs[mod(j, l)]
			if s.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			s.leafBuf = s.leaves(bv, s.leafBuf[:0])
			for _, v := range s.leafBuf {
				if s.label[v] != 0 {
					found = v
					break
				}
			}
			if found != -1 {
				s.label[found] = 0
				s.label[s.endpoint(s.mate[s.blossombase[bv]])] = 0
				s.assignLabel(found, 2, s.labelend[found])
			}
			j += jstep
		}
	}
	s.label[b], s.labelend[b] = -1, -1
	s.blossomchilds[b], s.blossomendps[b] = s.blossomchilds[b][:0], s.blossomendps[b][:0] // kept for the next blossom b
	s.blossombase[b] = -1
	s.bestStale[b] = false
	s.bestedge[b] = -1
	s.unused = append(s.unused, b)
}

// mod is j modulo l, from 0 to l-1 for a negative j too.
func mod(j, l int) int { return ((j % l) + l) % l }
