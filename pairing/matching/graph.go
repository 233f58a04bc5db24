package matching

import "errors"

// Graph is an undirected graph on vertices 0..N-1 with a Weight on every
// pair of vertices; a zero weight means "no edge".
type Graph struct {
	n     int
	words int
	w     []uint64 // lower triangle, pair (i<j) at index j*(j-1)/2+i, words each
	edge  []bool   // per pair, in the same order: its weight is not zero
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
	return &Graph{n: n, words: words, w: make([]uint64, pairs*words), edge: make([]bool, pairs)}, nil
}

// N returns the number of vertices.
func (g *Graph) N() int { return g.n }

// Words returns the width of the graph's weights in 64-bit words.
func (g *Graph) Words() int { return g.words }

func (g *Graph) at(i, j int) int {
	if i > j {
		i, j = j, i
	}
	return (j*(j-1)/2 + i) * g.words
}

// SetWeight sets the weight of the edge between vertices i and j (i != j);
// a zero weight removes the edge. w must have Words() words.
func (g *Graph) SetWeight(i, j int, w Weight) {
	if i == j {
		return
	}
	o := g.at(i, j)
	copy(g.w[o:o+g.words], w)
	g.edge[o/g.words] = !Weight(g.w[o : o+g.words]).IsZero()
}

// ClearEdge removes the edge between i and j.
func (g *Graph) ClearEdge(i, j int) {
	if i == j {
		return
	}
	o := g.at(i, j)
	for k := 0; k < g.words; k++ {
		g.w[o+k] = 0
	}
	g.edge[o/g.words] = false
}

// hasEdge reports whether the weight between i and j (i != j) is not zero.
func (g *Graph) hasEdge(i, j int) bool {
	if i > j {
		i, j = j, i
	}
	return g.edge[j*(j-1)/2+i]
}

// Weight returns the weight of the edge between i and j (a view into the
// graph: do not keep it across SetWeight calls, and do not write to it).
func (g *Graph) Weight(i, j int) Weight {
	if i == j {
		return make(Weight, g.words)
	}
	o := g.at(i, j)
	return Weight(g.w[o : o+g.words])
}
