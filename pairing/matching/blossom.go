package matching

import "math/bits"

// MaxWeightMatching returns a matching of maximum total weight: mate[v] is
// the vertex matched to v, or -1. Among matchings of equal weight it returns
// one of them; callers that need a particular one must say so in the weights.
//
// The method is Edmonds' primal-dual blossom algorithm in its O(n³) form
// (labels S/T, blossom shrinking and expansion, four kinds of dual change),
// with duals kept in integers: vertex duals start at the largest weight and
// the slack of edge (i,j) is u_i + u_j - 2w(i,j) plus the duals of the
// blossoms holding both ends.
func (g *Graph) MaxWeightMatching() []int {
	return g.MaxWeightMatchingAmong(nil)
}

// MaxWeightMatchingAmong is MaxWeightMatching on the subgraph induced by
// the vertices v with active[v] (all vertices when active is nil); the
// other vertices are left unmatched (-1).
func (g *Graph) MaxWeightMatchingAmong(active []bool) []int {
	var ids []int // solver vertex -> graph vertex
	for v := 0; v < g.n; v++ {
		if active == nil || active[v] {
			ids = append(ids, v)
		}
	}
	s := newSolver(g, ids)
	s.solve()
	mate := make([]int, g.n)
	for v := range mate {
		mate[v] = -1
	}
	for i, v := range ids {
		if s.mate[i] != -1 {
			mate[v] = ids[s.endpoint(s.mate[i])]
		}
	}
	return mate
}

type solver struct {
	n, k   int      // vertices; words per number
	eu, ev []int32  // the ends of each edge
	w2     []uint64 // twice the weight of each edge
	dual   []uint64 // 2n numbers
	tmp    []uint64 // scratch numbers

	neighbend     [][]int
	mate          []int
	label         []int
	labelend      []int
	inblossom     []int
	blossomparent []int
	blossomchilds [][]int
	blossombase   []int
	blossomendps  [][]int
	bestedge      []int
	bestStale     []bool // an S-blossom whose bestedge is yet to be found
	unused        []int
	allowedge     []bool   // by edge: usable in this stage (a Matcher's solver uses allowBits)
	allowBits     []uint64 // a Matcher's solver: bit u*n+v and v*n+u for an edge usable in this stage
	allowed       []int    // the edges of allowedge set in this stage
	lbuf          []int    // refreshBest's list of leaves
	leafBuf       []int    // the leaves of a blossom being formed, expanded or dissolved
	bestslack     []uint64
	fbuf          []int32 // the scan's list of far vertices (see farVertices)
	queue         []int
	farQueue      []int // vertices from far on, labelled S and not yet scanned
	far           int   // vertices from far on are scanned last (see solve)

	treeRoot  []int    // by top-level blossom: the root vertex of its tree in this stage
	deadRoot  []uint32 // by root vertex: stamp of the stage in which its tree augmented
	deadMark  []uint32 // by blossom: stamp of the stage in which a path reached it unlabelled
	stamp     uint32   // the current stage's stamp
	seen      []uint32 // tightAugment's stamps
	tightFrom int      // unmatched vertices from which to try tightAugment (0: never)
	pass      uint32   // tightAugment's current stamp
	dense     *Graph   // a Matcher's solver: every pair of vertices is an edge slot
	retired   []bool   // a Matcher's retired vertices
}

func newSolver(g *Graph, ids []int) *solver {
	n := len(ids)
	s := &solver{n: n, k: g.words + 1, far: n}
	wt := make(Weight, g.words)
	for j := 1; j < n; j++ {
		for i := 0; i < j; i++ {
			if !g.hasEdge(ids[i], ids[j]) {
				continue
			}
			g.weightOf(ids[i], ids[j], wt)
			s.eu = append(s.eu, int32(i))
			s.ev = append(s.ev, int32(j))
			s.w2 = append(s.w2, wt...)
			s.w2 = append(s.w2, 0)
		}
	}
	m := len(s.eu)
	maxw := make(Weight, s.k)
	for e := 0; e < m; e++ {
		w := Weight(s.w2[e*s.k : (e+1)*s.k])
		if w.Cmp(maxw) > 0 {
			maxw.Set(w)
		}
		w.Add(w)
	}
	s.dual = make([]uint64, 2*n*s.k)
	for v := 0; v < n; v++ {
		copy(s.num(v), maxw)
	}
	s.tmp = make([]uint64, 4*s.k)
	s.neighbend = make([][]int, n)
	for e := 0; e < m; e++ {
		s.neighbend[int(s.eu[e])] = append(s.neighbend[int(s.eu[e])], 2*e+1)
		s.neighbend[int(s.ev[e])] = append(s.neighbend[int(s.ev[e])], 2*e)
	}
	s.initState(m)
	return s
}

