package matching

import (
	"math"
	"math/bits"
)

// Matcher keeps a maximum-weight matching of a Graph up to date while the
// weights of the edges at a few vertices change, or vertices retire.
//
// It keeps the blossom algorithm's dual solution between calls. When the
// edges at vertex x change, the blossoms holding x are dissolved (their
// dual moved onto their vertices, which keeps every edge feasible), x and
// its partner are unmatched, and x's dual is raised or lowered to the least
// feasible value. The algorithm then resumes from that state: its roots are
// the unmatched vertices whose dual is still positive, and a root whose
// dual (or that of a vertex of its tree) reaches zero stops being one. The
// result is a maximum-weight matching of the new weights, as a run from
// scratch would find (perhaps a different one of equal weight).
type Matcher struct {
	g       *Graph
	s       *solver
	retired []bool
	changed []bool
	started bool
	// Solve's lists, kept between calls: the vertices changed, and those
	// already brought up to date.
	xs   []int
	done []bool
}

// NewMatcher returns a Matcher for g; g's weights may be changed between
// calls to Solve as long as every vertex whose edges changed is passed to
// Changed. A Graph has at most one Matcher (it learns from the Graph at
// which vertices edges appeared or disappeared).
func NewMatcher(g *Graph) *Matcher {
	m := &Matcher{g: g, retired: make([]bool, g.n), changed: make([]bool, g.n), done: make([]bool, g.n)}
	m.s = newDenseSolver(g, m.retired)
	return m
}

// Reset makes m the Matcher of its Graph again after the Graph's Reset,
// in m's memory: the matching, the duals and the retired vertices are
// forgotten, and the next Solve finds a matching from scratch, as a new
// Matcher would.
func (m *Matcher) Reset() {
	n := m.g.n
	m.retired, m.changed, m.done = zeroed(m.retired, n), zeroed(m.changed, n), zeroed(m.done, n)
	m.xs = m.xs[:0]
	m.started = false
	m.s = m.s.renew(m.g, m.retired)
}

// Changed records that the weights of edges at v have changed. For every
// edge whose weight changed, one end must be passed to Changed.
func (m *Matcher) Changed(v int) { m.changed[v] = true }

// Touched records that an edge at v has changed whose other end was passed
// to Changed. It is optional: the Matcher learns from the Graph where
// edges appeared or disappeared, and nothing else at v needs updating.
func (m *Matcher) Touched(v int) {}

// Distant tells the Matcher that the vertices from v on are far from the
// changes to come: a stage of the algorithm scans them only when no tree
// can grow without them, and ends before them once some trees have
// augmented (the next stage goes on from there). The matching found is a
// maximum-weight one whatever v is; a v past the last vertex (as at the
// start) makes no vertex distant. It pays where the distant vertices are
// matched among themselves by edges that are all tight, which a tree
// entering them would otherwise label and scan whole at every stage.
func (m *Matcher) Distant(v int) { m.s.far = max(v, 0) }

// Retire removes v from the matching for good (its edges are ignored).
func (m *Matcher) Retire(v int) {
	if m.retired[v] {
		return
	}
	if m.started {
		m.s.release(v)
	}
	m.retired[v] = true
}

// Restart forgets the matching and the duals: the next Solve finds a
// matching from scratch, as a new Matcher would, but in the memory of
// this one. It pays when most weights have changed, where re-optimising
// from the previous optimum would release every vertex.
func (m *Matcher) Restart() {
	if !m.started {
		return
	}
	m.started = false
	m.s.initState(0)
	for v := range m.changed {
		m.changed[v] = false
	}
}

// Solve brings the matching up to date and returns mate[v] (-1 when v is
// unmatched or retired).
func (m *Matcher) Solve() []int { return m.SolveInto(nil) }

