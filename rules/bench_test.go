package rules

import "testing"

// BenchmarkPerft6Bulk: perft(6) from the start position with bulk counting
// at the leaves (119,060,324 nodes).
func BenchmarkPerft6Bulk(b *testing.B) {
	p := StartPosition()
	for i := 0; i < b.N; i++ {
		if n := Perft(p, 6); n != 119060324 {
			b.Fatalf("perft(6) = %d", n)
		}
	}
	b.ReportMetric(float64(119060324*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft6NoBulk: the same without bulk counting.
func BenchmarkPerft6NoBulk(b *testing.B) {
	p := StartPosition()
	for i := 0; i < b.N; i++ {
		if n := PerftNoBulk(p, 6); n != 119060324 {
			b.Fatalf("perft(6) = %d", n)
		}
	}
	b.ReportMetric(float64(119060324*b.N)/b.Elapsed().Seconds(), "nodes/s")
}