// initState allocates the state of the algorithm for a graph of m edges:
// no vertex matched, every vertex its own blossom.
// The state's lists are made in the memory of the solver's earlier ones
// where it has room (a Matcher's Restart and Reset).
func (s *solver) initState(m int) {
	n := s.n
	s.mate = fill(s.mate, n, -1)
	s.label = fill(s.label, 2*n, 0)
	s.labelend = fill(s.labelend, 2*n, -1)
	s.inblossom = fill(s.inblossom, n, 0)
	for v := range s.inblossom {
		s.inblossom[v] = v
	}
	s.blossomparent = fill(s.blossomparent, 2*n, -1)
	s.blossomchilds = emptyLists(s.blossomchilds, 2*n)
	s.blossombase = fill(s.blossombase, 2*n, -1)
	for v := 0; v < n; v++ {
		s.blossombase[v] = v
	}
	s.blossomendps = emptyLists(s.blossomendps, 2*n)
	s.bestedge = fill(s.bestedge, 2*n, -1)
	s.bestStale = zeroed(s.bestStale, 2*n)
	s.unused = s.unused[:0]
	for b := 2*n - 1; b >= n; b-- {
		s.unused = append(s.unused, b)
	}
	if s.dense != nil {
		s.allowBits = zeroed(s.allowBits, (n*n+63)/64)
	} else {
		s.allowedge = zeroed(s.allowedge, m)
	}
	s.allowed = s.allowed[:0]
}

// fill returns n elements of value v, in a's memory when it has room.
func fill(a []int, n, v int) []int {
	if cap(a) < n {
		a = make([]int, n)
	}
	a = a[:n]
	for i := range a {
		a[i] = v
	}
	return a
}

// emptyLists returns n empty lists, in the memory of a and of its lists
// where it has room.
func emptyLists(a [][]int, n int) [][]int {
	if cap(a) < n {
		a = append(a[:cap(a)], make([][]int, n-cap(a))...)
	}
	a = a[:n]
	for i := range a {
		a[i] = a[i][:0]
	}
	return a
}

func (s *solver) num(b int) Weight     { return Weight(s.dual[b*s.k : (b+1)*s.k]) }
func (s *solver) scratch(i int) Weight { return Weight(s.tmp[i*s.k : (i+1)*s.k]) }

func (s *solver) endpoint(p int) int {
	if s.dense != nil {
		i, j := triangle(p / 2)
		if p&1 == 0 {
			return i
		}
		return j
	}
	if p&1 == 0 {
		return int(s.eu[p/2])
	}
	return int(s.ev[p/2])
}

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

func (s *solver) leaves(b int, out []int) []int {
	if b < s.n {
		return append(out, b)
	}
	for _, c := range s.blossomchilds[b] {
		out = s.leaves(c, out)
	}
	return out
}

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

func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

func mod(j, l int) int { return ((j % l) + l) % l }

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

