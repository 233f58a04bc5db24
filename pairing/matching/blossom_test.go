package matching

import (
	"math/big"
	"math/rand"
	"testing"
)

func toBig(w Weight) *big.Int {
	r := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(w[i]))
	}
	return r
}

// bruteForce returns the largest total weight of any matching.
func bruteForce(g *Graph) *big.Int {
	used := make([]bool, g.n)
	var rec func(v int) *big.Int
	rec = func(v int) *big.Int {
		for v < g.n && used[v] {
			v++
		}
		if v >= g.n {
			return new(big.Int)
		}
		used[v] = true
		best := rec(v + 1) // v stays unmatched
		for u := v + 1; u < g.n; u++ {
			if used[u] || g.Weight(v, u).IsZero() {
				continue
			}
			used[u] = true
			t := rec(v + 1)
			t.Add(t, toBig(g.Weight(v, u)))
			if t.Cmp(best) > 0 {
				best = t
			}
			used[u] = false
		}
		used[v] = false
		return best
	}
	return rec(0)
}

func matchingWeight(t *testing.T, g *Graph, mate []int) *big.Int {
	t.Helper()
	sum := new(big.Int)
	for v, u := range mate {
		if u == -1 {
			continue
		}
		if u < 0 || u >= g.n || u == v || mate[u] != v {
			t.Fatalf("mate is not a matching: %v", mate)
		}
		if g.Weight(v, u).IsZero() {
			t.Fatalf("matched along a missing edge %d-%d", v, u)
		}
		if v < u {
			sum.Add(sum, toBig(g.Weight(v, u)))
		}
	}
	return sum
}

func TestMaxWeightMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cases := []struct {
		name    string
		words   int
		density float64
		wbits   int // weight bits used
		small   bool
	}{
		{"dense small weights", 1, 0.9, 3, true},
		{"sparse small weights", 1, 0.4, 4, true},
		{"dense 62-bit", 1, 0.8, 62, false},
		{"two words", 2, 0.7, 120, false},
		{"four words few values", 4, 0.8, 250, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for iter := 0; iter < 400; iter++ {
				n := 1 + rng.Intn(11)
				g, err := NewGraph(n, c.words)
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						if rng.Float64() > c.density {
							continue
						}
						w := NewWeight(c.words)
						if c.small {
							// few distinct values, high bits: many ties
							w.AddSmall(uint64(1 + rng.Intn(4)))
							w.Lsh(uint(c.wbits - 3))
							w.AddSmall(uint64(rng.Intn(3)))
						} else {
							for b := 0; b < c.wbits; b++ {
								if rng.Intn(2) == 1 {
									w.AddBit(uint(b))
								}
							}
						}
						if w.IsZero() {
							w.AddSmall(1)
						}
						g.SetWeight(i, j, w)
					}
				}
				want := bruteForce(g)
				got := matchingWeight(t, g, g.MaxWeightMatching())
				if got.Cmp(want) != 0 {
					t.Fatalf("n=%d: matching weight %v, best is %v", n, got, want)
				}
			}
		})
	}
}

