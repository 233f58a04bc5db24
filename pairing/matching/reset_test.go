package matching

import (
	"math/rand"
	"reflect"
	"testing"
)

// TestMatcherReset drives a Graph and Matcher made anew and a Graph and
// Matcher Reset in the memory of the ones before (of other sizes and
// weight widths: fewer and more vertices, a row of edge bits more or less)
// through the same weights, changes, retirements and restarts: every
// Solve must give the same mates.
func TestMatcherReset(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	kept, _ := NewGraph(0, 1)
	keptM := NewMatcher(kept)
	for iter := 0; iter < 300; iter++ {
		n := 2 + rng.Intn(70)
		words := 1 + rng.Intn(3)
		fresh, _ := NewGraph(n, words)
		freshM := NewMatcher(fresh)
		if err := kept.Reset(n, words); err != nil {
			t.Fatal(err)
		}
		keptM.Reset()
		weight := func() Weight {
			w := NewWeight(words)
			if rng.Intn(4) == 0 {
				return w
			}
			w.AddSmall(uint64(1 + rng.Intn(9)))
			w.Lsh(uint(rng.Intn(64*words - 4)))
			w.AddSmall(uint64(rng.Intn(3)))
			return w
		}
		set := func(i, j int) {
			w := weight()
			fresh.SetWeight(i, j, w)
			kept.SetWeight(i, j, w)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				set(i, j)
			}
		}
		for step := 0; step < 8; step++ {
			a, b := freshM.Solve(), keptM.Solve()
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("iter %d (n %d, %d words) step %d: a Reset Matcher gives %v, a new one %v", iter, n, words, step, b, a)
			}
			switch op := rng.Intn(6); {
			case op == 0:
				v := rng.Intn(n)
				freshM.Retire(v)
				keptM.Retire(v)
			case op == 1:
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						set(i, j)
					}
				}
				freshM.Restart()
				keptM.Restart()
			default:
				v := rng.Intn(n)
				for u := 0; u < n; u++ {
					if u != v && rng.Intn(2) == 0 {
						set(u, v)
					}
				}
				freshM.Changed(v)
				keptM.Changed(v)
			}
		}
	}
}
