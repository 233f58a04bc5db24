package rules

import "testing"

// checkPositionInvariants fails when a position's incremental state
// disagrees with a recomputation, or a legal move breaks it.
func checkPositionInvariants(t *testing.T, p *Position) {
	t.Helper()
	if p.hash != p.computeHash() {
		t.Fatalf("%s: hash differs from its recomputation", p.FEN())
	}
	var buf [maxMoves]Move
	if n, want := p.countLegal(), len(p.LegalMoves(buf[:])); n != want {
		t.Fatalf("%s: countLegal %d, LegalMoves %d", p.FEN(), n, want)
	}
	for _, m := range p.LegalMoves(buf[:]) {
		q := p.Play(m)
		if q.hash != q.computeHash() {
			t.Fatalf("%s after %s: incremental hash wrong", p.FEN(), p.UCI(m))
		}
		if q.attacked(q.kings[p.turn], q.turn, q.Occupied()) {
			t.Fatalf("%s: %s leaves the king in check", p.FEN(), p.UCI(m))
		}
		r, err := ParseFEN(q.FEN())
		if err != nil {
			t.Fatalf("%s after %s: FEN %q does not read back: %v", p.FEN(), p.UCI(m), q.FEN(), err)
		}
		if r.hash != q.hash || r.checkers != q.checkers || r.ep != q.ep {
			t.Fatalf("%s after %s: FEN read back differs", p.FEN(), p.UCI(m))
		}
	}
}

// FuzzParseFEN: whatever parses formats and re-parses to the same position.
func FuzzParseFEN(f *testing.F) {
	f.Add(standardFEN)
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if _, ok := err.(*FENError); !ok {
				t.Fatalf("%q: error %T is not a *FENError", fen, err)
			}
			return
		}
		for _, out := range []string{p.FEN(), p.ShredderFEN()} {
			q, err := ParseFEN(out)
			if err != nil {
				t.Fatalf("%q formats as %q, which does not parse: %v", fen, out, err)
			}
			if q != p {
				t.Fatalf("%q formats as %q, which parses to another position", fen, out)
			}
		}
		checkPositionInvariants(t, &p)
	})
}

// FuzzParseSAN: a parsed move is legal, and its SAN and UCI read back to it.
func FuzzParseSAN(f *testing.F) {
	f.Add(standardFEN, "Nf3")
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "0-0-0+")
	f.Add("8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8(Q)")
	f.Fuzz(func(t *testing.T, fen, san string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseSAN(san)
		if err != nil {
			if _, ok := err.(*SANError); !ok {
				t.Fatalf("%q: error %T is not a *SANError", san, err)
			}
			return
		}
		checkMoveRoundTrip(t, &p, m, san)
	})
}

// FuzzParseUCI: a parsed move is legal, and its SAN and UCI read back to it.
func FuzzParseUCI(f *testing.F) {
	f.Add(standardFEN, "e2e4")
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1h1")
	f.Add("8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8n")
	f.Fuzz(func(t *testing.T, fen, uci string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseUCI(uci)
		if err != nil {
			if _, ok := err.(*UCIError); !ok {
				t.Fatalf("%q: error %T is not a *UCIError", uci, err)
			}
			return
		}
		checkMoveRoundTrip(t, &p, m, uci)
	})
}

func checkMoveRoundTrip(t *testing.T, p *Position, m Move, in string) {
	t.Helper()
	if !p.IsLegal(m) {
		t.Fatalf("%s: %q read as the illegal move %v", p.FEN(), in, m)
	}
	san := p.SAN(m)
	if back, err := p.ParseSAN(san); err != nil || back != m {
		t.Fatalf("%s: %q -> %v -> SAN %q -> %v, %v", p.FEN(), in, m, san, back, err)
	}
	uci := p.UCI(m)
	if back, err := p.ParseUCI(uci); err != nil || back != m {
		t.Fatalf("%s: %q -> %v -> UCI %q -> %v, %v", p.FEN(), in, m, uci, back, err)
	}
}
