package dutch

import (
	"math/rand/v2"
	"path/filepath"
	"sort"
	"testing"
)

// TestCardinalityMatching checks Edmonds' search against the largest
// matching found by trying every pairing, on small random graphs (odd and
// even, sparse and dense, where blossoms abound).
func TestCardinalityMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(11)
		density := []float64{0.15, 0.3, 0.5, 0.8}[trial%4]
		var edges [][2]int
		c := newCardinality(n)
		for v := 1; v < n; v++ {
			for u := 0; u < v; u++ {
				if rng.Float64() < density {
					c.join(u, v)
					edges = append(edges, [2]int{u, v})
				}
			}
		}
		if trial%2 == 0 {
			c.greedy()
		}
		pairs := 0
		for v := 0; v < n; v++ {
			if c.mate[v] == -1 {
				c.augment(v)
			}
		}
		for v := 0; v < n; v++ {
			if c.mate[v] > v {
				pairs++
				if c.row(v)[c.mate[v]/64]&(1<<(uint(c.mate[v])%64)) == 0 {
					t.Fatalf("trial %d: %d-%d paired without an edge", trial, v, c.mate[v])
				}
			}
			if u := c.mate[v]; u >= 0 && c.mate[u] != v {
				t.Fatalf("trial %d: mates disagree at %d", trial, v)
			}
		}
		if want := largest(n, edges); pairs != want {
			t.Fatalf("trial %d (n=%d, edges %v): %d pairs, the largest matching has %d", trial, n, edges, pairs, want)
		}
	}
}

// largest is the number of pairs of a largest matching, by trying every
// choice for the lowest free vertex.
func largest(n int, edges [][2]int) int {
	adj := make([][]bool, n)
	for v := range adj {
		adj[v] = make([]bool, n)
	}
	for _, e := range edges {
		adj[e[0]][e[1]], adj[e[1]][e[0]] = true, true
	}
	used := make([]bool, n)
	var best func() int
	best = func() int {
		v := 0
		for v < n && used[v] {
			v++
		}
		if v == n {
			return 0
		}
		used[v] = true
		b := best() // v unpaired
		for u := v + 1; u < n; u++ {
			if !used[u] && adj[v][u] {
				used[u] = true
				b = max(b, 1+best())
				used[u] = false
			}
		}
		used[v] = false
		return b
	}
	return best()
}

// TestByeGroupAsByeMatching pairs every endorsed-engine case with the bye
// assignee's score found by byeGroup and by byeMatching alone: the
// pairings are the same.
func TestByeGroupAsByeMatching(t *testing.T) {
	files, err := filepath.Glob("../testdata/cases/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	sort.Strings(files)
	if testing.Short() {
		files = files[:len(files)/10]
	}
	defer func() { byeByCardinality = true }()
	for _, f := range files {
		byeByCardinality = true
		fast, err1 := pairFile(f)
		byeByCardinality = false
		slow, err2 := pairFile(f)
		if (err1 == nil) != (err2 == nil) || fast != slow {
			t.Errorf("%s: byeGroup %q (%v), byeMatching %q (%v)", filepath.Base(f), fast, err1, slow, err2)
		}
	}
}