func TestMaxWeightMatchingSmall(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		edges [][3]uint64
		want  []int
	}{
		{"empty", 0, nil, []int{}},
		{"single edge", 2, [][3]uint64{{0, 1, 1}}, []int{1, 0}},
		{"path prefers heavy middle", 4, [][3]uint64{{0, 1, 2}, {1, 2, 5}, {2, 3, 2}}, []int{-1, 2, 1, -1}},
		{"path takes both ends", 4, [][3]uint64{{0, 1, 3}, {1, 2, 5}, {2, 3, 3}}, []int{1, 0, 3, 2}},
		{"triangle with tail (blossom)", 4, [][3]uint64{{0, 1, 6}, {1, 2, 6}, {0, 2, 6}, {2, 3, 5}}, []int{1, 0, 3, 2}},
		{"no edges", 3, nil, []int{-1, -1, -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := NewGraph(tc.n, 1)
			for _, e := range tc.edges {
				g.SetWeight(int(e[0]), int(e[1]), Weight{e[2]})
			}
			got := g.MaxWeightMatching()
			for v := range tc.want {
				if got[v] != tc.want[v] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestWeightArithmetic(t *testing.T) {
	w := NewWeight(3)
	w.AddSmall(1)
	w.Lsh(130)
	if w.BitLen() != 131 {
		t.Fatalf("BitLen after Lsh(130) = %d", w.BitLen())
	}
	w.SubSmall(1)
	if w.BitLen() != 130 || w[0] != ^uint64(0) || w[1] != ^uint64(0) || w[2] != 3 {
		t.Fatalf("borrow across words: %x", w)
	}
	v := w.Clone()
	v.Add(w)
	v.Rsh1()
	if v.Cmp(w) != 0 {
		t.Fatalf("(w+w)/2 != w")
	}
	if _, err := NewGraph(-1, 1); err == nil {
		t.Fatal("NewGraph(-1) accepted")
	}
}

func TestMatcherFollowsChanges(t *testing.T) {
	// the weights kept by rows, as in graphs of rowFrom to rowLimit
	// vertices
	defer func(from, limit int) { rowFrom, rowLimit = from, limit }(rowFrom, rowLimit)
	rowFrom = 0
	for _, tightFrom := range []int{tightRoots, 2} {
		matcherFollowsChanges(t, tightFrom)
	}
	// once more with the weights read from the lower triangle only, as
	// graphs smaller than rowFrom or larger than rowLimit are
	rowLimit = 0
	matcherFollowsChanges(t, tightRoots)
}

// matcherFollowsChanges checks a Matcher against brute force; tightFrom
// is its solver's threshold for tight augmentation before a stage (low
// values make the small graphs use it).
func matcherFollowsChanges(t *testing.T, tightFrom int) {
	rng := rand.New(rand.NewSource(7))
	for iter := 0; iter < 600; iter++ {
		n := 2 + rng.Intn(11)
		words := 1 + rng.Intn(2)
		g, _ := NewGraph(n, words)
		m := NewMatcher(g) // weights are set after the Matcher is made
		m.s.tightFrom = tightFrom
		randomWeight := func() Weight {
			w := NewWeight(words)
			if rng.Intn(4) == 0 {
				return w
			}
			w.AddSmall(uint64(1 + rng.Intn(5)))
			w.Lsh(uint(rng.Intn(64*words - 4)))
			w.AddSmall(uint64(rng.Intn(3)))
			return w
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				g.SetWeight(i, j, randomWeight())
			}
		}
		active := make([]bool, n)
		for v := range active {
			active[v] = true
		}
		for step := 0; step < 12; step++ {
			got := m.Solve()
			for v := range got {
				if !active[v] && got[v] != -1 {
					t.Fatalf("retired vertex %d matched", v)
				}
			}
			want := bruteForceAmong(g, active)
			if w := matchingWeight(t, g, got); w.Cmp(want) != 0 {
				t.Fatalf("tightFrom %d iter %d step %d: weight %v, best %v", tightFrom, iter, step, w, want)
			}
			switch op := rng.Intn(5); {
			case op == 0:
				v := rng.Intn(n)
				m.Retire(v)
				active[v] = false
			case op == 1 && step%3 == 0:
				// every weight changes: the Matcher starts afresh,
				// its retired vertices still retired
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						g.SetWeight(i, j, randomWeight())
					}
				}
				m.Restart()
			default:
				for c := 0; c < 1+rng.Intn(2); c++ {
					v := rng.Intn(n)
					for u := 0; u < n; u++ {
						if u != v && rng.Intn(2) == 0 {
							g.SetWeight(u, v, randomWeight())
							m.Touched(u)
						}
					}
					m.Changed(v)
				}
			}
		}
	}
}

// bruteForceAmong is bruteForce on the vertices v with active[v].
func bruteForceAmong(g *Graph, active []bool) *big.Int {
	h, _ := NewGraph(g.n, g.words)
	for i := 0; i < g.n; i++ {
		for j := i + 1; j < g.n; j++ {
			if active[i] && active[j] {
				h.SetWeight(i, j, g.Weight(i, j))
			}
		}
	}
	return bruteForce(h)
}

// TestMatcherBulkChanges changes the edges at many vertices of a larger
// graph at once (as a new bracket does) and compares the Matcher's result
// with a matching computed from scratch.
func TestMatcherBulkChanges(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for iter := 0; iter < 40; iter++ {
		n := 20 + rng.Intn(41)
		words := 1 + rng.Intn(3)
		g, _ := NewGraph(n, words)
		m := NewMatcher(g)
		// few distinct weights: many tight edges and ties, as in pairing
		randomWeight := func() Weight {
			w := NewWeight(words)
			if rng.Intn(5) == 0 {
				return w
			}
			w.AddSmall(uint64(1 + rng.Intn(3)))
			w.Lsh(uint(64*(words-1) + rng.Intn(8)))
			w.AddSmall(uint64(rng.Intn(4)))
			return w
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				g.SetWeight(i, j, randomWeight())
			}
		}
		active := make([]bool, n)
		for v := range active {
			active[v] = true
		}
		for step := 0; step < 8; step++ {
			got := m.Solve()
			want := g.MaxWeightMatchingAmong(active)
			if w, b := matchingWeight(t, g, got), matchingWeight(t, g, want); w.Cmp(b) != 0 {
				t.Fatalf("iter %d step %d: weight %v, from scratch %v", iter, step, w, b)
			}
			if rng.Intn(3) == 0 {
				v := rng.Intn(n)
				m.Retire(v)
				active[v] = false
			}
			for v := 0; v < n; v++ {
				if rng.Intn(2) != 0 {
					continue
				}
				for u := 0; u < n; u++ {
					if u != v && rng.Intn(2) == 0 {
						g.SetWeight(u, v, randomWeight())
						m.Touched(u)
					}
				}
				m.Changed(v)
			}
		}
	}
}