// SolveInto is Solve writing the mates into dst when it has room for them
// (a caller that solves again and again need not allocate them each time).
func (m *Matcher) SolveInto(dst []int) []int {
	s := m.s
	if !m.started {
		s.initDuals()
		m.started = true
	} else {
		xs := m.xs[:0]
		for v, c := range m.changed {
			if c && !m.retired[v] {
				xs = append(xs, v)
			}
		}
		m.xs = xs
		done := m.done
		clear(done)
		for _, x := range xs {
			if done[x] {
				continue
			}
			done[x] = true
			kept, lx := s.keepPair(x)
			if kept {
				done[s.endpoint(s.mate[x])] = true
				continue
			}
			if lx == nil {
				s.release(x)
				s.feasibleDual(x)
				continue
			}
			// x, outside any blossom, loses its partner y; its least
			// dual is lx or what the edge to y needs.
			y := s.endpoint(s.mate[x])
			s.release(x)
			s.num(x).Set(lx)
			if t := s.scratch(0); s.overDual(pair(x, y), x, y, t) && t.Cmp(lx) > 0 {
				s.num(x).Set(t)
			}
		}
		s.greedy(xs)
	}
	for v := range m.changed {
		m.changed[v] = false
	}
	s.solve()
	mate := dst[:0]
	if cap(mate) < s.n {
		mate = make([]int, s.n)
	}
	mate = mate[:s.n]
	for v := range mate {
		mate[v] = -1
		if !m.retired[v] && s.mate[v] != -1 {
			mate[v] = s.endpoint(s.mate[v])
		}
	}
	return mate
}

// newDenseSolver prepares a solver over every pair of vertices of g; edges
// of zero weight and edges at retired vertices are skipped when scanned.
func newDenseSolver(g *Graph, retired []bool) *solver {
	n := g.n
	s := &solver{n: n, k: g.words + 1, dense: g, retired: retired, tightFrom: tightRoots, far: n}
	s.dual = make([]uint64, 2*n*s.k)
	s.tmp = make([]uint64, scratchNumbers*s.k)
	s.initState(0)
	return s
}

// renew returns a solver for g as newDenseSolver does, in s's memory
// where it has room. The stamps of the stages and of tightAugment's passes
// go on from s's, so that no mark s left in the lists taken over is read
// as one of the new solver's.
func (s *solver) renew(g *Graph, retired []bool) *solver {
	n := g.n
	r := &solver{n: n, k: g.words + 1, dense: g, retired: retired, tightFrom: tightRoots, far: n}
	r.dual = zeroed(s.dual, 2*n*r.k)
	r.tmp = zeroed(s.tmp, scratchNumbers*r.k)
	r.mate, r.label, r.labelend, r.inblossom = s.mate, s.label, s.labelend, s.inblossom
	r.blossomparent, r.blossomchilds, r.blossombase, r.blossomendps = s.blossomparent, s.blossomchilds, s.blossombase, s.blossomendps
	r.bestedge, r.bestStale, r.unused, r.allowBits, r.allowed = s.bestedge, s.bestStale, s.unused, s.allowBits, s.allowed
	r.lbuf, r.leafBuf, r.fbuf, r.queue, r.farQueue = s.lbuf[:0], s.leafBuf[:0], s.fbuf[:0], s.queue[:0], s.farQueue[:0]
	r.bestslack = s.bestslack // each entry is written before it is read
	r.treeRoot, r.deadRoot, r.deadMark, r.stamp = s.treeRoot, s.deadRoot, s.deadMark, s.stamp
	r.seen, r.pass = s.seen, s.pass
	r.initState(0)
	return r
}

// The scratch numbers of a Matcher's solver past the four of solve and
// refreshBest (0-3), so that re-optimising allocates nothing.
const (
	scratchDissolve = 4 + iota // dissolve: the blossom's dual
	scratchTwo                 // keepPair: twice the weight of the pair
	scratchLx                  // keepPair: the least dual of x
	scratchLy                  // keepPair: the least dual of y
	scratchUy                  // keepPair: y's dual
	scratchNumbers
)

// triangle returns the vertices i < j of pair k of a dense solver (k =
// j(j-1)/2 + i, the order of Graph's lower triangle): the ends of an edge
// are computed rather than stored, which at 10,000 vertices saves 400 MB.
func triangle(k int) (int, int) {
	j := int((1 + math.Sqrt(float64(8*k+1))) / 2)
	for j*(j-1)/2 > k {
		j--
	}
	for (j+1)*j/2 <= k {
		j++
	}
	return k - j*(j-1)/2, j
}

