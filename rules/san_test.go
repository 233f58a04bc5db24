package rules

import (
	"errors"
	"testing"
)

func TestSANOut(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{standardFEN, "e2e4", "e4"},
		{standardFEN, "g1f3", "Nf3"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d5e6", "dxe6"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7", "Nxf7"},
		// Disambiguation by file, by rank, by both.
		{"R6R/4k3/8/8/8/8/8/4K3 w - - 0 1", "a8d8", "Rad8"},
		{"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4", "R1a4"},
		{"4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2", "Qa3b2"},
		{"4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "c3b2", "Qcb2"},
		// A pinned knight does not count for disambiguation.
		{"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"},
		// En passant, promotion, check, mate.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8q", "a8=Q#"},
		{"8/P7/8/8/8/8/8/k2K4 w - - 0 1", "a7a8r", "a8=R+"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8n", "a8=N"},
		{"7k/8/8/8/8/2n5/2p5/K7 b - - 0 1", "c2c1q", "c1=Q#"},
		{"7k/8/8/8/8/2n5/2p5/K7 b - - 0 1", "c2c1b", "c1=B"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
		// Chess960 castling.
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "g1f2", "Kf2"},
		{"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1", "e1g1", "O-O"},
		{"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1", "e1b1", "O-O-O"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		back, err := p.ParseSAN(c.san)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", c.fen, c.san, back, err, m)
		}
	}
}

func TestSANIn(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, c := range []struct{ fen, san, uci string }{
		{standardFEN, "e4", "e2e4"},
		{standardFEN, "e4!?", "e2e4"},
		{standardFEN, "Pe4", "e2e4"},
		{standardFEN, "e2-e4", "e2e4"},
		{standardFEN, "e2e4", "e2e4"},
		{standardFEN, "Nf3+", "g1f3"},
		{standardFEN, "Ngf3", "g1f3"},
		{standardFEN, "Ng1f3", "g1f3"},
		{standardFEN, "Ng1-f3", "g1f3"},
		{standardFEN, "N1f3", "g1f3"},
		{kiwi, "O-O", "e1g1"},
		{kiwi, "0-0", "e1g1"},
		{kiwi, "0-0-0", "e1c1"},
		{kiwi, "O-O-O+", "e1c1"},
		{kiwi, "Nxf7", "e5f7"},
		{kiwi, "Nf7", "e5f7"},
		{kiwi, "N:f7", "e5f7"},
		{kiwi, "dxe6", "d5e6"},
		{kiwi, "de6", "d5e6"},
		{kiwi, "Qxf6??", "f3f6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 e.p.", "e5f6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6e.p.", "e5f6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6ep", "e5f6"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8=Q", "a7a8q"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8Q", "a7a8q"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8(Q)", "a7a8q"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8=N#", "a7a8n"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8/R", "a7a8r"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8=b", "a7a8b"},
		// Lower-case b: the pawn first, a bishop when no pawn move fits.
		{"4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1", "bxc3", "b2c3"},
		{"4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1", "b3", "b2b3"},
		{"4k3/8/8/8/8/8/1P1B4/4K3 w - - 0 1", "bf4", "d2f4"},
		{"4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1", "bxc3", "d2c3"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN(c.san)
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", c.fen, c.san, err)
			continue
		}
		if got := p.UCI(m); got != c.uci {
			t.Errorf("%s: ParseSAN(%q) = %s, want %s", c.fen, c.san, got, c.uci)
		}
	}
}

func TestSANInErrors(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, c := range []struct{ fen, san, reason string }{
		{standardFEN, "", "empty move"},
		{standardFEN, "+", "empty move"},
		{standardFEN, "e5", "illegal move"},
		{standardFEN, "Nd2", "illegal move"},
		{standardFEN, "O-O", "castling is not legal now"},
		{standardFEN, "Xe4", `unknown piece letter "X"`},
		{standardFEN, "Nz3", "no destination square"},
		{standardFEN, "Nf3x", "no destination square"},
		{standardFEN, "Nxf3", "x marks a capture but f3 is empty"},
		{standardFEN, "N12f3", `cannot read "12"`},
		{kiwi, "Nd4", "illegal move"},
		{"R6R/4k3/8/8/8/8/8/4K3 w - - 0 1", "Rd8", "ambiguous move"},
		{"4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "Qab2", "ambiguous move"},
		{"4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "Q3b2", "ambiguous move"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8", "promotion piece missing"},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8=K", `cannot promote to "K"`},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "Kb2=Q", "only a pawn promotes"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "O-O", "white has no right to castle on that side"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "bc4", "illegal move"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN(c.san)
		var se *SANError
		if !errors.As(err, &se) {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want a *SANError", c.fen, c.san, m, err)
			continue
		}
		if se.Reason != c.reason || se.Move != c.san {
			t.Errorf("%s: ParseSAN(%q): %q %q, want reason %q", c.fen, c.san, se.Move, se.Reason, c.reason)
		}
	}
}

func TestUCI(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, c := range []struct{ fen, in, out, err string }{
		{standardFEN, "e2e4", "e2e4", ""},
		{kiwi, "e1g1", "e1g1", ""},
		{kiwi, "e1h1", "e1g1", ""},
		{kiwi, "e1a1", "e1c1", ""},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8n", "a7a8n", ""},
		{"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1", "e1g1", "e1g1", ""},
		{"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1", "e1b1", "e1b1", ""},
		{standardFEN, "e2e5", "", `rules: UCI move "e2e5": illegal move`},
		{standardFEN, "e3e4", "", `rules: UCI move "e3e4": no piece on e3`},
		{standardFEN, "e7e5", "", `rules: UCI move "e7e5": the piece on e7 is not white's`},
		{standardFEN, "0000", "", `rules: UCI move "0000": not a pair of squares`},
		{standardFEN, "e2e4x", "", `rules: UCI move "e2e4x": promotion letter must be q, r, b or n`},
		{standardFEN, "e2", "", `rules: UCI move "e2": want 4 or 5 characters (e2e4, e7e8q)`},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8", "", `rules: UCI move "a7a8": promotion piece missing`},
		{standardFEN, "e2e4q", "", `rules: UCI move "e2e4q": illegal move`},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(c.in)
		if c.err != "" {
			var ue *UCIError
			if !errors.As(err, &ue) || err.Error() != c.err {
				t.Errorf("ParseUCI(%q) error %v, want %s", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseUCI(%q): %v", c.in, err)
			continue
		}
		if got := p.UCI(m); got != c.out {
			t.Errorf("UCI(ParseUCI(%q)) = %q, want %q", c.in, got, c.out)
		}
	}
}

// TestSANOfIllegalMove: no notation is invented for an illegal move, and
// no garbage move makes the notation functions panic.
func TestSANOfIllegalMove(t *testing.T) {
	p := StartPosition()
	for _, m := range []Move{NoMove, newMove(E1, E8), newPromotion(A1, A8, 7), Move(0xFFFFFFFF)} {
		if got := p.SAN(m); got != "" {
			t.Errorf("SAN(%v) = %q, want \"\"", m, got)
		}
		_ = p.UCI(m)
		_ = m.String()
		if p.IsLegal(m) {
			t.Errorf("IsLegal(%v)", m)
		}
	}
}
