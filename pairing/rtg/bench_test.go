package rtg

import "testing"

// BenchmarkGenerate100x9 generates tournaments of 100 players and 9 rounds
// (the endorsement kit asks for 1,000 of them in under a minute).
func BenchmarkGenerate100x9(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := seeded(uint64(i))
		c := Random(rng)
		c.Players, c.Rounds = 100, 9
		if _, err := Generate(c, rng); err != nil {
			b.Fatal(err)
		}
	}
}