// ends returns the ends of edge k, the lower vertex first.
func (s *solver) ends(k int) (int, int) {
	if s.dense != nil {
		return triangle(k)
	}
	return int(s.eu[k]), int(s.ev[k])
}

// edgeCount is the number of edge slots: every pair of vertices of a
// dense solver.
func (s *solver) edgeCount() int {
	if s.dense != nil {
		return s.n * (s.n - 1) / 2
	}
	return len(s.eu)
}

// usable reports whether edge k takes part in the matching.
func (s *solver) usable(k int) bool {
	if s.dense == nil {
		return true
	}
	u, v := s.ends(k)
	return !s.retired[u] && !s.retired[v] && s.dense.hasEdge(u, v)
}

// neighbours calls f with the remote endpoint p of every edge at v and
// its vertex u.
func (s *solver) neighbours(v int, f func(p, u int) bool) {
	if s.dense == nil {
		for _, p := range s.neighbend[v] {
			if !f(p, s.endpoint(p)) {
				return
			}
		}
		return
	}
	for wi, word := range s.dense.row(v) {
		for word != 0 {
			u := wi*64 + bits.TrailingZeros64(word)
			word &= word - 1
			if s.retired[u] {
				continue
			}
			var p int
			if v < u {
				p = 2*(u*(u-1)/2+v) + 1
			} else {
				p = 2 * (v*(v-1)/2 + u)
			}
			if !f(p, u) {
				return
			}
		}
	}
}

// slackAt writes the slack of edge k, from x to j, into dst.
func (s *solver) slackAt(x, j, k int, dst Weight) {
	if s.dense != nil {
		s.denseSlack(x, j, k, dst)
		return
	}
	s.slackInto(k, dst)
}

// initDuals starts every vertex dual at the largest weight.
func (s *solver) initDuals() {
	maxw := make(Weight, s.k)
	w := make(Weight, s.dense.words)
	for j := 1; j < s.n; j++ {
		for i := 0; i < j; i++ {
			if s.retired[i] || s.retired[j] || !s.dense.hasEdge(i, j) {
				continue
			}
			s.dense.weightOf(i, j, w)
			if cmpShort(w, maxw) > 0 {
				maxw.Clear()
				copy(maxw, w)
			}
		}
	}
	for v := 0; v < s.n; v++ {
		s.num(v).Set(maxw)
	}
}

func cmpShort(w Weight, long Weight) int {
	for i := len(long) - 1; i >= len(w); i-- {
		if long[i] != 0 {
			return -1
		}
	}
	return w.Cmp(long[:len(w)])
}

// subShort sets dst to dst - w, w possibly narrower than dst.
func subShort(dst, w Weight) {
	var b uint64
	for i := range dst {
		var x uint64
		if i < len(w) {
			x = w[i]
		}
		dst[i], b = bits.Sub64(dst[i], x, b)
	}
}

// release dissolves the blossoms holding x and unmatches x.
func (s *solver) release(x int) {
	for s.inblossom[x] != x {
		b := s.inblossom[x]
		for s.blossomparent[b] != -1 {
			b = s.blossomparent[b]
		}
		s.dissolve(b)
	}
	if s.mate[x] != -1 {
		y := s.endpoint(s.mate[x])
		s.mate[x], s.mate[y] = -1, -1
	}
}

// dissolve removes top-level blossom b, moving its dual onto its vertices.
func (s *solver) dissolve(b int) {
	z := s.scratch(scratchDissolve)
	z.Set(s.num(b))
	s.leafBuf = s.leaves(b, s.leafBuf[:0])
	leaves := s.leafBuf
	if !z.IsZero() {
		for _, v := range leaves {
			s.num(v).Add(z)
		}
		base := s.blossombase[b]
		if s.mate[base] != -1 {
			y := s.endpoint(s.mate[base])
			s.mate[base], s.mate[y] = -1, -1
		}
	}
	for _, c := range s.blossomchilds[b] {
		s.blossomparent[c] = -1
		if c < s.n {
			s.inblossom[c] = c
		} else {
			s.leafBuf = s.leaves(c, s.leafBuf[:0])
			for _, v := range s.leafBuf {
				s.inblossom[v] = c
			}
		}
	}
	s.num(b).Clear()
	s.label[b], s.labelend[b] = 0, -1
	s.blossomchilds[b], s.blossomendps[b] = s.blossomchilds[b][:0], s.blossomendps[b][:0] // kept for the next blossom b
	s.blossombase[b] = -1
	s.bestStale[b] = false
	s.bestedge[b] = -1
	s.unused = append(s.unused, b)
}

