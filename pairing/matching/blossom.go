package matching

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

// solver is the state of the blossom algorithm on one graph: n vertices,
// numbered 0..n-1, and up to n blossoms, numbered n..2n-1. Edge e has two
// endpoints, 2e at its first end and 2e+1 at its second (see endpoint);
// mate[v] is the endpoint at v's partner, or -1. Duals and weights are
// numbers of k words. solve runs the stages (stage.go), which grow
// alternating trees (tree.go), shrink and expand blossoms (shrink.go,
// expand.go), augment (augment.go) and change the duals (duals.go) by the
// slacks of the edges (slack.go); a Matcher's solver (dynamic.go) keeps
// this state between calls and may augment along tight paths first
// (tight.go).
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

// num is the dual of vertex or blossom b.
func (s *solver) num(b int) Weight { return Weight(s.dual[b*s.k : (b+1)*s.k]) }

// scratch is the solver's scratch number i.
func (s *solver) scratch(i int) Weight { return Weight(s.tmp[i*s.k : (i+1)*s.k]) }

// endpoint is the vertex at endpoint p: the first end of edge p/2 when p
// is even, its second when p is odd.
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
