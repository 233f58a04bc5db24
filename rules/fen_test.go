package rules

import (
	"errors"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	for _, c := range []struct {
		fen, field, reason string
	}{
		{"", "fen", "0 fields, want 6 (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fen", "7 fields, want 6 (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board", "7 ranks, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "board", "rank 1 has more than 8 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", `rank 6: '9' is not a piece letter`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "board", "rank 1 has 7 squares, want 8"},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 6: two digits in a row"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", `rank 7: 'x' is not a piece letter`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1", "board", "pawn on h1 (first or last rank)"},
		{"rnbqkbnp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "board", "pawn on h8 (first or last rank)"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "board", "no black king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "board", "no white king"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w - - 0 1", "board", "more than one white king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", `"x" is not w or b`},
		{"4k3/8/8/8/8/8/8/K3R3 w - - 0 1", "side to move", "white is to move but black is in check"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "side to move", "white is to move but black is in check"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "castling", `'X' is not a castling letter (KQkq, A-H, a-h)`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", `'K': no white rook on the kingside of the king`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBR1 w KQkq - 0 1", "castling", `'K': no white rook on h1`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "board", "no white king"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "castling", `'K': the white king is not on its first rank`},
		{"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling", `'q': no black rook on the queenside of the king`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling", "white has two kingside castling rights"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w GQkq - 0 1", "castling", `'G': no white rook on g1`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant", `"e9" is not a square or -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant", "e3 is not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant", "no black pawn on e5 that could just have advanced two squares"},
		{"rnbqkbnr/pppp1ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant", "e6 or e7 is occupied"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock", `"-1" is not a number from 0 to 1000000`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock", `"x" is not a number from 0 to 1000000`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number", `"0" is not a number from 1 to 1000000`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", "fullmove number", `"+1" is not a number from 1 to 1000000`},
	} {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Reason != c.reason {
			t.Errorf("%q:\n got %s: %s\nwant %s: %s", c.fen, fe.Field, fe.Reason, c.field, c.reason)
		}
	}
}

// TestFENRoundTrip: FEN out of a parsed position is the canonical input.
func TestFENRoundTrip(t *testing.T) {
	for _, c := range []struct{ in, out, shredder string }{
		{standardFEN, standardFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1"},
		// Four fields: counters default.
		{"8/8/8/8/8/8/8/K6k w - -", "8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/8/8/8/8/8/K6k w - - 0 1"},
		// A possible e.p. square with a legal capture is kept.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w HAha f6 0 3"},
		// A possible e.p. square with no capturing pawn is dropped.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1"},
		// An e.p. capture by a pinned pawn (pinned along the rank) is illegal: dropped.
		{"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2r/8/8/8/7k w - - 0 1", "8/8/8/K2pP2r/8/8/8/7k w - - 0 1"},
		// Chess960: X-FEN letters for inner rooks, K/Q for the outermost.
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"},
		{"rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("FEN(%q) = %q, want %q", c.in, got, c.out)
		}
		if got := p.ShredderFEN(); got != c.shredder {
			t.Errorf("ShredderFEN(%q) = %q, want %q", c.in, got, c.shredder)
		}
		q, err := ParseFEN(p.ShredderFEN())
		if err != nil || q.Hash() != p.Hash() || q.FEN() != p.FEN() {
			t.Errorf("Shredder-FEN of %q does not read back: %v", c.in, err)
		}
	}
}

func TestParseFENDetectsChess960(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{standardFEN, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", false},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gg - 0 1", true},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.Chess960() != c.want {
			t.Errorf("%q: Chess960() = %v, want %v", c.fen, p.Chess960(), c.want)
		}
	}
	// X-FEN KQkq for inner rooks with the king on e: only as Chess960.
	x, err := ParseFEN960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1")
	if err != nil || x.ShredderFEN() != "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1" {
		t.Errorf("ParseFEN960 X-FEN: %v %q", err, x.ShredderFEN())
	}
	p, _ := ParseFEN960(standardFEN)
	if !p.Chess960() || p.FEN() != standardFEN {
		t.Errorf("ParseFEN960(start): chess960 %v, FEN %q", p.Chess960(), p.FEN())
	}
	if m, err := p.ParseUCI("e1g1"); err == nil {
		t.Errorf("Chess960 accepted e1g1 as %v", m)
	}
}

// TestHashIdentity: the key follows article 9.2 and is the same whether
// reached by moves or read from FEN.
func TestHashIdentity(t *testing.T) {
	start := StartPosition()
	p := start
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		p.PlayInPlace(m)
	}
	if p.Hash() != start.Hash() {
		t.Errorf("same position after Nf3 Nf6 Ng1 Ng8 has another key")
	}
	// e4 without a capturing pawn: the e.p. square does not count.
	a := start.Play(mustSAN(t, &start, "e4"))
	b, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if a.Hash() != b.Hash() || a.Hash() != a.computeHash() {
		t.Errorf("e.p. square without capture changes the key")
	}
	// With a possible capture it does.
	c, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	d, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	if c.Hash() == d.Hash() {
		t.Errorf("a legal e.p. capture does not change the key")
	}
	// Castling rights count.
	e, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	f, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")
	if e.Hash() == f.Hash() {
		t.Errorf("castling rights do not change the key")
	}
}

func mustSAN(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseSAN(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
