package matching

// augmentMatching augments the matching along the path that edge e closes
// between S-vertices of two trees: e becomes matched, and each half of the
// path is rematched from e's end up to its tree's root.
func (s *solver) augmentMatching(e int) {
	u, v := s.ends(e)
	s.augmentHalf(u, 2*e+1)
	s.augmentHalf(v, 2*e)
}

// augmentHalf rematches the alternating path from vertex sv (which gets
// the endpoint p as mate, or none when p is -1) up to its tree's root.
func (s *solver) augmentHalf(sv, p int) {
	{
		for {
			bs := s.inblossom[sv]
			if bs >= s.n {
				s.augmentBlossom(bs, sv)
			}
			s.mate[sv] = p
			if s.labelend[bs] == -1 {
				break
			}
			t := s.endpoint(s.labelend[bs])
			bt := s.inblossom[t]
			sv = s.endpoint(s.labelend[bt])
			j := s.endpoint(s.labelend[bt] ^ 1)
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelend[bt]
			p = s.labelend[bt] ^ 1
		}
	}
}

// augmentBlossom rematches blossom b so that vertex v becomes its base:
// the edges of the even path from v's sub-blossom to the base change from
// matched to unmatched and back (inside sub-blossoms too), and the
// sub-blossoms are rotated so that v's comes first.
func (s *solver) augmentBlossom(b, v int) {
	t := v
	for s.blossomparent[t] != b {
		t = s.blossomparent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs, endps := s.blossomchilds[b], s.blossomendps[b]
	l := len(childs)
	i := 0
	for childs[i] != t {
		i++
	}
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= l
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = childs[mod(j, l)]
		p := endps[mod(j-endptrick, l)] ^ endptrick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint(p))
		}
		j += jstep
		t = childs[mod(j, l)]
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint(p^1))
		}
		s.mate[s.endpoint(p)] = p ^ 1
		s.mate[s.endpoint(p^1)] = p
	}
	rotate(childs, i)
	rotate(endps, i)
	s.blossombase[b] = s.blossombase[childs[0]]
}

// rotate moves the first i elements of a to its end, in place.
func rotate(a []int, i int) {
	reverse(a[:i])
	reverse(a[i:])
	reverse(a)
}
