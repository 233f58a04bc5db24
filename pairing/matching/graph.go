package matching

import "errors"

// Graph is an undirected graph on vertices 0..N-1 with a Weight on every
// pair of vertices; a zero weight means "no edge".
//
// The weights are stored compactly: the lowest word of each pair's weight
// in place, the words above it as an index into a table of the distinct
// upper parts seen. The weights of pairing differ mostly in their lowest
// word (a few hundred distinct upper parts among millions of pairs), so the
// graph takes 12 bytes a pair instead of 8 per word, and the solver's slack
// computations read a small, cached table instead of the whole weight.
type Graph struct {
	n     int
	words int
	lo    []uint64 // lower triangle, pair (i<j) at index j*(j-1)/2+i: the lowest word
	hi    []uint32 // per pair, in the same order: the index of the upper words in highs
	highs highTable
	// The vertices at which an edge appeared or disappeared since a
	// Matcher last looked (its adjacency lists follow them).
	flipped []bool
	flips   []int
	// rowLo and rowHi hold every weight a second time, by rows (pair u, v
	// at u*n+v and v*n+u), for graphs of at most rowLimit vertices: the
	// solver reads a vertex's edges one after the other, which the lower
	// triangle only lays out one after the other for the vertices before
	// it (those after it are a row apart each, a cache miss apiece).
	rowLo []uint64
	rowHi []uint32
}

// rowLimit is the largest graph whose weights are also kept by rows (12
// bytes a pair more: 430 MB at 6,000 vertices). A variable for the tests,
// which run the solver both ways.
var rowLimit = 6000

// rowFrom is the smallest graph whose weights are also kept by rows: below
// it the lower triangle is small enough to stay in the processor's cache,
// where the rows would save no misses and cost their memory.
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
	if n < 0 || words <= 0 {
		return nil, ErrSize
	}
	pairs := n * (n - 1) / 2
	g := &Graph{n: n, words: words, lo: make([]uint64, pairs), hi: make([]uint32, pairs), flipped: make([]bool, n)}
	if n >= rowFrom && n <= rowLimit {
		g.rowLo = make([]uint64, n*n)
		g.rowHi = make([]uint32, n*n)
	}
	g.highs = highTable{width: words - 1, words: make([]uint64, words-1), byHash: map[uint64][]uint32{}}
	return g, nil
}

// N returns the number of vertices.
func (g *Graph) N() int { return g.n }

// Words returns the width of the graph's weights in 64-bit words.
func (g *Graph) Words() int { return g.words }

// pair returns the index of the pair i, j (i != j).
func pair(i, j int) int {
	if i > j {
		i, j = j, i
	}
	return j*(j-1)/2 + i
}

// SetWeight sets the weight of the edge between vertices i and j (i != j);
// a zero weight removes the edge. w must have Words() words.
func (g *Graph) SetWeight(i, j int, w Weight) {
	if i == j {
		return
	}
	k := pair(i, j)
	was := g.edge(k)
	g.lo[k] = w[0]
	g.hi[k] = g.highs.find(w[1:g.words])
	g.setRows(i, j, k)
	if g.edge(k) != was {
		g.flip(i, j)
	}
	if g.highs.width > 0 && len(g.highs.words)/g.highs.width > len(g.lo)+1024 {
		g.compact()
	}
}

// ClearEdge removes the edge between i and j.
func (g *Graph) ClearEdge(i, j int) {
	if i == j {
		return
	}
	k := pair(i, j)
	if g.edge(k) {
		g.flip(i, j)
	}
	g.lo[k], g.hi[k] = 0, 0
	g.setRows(i, j, k)
}

// setRows copies pair k (of i and j) into the rows, when they are kept.
func (g *Graph) setRows(i, j, k int) {
	if g.rowLo != nil {
		g.rowLo[i*g.n+j], g.rowLo[j*g.n+i] = g.lo[k], g.lo[k]
		g.rowHi[i*g.n+j], g.rowHi[j*g.n+i] = g.hi[k], g.hi[k]
	}
}

// weightAt returns the lowest word and the upper words (a view into the
// table) of the weight of pair k, of vertices u and v: from the rows when
// they are kept.
func (g *Graph) weightAt(u, v, k int) (uint64, []uint64) {
	if g.rowLo != nil {
		r := u*g.n + v
		h, wd := int(g.rowHi[r]), g.highs.width
		return g.rowLo[r], g.highs.words[h*wd : h*wd+wd]
	}
	return g.lo[k], g.upper(k)
}

// flip notes that the edge between i and j appeared or disappeared.
func (g *Graph) flip(i, j int) {
	for _, v := range [2]int{i, j} {
		if !g.flipped[v] {
			g.flipped[v] = true
			g.flips = append(g.flips, v)
		}
	}
}

// takeFlips returns the vertices at which an edge appeared or disappeared
// since the last call, and forgets them.
func (g *Graph) takeFlips() []int {
	f := g.flips
	for _, v := range f {
		g.flipped[v] = false
	}
	g.flips = g.flips[:0]
	return f
}

// hasEdge reports whether the weight between i and j (i != j) is not zero.
func (g *Graph) hasEdge(i, j int) bool {
	k := pair(i, j)
	return g.lo[k] != 0 || g.hi[k] != 0
}

// edge reports whether the weight of pair k is not zero.
func (g *Graph) edge(k int) bool { return g.lo[k] != 0 || g.hi[k] != 0 }

// upper returns the upper words (1..words-1) of pair k's weight (a view
// into the table).
func (g *Graph) upper(k int) []uint64 {
	h, wd := int(g.hi[k]), g.highs.width
	return g.highs.words[h*wd : h*wd+wd]
}

// weightOf copies the weight of pair k into dst (Words() words).
func (g *Graph) weightOf(k int, dst Weight) {
	dst[0] = g.lo[k]
	copy(dst[1:g.words], g.upper(k))
}

// Weight returns a copy of the weight of the edge between i and j.
func (g *Graph) Weight(i, j int) Weight {
	w := make(Weight, g.words)
	if i != j {
		g.weightOf(pair(i, j), w)
	}
	return w
}

// WeightIs reports whether the weight of the edge between i and j (i != j)
// equals w.
func (g *Graph) WeightIs(i, j int, w Weight) bool {
	k := pair(i, j)
	if g.lo[k] != w[0] {
		return false
	}
	u := g.upper(k)
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
	for r, h := range g.rowHi {
		g.rowHi[r] = renum[h]
	}
}
