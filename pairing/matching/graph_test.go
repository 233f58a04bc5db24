package matching

import (
	"math/rand"
	"testing"
)

// TestGraphStoresWeights sets and overwrites weights of several widths
// (enough distinct upper parts to make the graph rebuild its table) and
// reads each back, with the weights kept by rows and in a lower triangle.
func TestGraphStoresWeights(t *testing.T) {
	defer func(from, limit int) { rowFrom, rowLimit = from, limit }(rowFrom, rowLimit)
	rowFrom = 0
	for _, limit := range []int{rowLimit, 0} { // by rows, then the lower triangle
		rowLimit = limit
		graphStoresWeights(t)
	}
}

func graphStoresWeights(t *testing.T) {
	for _, c := range []struct {
		name         string
		n, words     int
		sets         int
		distinctHigh int // number of distinct upper parts drawn from
	}{
		{"one word", 12, 1, 500, 0},
		{"few upper parts", 12, 3, 2000, 5},
		{"many upper parts, table rebuilt", 10, 4, 5000, 1 << 30},
	} {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(c.n * c.words)))
			g, err := NewGraph(c.n, c.words)
			if err != nil {
				t.Fatal(err)
			}
			want := map[[2]int]Weight{}
			for s := 0; s < c.sets; s++ {
				i, j := rng.Intn(c.n), rng.Intn(c.n)
				if i == j {
					continue
				}
				w := NewWeight(c.words)
				w[0] = uint64(rng.Intn(4))
				for x := 1; x < c.words; x++ {
					w[x] = uint64(rng.Intn(c.distinctHigh + 1))
				}
				if rng.Intn(10) == 0 {
					w.Clear()
				}
				g.SetWeight(i, j, w)
				want[[2]int{min(i, j), max(i, j)}] = w
			}
			for i := 0; i < c.n; i++ {
				for j := i + 1; j < c.n; j++ {
					w, ok := want[[2]int{i, j}]
					if !ok {
						w = NewWeight(c.words)
					}
					if got := g.Weight(j, i); got.Cmp(w) != 0 {
						t.Fatalf("weight %d-%d: got %v, want %v", i, j, got, w)
					}
					if !g.WeightIs(i, j, w) {
						t.Fatalf("WeightIs %d-%d is false for %v", i, j, w)
					}
					if g.hasEdge(i, j) == w.IsZero() {
						t.Fatalf("hasEdge %d-%d wrong for %v", i, j, w)
					}
					for _, e := range [2][2]int{{i, j}, {j, i}} {
						if bit := g.row(e[0])[e[1]/64]>>(e[1]%64)&1 != 0; bit == w.IsZero() {
							t.Fatalf("edge bit %d-%d wrong for %v", e[0], e[1], w)
						}
					}
					w2 := w.Clone()
					w2[c.words-1]++
					if g.WeightIs(i, j, w2) {
						t.Fatalf("WeightIs %d-%d is true for %v", i, j, w2)
					}
				}
			}
			if c.words > 1 && len(g.highs.words)/g.highs.width > g.pairs+1025 {
				t.Fatalf("table of %d entries for %d pairs", len(g.highs.words)/g.highs.width, g.pairs)
			}
		})
	}
}

// TestTriangle checks that triangle inverts the pair numbering of the
// graph's lower triangle, across the range where floating-point square
// roots need correcting.
func TestTriangle(t *testing.T) {
	check := func(i, j int) {
		if gi, gj := triangle(pair(i, j)); gi != i || gj != j {
			t.Fatalf("triangle(pair(%d, %d)) = %d, %d", i, j, gi, gj)
		}
	}
	for j := 1; j < 300; j++ {
		for i := 0; i < j; i++ {
			check(i, j)
		}
	}
	for _, j := range []int{4095, 4096, 9999, 10000, 46341, 65535, 1 << 20, 1 << 24} {
		for _, i := range []int{0, 1, j / 2, j - 2, j - 1} {
			check(i, j)
		}
	}
}