// feasibleDual sets x's dual to the least value keeping every edge at x
// feasible (x is a vertex outside any blossom).
func (s *solver) feasibleDual(x int) {
	s.leastDual(x, -1, s.num(x))
}

// leastDual writes into d the least dual of x that keeps every edge at x
// feasible, the edge to vertex except (-1: none) left out: the largest
// 2w(x,j) - u_j over x's edges, or zero.
func (s *solver) leastDual(x, except int, d Weight) {
	d.Clear()
	t := s.scratch(0)
	for wi, word := range s.dense.row(x) {
		for word != 0 {
			j := wi*64 + bits.TrailingZeros64(word)
			word &= word - 1
			if j == except || s.retired[j] {
				continue
			}
			var e int
			if x < j {
				e = j*(j-1)/2 + x
			} else {
				e = x*(x-1)/2 + j
			}
			if s.overDual(e, x, j, t) && t.Cmp(d) > 0 {
				d.Set(t)
			}
		}
	}
}

// overDual writes 2w(e) - u_j into t when twice the weight of edge e,
// from x to j, exceeds the dual of its end j, and reports whether it does.
func (s *solver) overDual(e, x, j int, t Weight) bool {
	k, g := s.k, s.dense
	u := s.dual[j*k : j*k+k]
	t = t[:k]
	u = u[:len(t)]
	w, up := g.weightAt(x, j)
	y, c := bits.Add64(w, w, 0)
	var b uint64
	t[0], b = bits.Sub64(y, u[0], 0)
	if len(up) > len(t)-2 {
		return false // not reached: the duals are a word wider than the weights
	}
	for i, x := range up {
		y, c = bits.Add64(x, x, c)
		t[i+1], b = bits.Sub64(y, u[i+1], b)
	}
	last := len(t) - 1
	t[last], b = bits.Sub64(c, u[last], b)
	return b == 0 && !Weight(t).IsZero()
}

// keepPair tries to keep the changed vertex x matched to its partner y:
// it succeeds when duals exist for x and y that make their edge tight and
// every other edge at them feasible; it then sets them.
//
// When it fails after computing the least dual x needs for its other
// edges, it returns that too (x is then outside any blossom and matched),
// in a scratch number that the next call overwrites.
func (s *solver) keepPair(x int) (bool, Weight) {
	if s.inblossom[x] != x || s.mate[x] == -1 {
		return false, nil
	}
	y := s.endpoint(s.mate[x])
	if s.inblossom[y] != y {
		return false, nil
	}
	two := s.scratch(scratchTwo)
	two.Clear()
	s.dense.weightOf(x, y, two[:s.dense.words])
	if two.IsZero() {
		return false, nil
	}
	lx := s.scratch(scratchLx)
	s.leastDual(x, y, lx)
	two.Add(two)
	if two.Cmp(lx) < 0 {
		return false, lx
	}
	ly := s.scratch(scratchLy)
	s.leastDual(y, x, ly)
	uy := s.scratch(scratchUy)
	uy.Set(two)
	uy.Sub(lx)
	if uy.Cmp(ly) < 0 {
		return false, lx
	}
	s.num(x).Set(lx)
	s.num(y).Set(uy)
	return true, nil
}

// greedy matches unmatched vertices among xs to unmatched neighbours
// along tight edges, which keeps the duals optimal and saves the
// algorithm's stages the work.
func (s *solver) greedy(xs []int) {
	t := s.scratch(1)
	for _, x := range xs {
		if s.retired[x] || s.mate[x] != -1 || s.inblossom[x] != x || s.num(x).IsZero() {
			continue
		}
		s.neighbours(x, func(p, j int) bool {
			if s.mate[j] != -1 || s.inblossom[j] != j {
				return true
			}
			s.slackAt(x, j, p/2, t)
			if !t.IsZero() {
				return true
			}
			s.mate[x] = p
			s.mate[j] = p ^ 1
			return false
		})
	}
}
