package rules

import (
	"testing"

	oracle "github.com/corentings/chess/v2"
)

const perft6Start = 119060324

// reportCPU adds the CPU seconds per operation since start (cpu-s/op), a
// steadier figure than wall time on a shared machine (it includes the
// garbage collector's work, so it is not flattering).
func reportCPU(b *testing.B, start float64) {
	if start > 0 {
		b.ReportMetric((cpuSeconds()-start)/float64(b.N), "cpu-s/op")
	}
}

// BenchmarkPerft6Bulk: perft(6) from the start position with bulk counting
// at the leaves (119,060,324 nodes).
func BenchmarkPerft6Bulk(b *testing.B) {
	p := StartPosition()
	defer reportCPU(b, cpuSeconds())
	for i := 0; i < b.N; i++ {
		if n := Perft(p, 6); n != perft6Start {
			b.Fatalf("perft(6) = %d", n)
		}
	}
	b.ReportMetric(float64(perft6Start*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft6NoBulk: the same, playing every leaf move.
func BenchmarkPerft6NoBulk(b *testing.B) {
	p := StartPosition()
	defer reportCPU(b, cpuSeconds())
	for i := 0; i < b.N; i++ {
		if n := PerftNoBulk(p, 6); n != perft6Start {
			b.Fatalf("perft(6) = %d", n)
		}
	}
	b.ReportMetric(float64(perft6Start*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPlayMove: one move applied (copy-make) and the check status of
// the new position read, averaged over Kiwipete's 48 moves.
func BenchmarkPlayMove(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [maxMoves]Move
	moves := p.LegalMoves(buf[:])
	checks := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := p.Play(moves[i%len(moves)])
		if q.InCheck() {
			checks++
		}
	}
	if checks < 0 {
		b.Fatal(checks)
	}
}

// BenchmarkLegalMoves: generating Kiwipete's 48 legal moves.
func BenchmarkLegalMoves(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [maxMoves]Move
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if len(p.LegalMoves(buf[:])) != 48 {
			b.Fatal("wrong count")
		}
	}
}

// oraclePerft is perft through corentings/chess, with bulk counting at the
// leaves when bulk is set; the baseline of the benchmarks.
func oraclePerft(pos *oracle.Position, depth int, bulk bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.ValidMoves()
	if bulk && depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += oraclePerft(pos.Update(&moves[i]), depth-1, bulk)
	}
	return n
}

// BenchmarkPerft6BulkCorentings: the baseline, corentings/chess v2.3.2.
func BenchmarkPerft6BulkCorentings(b *testing.B) {
	defer reportCPU(b, cpuSeconds())
	for i := 0; i < b.N; i++ {
		if n := oraclePerft(oracle.StartingPosition(), 6, true); n != perft6Start {
			b.Fatalf("perft(6) = %d", n)
		}
	}
	b.ReportMetric(float64(perft6Start*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft5BulkCorentings: the baseline at depth 5 (4,865,609 nodes),
// for a quick bench run.
func BenchmarkPerft5BulkCorentings(b *testing.B) {
	defer reportCPU(b, cpuSeconds())
	for i := 0; i < b.N; i++ {
		if n := oraclePerft(oracle.StartingPosition(), 5, true); n != 4865609 {
			b.Fatalf("perft(5) = %d", n)
		}
	}
	b.ReportMetric(float64(4865609*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft5NoBulkCorentings: the baseline without bulk counting, at
// depth 5 (4,865,609 nodes; depth 6 takes minutes).
func BenchmarkPerft5NoBulkCorentings(b *testing.B) {
	defer reportCPU(b, cpuSeconds())
	for i := 0; i < b.N; i++ {
		if n := oraclePerft(oracle.StartingPosition(), 5, false); n != 4865609 {
			b.Fatalf("perft(5) = %d", n)
		}
	}
	b.ReportMetric(float64(4865609*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// TestNoAllocations: playing a move and generating moves do not allocate.
func TestNoAllocations(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [maxMoves]Move
	moves := p.LegalMoves(buf[:])
	var sink Position
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range moves {
			q := p
			q.PlayInPlace(m)
			sink = p.Play(m)
			_ = q.InCheck()
		}
	}); n != 0 {
		t.Errorf("Play/PlayInPlace allocate %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { moves = p.LegalMoves(buf[:]) }); n != 0 {
		t.Errorf("LegalMoves allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.HasLegalMoves() }); n != 0 {
		t.Errorf("HasLegalMoves allocates %v times", n)
	}
	_ = sink
}
