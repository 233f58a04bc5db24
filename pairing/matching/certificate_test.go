package matching

import (
	"fmt"
	"math/rand"
	"testing"
)

// checkCertificate checks the duals a Matcher keeps against its matching:
// every edge between two top-level blossoms has a non-negative slack,
// every matched edge between them a zero slack, and every unmatched
// vertex a zero dual; together they prove the matching maximum.
func checkCertificate(t *testing.T, m *Matcher, where string) {
	t.Helper()
	s := m.s
	slack := make(Weight, s.k)
	for k := 0; k < s.edgeCount(); k++ {
		u, v := s.ends(k)
		if !s.usable(k) || s.inblossom[u] == s.inblossom[v] {
			continue
		}
		s.denseSlack(u, v, k, slack)
		if slack[len(slack)-1]>>63 != 0 {
			t.Fatalf("%s: edge %d-%d has a negative slack", where, u, v)
		}
		if s.mate[u] != -1 && s.endpoint(s.mate[u]) == v && !slack.IsZero() {
			t.Fatalf("%s: matched edge %d-%d is not tight (slack %v)", where, u, v, slack)
		}
	}
	for v := 0; v < s.n; v++ {
		if !m.retired[v] && s.mate[v] == -1 && !s.num(v).IsZero() {
			t.Fatalf("%s: unmatched vertex %d has dual %v", where, v, s.num(v))
		}
	}
}

// TestMatcherDualCertificate changes the weights at random vertices, with
// few distinct weights (many ties), and checks the duals after each Solve:
// the roots of a stage must agree in parity for the halved slack of an
// edge between two S-blossoms to make it tight (evenRoot).
func TestMatcherDualCertificate(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for iter := 0; iter < 300; iter++ {
		n := 10 + rng.Intn(31)
		g, _ := NewGraph(n, 1)
		m := NewMatcher(g)
		weight := func() Weight {
			w := NewWeight(1)
			if rng.Intn(4) != 0 {
				w[0] = uint64(1 + rng.Intn(7))
			}
			return w
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				g.SetWeight(i, j, weight())
			}
		}
		for step := 0; step < 10; step++ {
			m.Solve()
			checkCertificate(t, m, fmt.Sprintf("iter %d step %d", iter, step))
			for c := 0; c < 1+rng.Intn(4); c++ {
				v := rng.Intn(n)
				for u := 0; u < n; u++ {
					if u != v && rng.Intn(2) == 0 {
						g.SetWeight(u, v, weight())
					}
				}
				m.Changed(v)
			}
		}
	}
}