// solve runs the stages of the algorithm until no augmenting path is left.
//
// A stage labels every unmatched vertex as the root of an alternating
// tree and grows the trees, changing the duals when no tight edge is left
// to grow them, until two trees meet (an augmenting path). Instead of
// ending the stage there, the two trees are left aside ("dead") and the
// others go on growing along tight edges, with no further change of the
// duals, so that one stage may augment along many disjoint paths: the
// labels of the trees left are still those of alternating trees, and the
// duals, which no longer change, remain feasible. The stage ends when no
// live tree can grow without a change of the duals.
func (s *solver) solve() {
	n := s.n
	kslack := s.scratch(0)
	delta := s.scratch(1)
	tight := s.dense != nil && s.tightFrom > 0
	if len(s.treeRoot) < 2*n {
		s.treeRoot = make([]int, 2*n)
		s.deadRoot = make([]uint32, n)
		s.deadMark = make([]uint32, 2*n)
	}
	for stage := 0; s.dense != nil || stage < n; stage++ {
		if tight && s.freeCount() >= s.tightFrom {
			tight = 4*s.tightAugment() >= s.tightFrom
		}
		s.newStamp()
		for i := range s.label {
			s.label[i] = 0
			s.bestedge[i] = -1
			if s.dense != nil {
				s.labelend[i] = -1
			}
		}
		for b := n; b < 2*n; b++ {
			s.bestStale[b] = false
		}
		for _, k := range s.allowed {
			s.disallow(k)
		}
		s.allowed = s.allowed[:0]
		s.queue = s.queue[:0]
		s.farQueue = s.farQueue[:0]
		roots := 0
		for v := 0; v < n; v++ {
			if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
				if s.dense != nil {
					if s.retired[v] || s.num(v).IsZero() {
						continue
					}
					s.evenRoot(v)
				}
				s.assignLabel(v, 1, -1)
				roots++
			}
		}
		if s.dense != nil && roots == 0 {
			break
		}
		augmented := false // some trees have met: the duals stay as they are
		for {
			for len(s.queue) > 0 || len(s.farQueue) > 0 {
				var v int
				if len(s.queue) > 0 {
					v = s.queue[len(s.queue)-1]
					s.queue = s.queue[:len(s.queue)-1]
					if v >= s.far {
						s.farQueue = append(s.farQueue, v)
						continue
					}
				} else {
					if augmented {
						break // the far vertices wait for the next stage
					}
					v = s.farQueue[len(s.farQueue)-1]
					s.farQueue = s.farQueue[:len(s.farQueue)-1]
				}
				if s.dead(s.inblossom[v]) {
					continue
				}
				far := s.farVertices(v)
			scan:
				for i, u32 := range far {
					w := int(u32)
					var p int
					if s.dense != nil {
						if s.retired[w] {
							continue
						}
						if v < w {
							p = 2*(w*(w-1)/2+v) + 1
						} else {
							p = 2 * (v*(v-1)/2 + w)
						}
					} else {
						p = s.neighbend[v][i]
					}
					k := p / 2
					bw := s.inblossom[w]
					if s.inblossom[v] == bw {
						continue
					}
					if s.label[w] != 0 && s.label[bw] == 2 {
						// w is a T-vertex: an edge to it neither grows
						// the tree nor bounds the next dual change.
						continue
					}
					if augmented && s.dead(bw) {
						continue
					}
					allowed := s.allowedAt(v, w, k)
					if !allowed {
						if s.dense != nil {
							s.denseSlack(v, w, k, kslack)
						} else {
							s.slackInto(k, kslack)
						}
						if kslack.IsZero() {
							s.allow(k)
							allowed = true
						}
					}
					if allowed {
						switch s.label[bw] {
						case 0:
							if s.dense != nil && s.mate[s.blossombase[bw]] == -1 {
								// an unmatched vertex whose dual is zero:
								// the path to it augments
								s.deadMark[bw] = s.stamp
								s.kill(s.inblossom[v])
								s.augmentMatching(k)
								augmented = true
								break scan
							}
							s.assignLabel(w, 2, p^1)
						case 1:
							base := s.scanBlossom(v, w)
							if base >= 0 {
								s.addBlossom(base, k)
							} else {
								s.kill(s.inblossom[v])
								s.kill(bw)
								s.augmentMatching(k)
								augmented = true
								break scan
							}
						default:
							if s.label[w] == 0 {
								s.label[w] = 2
								s.labelend[w] = p ^ 1
							}
						}
					} else if s.label[bw] == 1 {
						b := s.inblossom[v]
						if !s.bestStale[b] && (s.bestedge[b] == -1 || kslack.Cmp(s.bestSlack(b)) < 0) {
							s.bestedge[b] = k
							s.bestSlack(b).Set(kslack)
						}
					} else if s.label[w] == 0 {
						if s.bestedge[w] == -1 || kslack.Cmp(s.bestSlack(w)) < 0 {
							s.bestedge[w] = k
							s.bestSlack(w).Set(kslack)
						}
					}
				}
			}
			if augmented && len(s.farQueue) > 0 {
				// Far vertices are left unscanned: the least slack is not
				// known, and the stage ends (the next goes on from there).
				break
			}
			deltatype, deltaedge, deltablossom := 1, -1, -1
			deltavertex := -1
			if s.dense != nil {
				// the least dual of a vertex in an S-blossom
				for v := 0; v < n; v++ {
					if b := s.inblossom[v]; s.label[b] == 1 && !s.dead(b) && (deltavertex == -1 || s.num(v).Cmp(delta) < 0) {
						delta.Set(s.num(v))
						deltavertex = v
					}
				}
				if deltavertex == -1 {
					break // every tree has augmented
				}
			} else {
				delta.Set(s.num(0))
				for v := 1; v < n; v++ {
					if s.num(v).Cmp(delta) < 0 {
						delta.Set(s.num(v))
					}
				}
			}
			d := s.scratch(2)
			for v := 0; v < n; v++ {
				if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != -1 && !s.deadEdge(s.bestedge[v]) {
					s.slackInto(s.bestedge[v], d)
					if d.Cmp(delta) < 0 {
						delta.Set(d)
						deltatype, deltaedge = 2, s.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if s.blossomparent[b] != -1 || s.label[b] != 1 || s.dead(b) {
					continue
				}
				if s.bestStale[b] {
					s.refreshBest(b)
				}
				if s.bestedge[b] != -1 && !s.deadEdge(s.bestedge[b]) {
					s.slackInto(s.bestedge[b], d)
					d.Rsh1()
					if d.Cmp(delta) < 0 {
						delta.Set(d)
						deltatype, deltaedge = 3, s.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 && s.label[b] == 2 && !s.dead(b) && s.num(b).Cmp(delta) < 0 {
					delta.Set(s.num(b))
					deltatype, deltablossom = 4, b
				}
			}
			if augmented {
				// no dual change once trees have met: go on only along
				// edges that are tight already
				if !delta.IsZero() || (deltatype == 1 && s.dense == nil) {
					break
				}
			} else {
				s.changeDuals(delta)
			}
			if deltatype == 1 {
				if s.dense == nil {
					break // the optimum
				}
				// deltavertex's dual is zero: it may stay unmatched.
				s.kill(s.inblossom[deltavertex])
				if s.mate[deltavertex] != -1 {
					s.augmentHalf(deltavertex, -1)
				}
				augmented = true
				continue
			}
			switch deltatype {
			case 2:
				s.allow(deltaedge)
				i, j := s.ends(deltaedge)
				if s.label[s.inblossom[i]] == 0 {
					i = j
				}
				s.queue = append(s.queue, i)
			case 3:
				s.allow(deltaedge)
				i, _ := s.ends(deltaedge)
				s.queue = append(s.queue, i)
			case 4:
				s.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.num(b).IsZero() {
				s.expandBlossom(b, true)
			}
		}
	}
}

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

// farVertices lists the vertices at the far ends of the edges at v, in the
// order of neighbend[v]; a Matcher's solver lists the vertices joined to v
// that are not retired, in their order.
func (s *solver) farVertices(v int) []int32 {
	s.fbuf = s.fbuf[:0]
	if s.dense != nil {
		for wi, word := range s.dense.row(v) {
			for ; word != 0; word &= word - 1 {
				if u := wi*64 + bits.TrailingZeros64(word); !s.retired[u] {
					s.fbuf = append(s.fbuf, int32(u))
				}
			}
		}
		return s.fbuf
	}
	for _, p := range s.neighbend[v] {
		s.fbuf = append(s.fbuf, int32(s.endpoint(p)))
	}
	return s.fbuf
}
