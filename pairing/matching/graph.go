package matching

import "errors"

// Graph is an undirected graph on vertices 0..N-1 with a Weight on every
// pair of vertices; a zero weight means "no edge".
//
// The weights are stored compactly: the lowest word of each pair's weight
// in place, the words above it as an index into a table of the distinct
// upper parts seen. The weights of pairing differ mostly in their lowest
// word (a few hundred distinct upper parts among millions of pairs), so a
// pair takes 12 bytes instead of 8 per word, and the solver's slack
// computations read a small, cached table instead of the whole weight.
//
// Graphs of rowFrom to rowLimit vertices keep every weight by rows, twice
// (pair u, v at u*n+v and v*n+u): the solver reads a vertex's edges one
// after the other, which a lower triangle only lays out one after the
// other for the vertices before it (those after it are a row apart each,
// a cache miss apiece; the solver ran twice as slow on 4,000 players).
// Larger graphs keep the lower triangle only, half the memory, and so do
// smaller ones, whose triangle stays in the processor's cache.
type Graph struct {
	n     int
	words int
	pairs int      // n(n-1)/2
	lo    []uint64 // by rows (n*n) or lower triangle (pair i<j at j*(j-1)/2+i): the lowest word
	hi    []uint32 // in the same order: the index of the upper words in highs
	rows  bool     // lo and hi are by rows
	highs highTable
	// edges has a bit for every pair of vertices joined by an edge (a
	// weight that is not zero), by rows: bit v of row u (stride words a
	// row) and bit u of row v. A Matcher's solver reads a vertex's edges
	// from it in the order of the vertices, 1 bit a pair where a list of
	// neighbours took 8 bytes.
	edges  []uint64
	stride int
}

// rowLimit is the largest graph whose weights are kept by rows (12 bytes a
// pair and direction: 1.2 GB at 10,000 vertices, where the lower triangle
// takes 600 MB). A variable for the tests, which run the solver both ways.
var rowLimit = 10000

// rowFrom is the smallest graph whose weights are kept by rows: below it
// the rows would save no cache misses and cost their memory, which a
// process that pairs a small tournament spends most on (the generator
// starts one a tournament, every page it touches a fault).
var rowFrom = 256

// highTable holds the distinct upper parts (words 1..words-1) of the
// weights; entry 0 is zero.
type highTable struct {
	width  int      // words per entry
	words  []uint64 // width words per entry
	byHash map[uint64][]uint32
	last   uint32 // the entry found last (consecutive weights often share it)
}

// ErrSize is returned by NewGraph for a negative vertex count or width.
var ErrSize = errors.New("matching: negative graph size or weight width")

// NewGraph returns a graph of n vertices and no edges whose weights are
// words 64-bit words wide (the solver adds a word of headroom of its own).
func NewGraph(n, words int) (*Graph, error) {
	g := &Graph{}
	if err := g.Reset(n, words); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset makes g a graph of n vertices and no edges whose weights are words
// 64-bit words wide, as NewGraph does, in g's memory where it has room: a
// caller that builds one graph after another (a round after another) saves
// their allocation. g's Matcher, if any, must be Reset after it.
func (g *Graph) Reset(n, words int) error {
	if n < 0 || words <= 0 {
		return ErrSize
	}
	stride := (n + 63) / 64
	g.n, g.words, g.pairs, g.stride = n, words, n*(n-1)/2, stride
	g.edges = zeroed(g.edges, n*stride)
	slots := g.pairs
	g.rows = n >= rowFrom && n <= rowLimit
	if g.rows {
		slots = n * n
	}
	g.lo, g.hi = zeroed(g.lo, slots), zeroed(g.hi, slots)
	if g.highs.byHash == nil {
		g.highs.byHash = map[uint64][]uint32{}
	}
	clear(g.highs.byHash)
	g.highs.width, g.highs.last = words-1, 0
	g.highs.words = zeroed(g.highs.words, words-1)
	return nil
}

// zeroed returns n zero elements in a's memory when it has room for them,
// or new ones.
func zeroed[T any](a []T, n int) []T {
	if cap(a) < n {
		return make([]T, n)
	}
	a = a[:n]
	clear(a)
	return a
}

// N returns the number of vertices.
func (g *Graph) N() int { return g.n }

// Words returns the width of the graph's weights in 64-bit words.
func (g *Graph) Words() int { return g.words }

// pair returns the index of the pair i, j (i != j) in the lower triangle.
func pair(i, j int) int {
	if i > j {
		i, j = j, i
	}
	return j*(j-1)/2 + i
}

// slot returns where the pair i, j (i != j) is read: its row slot i*n+j,
// or its index in the lower triangle.
func (g *Graph) slot(i, j int) int {
	if g.rows {
		return i*g.n + j
	}
	return pair(i, j)
}

// put stores the parts of the weight of pair i, j.
func (g *Graph) put(i, j int, lo uint64, hi uint32) {
	if g.rows {
		a, b := i*g.n+j, j*g.n+i
		g.lo[a], g.lo[b] = lo, lo
		g.hi[a], g.hi[b] = hi, hi
		return
	}
	k := pair(i, j)
	g.lo[k], g.hi[k] = lo, hi
}

// SetWeight sets the weight of the edge between i and j (i != j);
// a zero weight removes the edge. w must have Words() words.
func (g *Graph) SetWeight(i, j int, w Weight) {
	if i == j {
		return
	}
	was := g.hasEdge(i, j)
	g.put(i, j, w[0], g.highs.find(w[1:g.words]))
	if g.hasEdge(i, j) != was {
		g.flip(i, j)
	}
	if g.highs.width > 0 && len(g.highs.words)/g.highs.width > g.pairs+1024 {
		g.compact()
	}
}

// ClearEdge removes the edge between i and j.
func (g *Graph) ClearEdge(i, j int) {
	if i == j {
		return
	}
	if g.hasEdge(i, j) {
		g.flip(i, j)
	}
	g.put(i, j, 0, 0)
}

// weightAt returns the lowest word and the upper words (a view into the
// table) of the weight of pair u, v.
func (g *Graph) weightAt(u, v int) (uint64, []uint64) {
	r := g.slot(u, v)
	h, wd := int(g.hi[r]), g.highs.width
	return g.lo[r], g.highs.words[h*wd : h*wd+wd]
}

// flip turns the bits of the pair i, j in edges: its edge appeared or
// disappeared.
func (g *Graph) flip(i, j int) {
	a, b := i*g.stride+j/64, j*g.stride+i/64
	g.edges[a] ^= 1 << (uint(j) % 64)
	g.edges[b] ^= 1 << (uint(i) % 64)
}

// row returns the bits of edges of vertex v's row: bit u (of word u/64)
// is set when v and u are joined by an edge.
func (g *Graph) row(v int) []uint64 { return g.edges[v*g.stride : (v+1)*g.stride] }

// hasEdge reports whether the weight between i and j (i != j) is not zero.
func (g *Graph) hasEdge(i, j int) bool {
	r := g.slot(i, j)
	return g.lo[r] != 0 || g.hi[r] != 0
}

// weightOf copies the weight of pair i, j into dst (Words() words).
func (g *Graph) weightOf(i, j int, dst Weight) {
	lo, up := g.weightAt(i, j)
	dst[0] = lo
	copy(dst[1:g.words], up)
}

// Weight returns a copy of the weight of the edge between i and j.
func (g *Graph) Weight(i, j int) Weight {
	w := make(Weight, g.words)
	if i != j {
		g.weightOf(i, j, w)
	}
	return w
}

// WeightIs reports whether the weight of the edge between i and j (i != j)
// equals w.
func (g *Graph) WeightIs(i, j int, w Weight) bool {
	lo, u := g.weightAt(i, j)
	if lo != w[0] {
		return false
	}
	for x := range u {
		if u[x] != w[x+1] {
			return false
		}
	}
	return true
}

// find returns the entry holding the upper words u, adding it if new.
func (t *highTable) find(u []uint64) uint32 {
	if t.width == 0 {
		return 0
	}
	if t.equal(t.last, u) {
		return t.last
	}
	zero := true
	for _, x := range u {
		if x != 0 {
			zero = false
			break
		}
	}
	if zero {
		return 0
	}
	h := uint64(14695981039346656037)
	for _, x := range u {
		h = (h ^ x) * 1099511628211
	}
	for _, e := range t.byHash[h] {
		if t.equal(e, u) {
			t.last = e
			return e
		}
	}
	e := uint32(len(t.words) / t.width)
	t.words = append(t.words, u...)
	t.byHash[h] = append(t.byHash[h], e)
	t.last = e
	return e
}

func (t *highTable) equal(e uint32, u []uint64) bool {
	v := t.words[int(e)*t.width : int(e)*t.width+t.width]
	for i := range v {
		if v[i] != u[i] {
			return false
		}
	}
	return true
}

// compact rebuilds the table from the weights in use, dropping the upper
// parts no pair refers to any more.
func (g *Graph) compact() {
	old := g.highs
	g.highs = highTable{width: old.width, words: make([]uint64, old.width), byHash: map[uint64][]uint32{}}
	renum := map[uint32]uint32{0: 0}
	for k, h := range g.hi {
		e, ok := renum[h]
		if !ok {
			e = g.highs.find(old.words[int(h)*old.width : int(h)*old.width+old.width])
			renum[h] = e
		}
		g.hi[k] = e
	}
}
