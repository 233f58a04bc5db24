package rules

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestLegalMovesTraps: positions where move generators go wrong, with the
// moves checked by hand.
func TestLegalMovesTraps(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		count     int
		has, not  []string
	}{
		{"e.p. by a pawn pinned along the capture diagonal (legal)",
			"8/8/5k2/8/2Pp4/8/8/B3K3 b - c3 0 1", 9, []string{"d4c3"}, []string{"d4d3"}},
		{"e.p. that uncovers a check along the rank (illegal)",
			"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 6, []string{"e5e6"}, []string{"e5d6"}},
		{"e.p. that removes the checking pawn",
			"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 9, []string{"e4d3"}, nil},
		{"e.p. by a pawn pinned on a file (illegal)",
			"4r3/8/8/3pP3/8/8/8/4K2k w - d6 0 1", 6, []string{"e5e6"}, []string{"e5d6"}},
		{"castling out of check",
			"r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", 4, nil, []string{"e1g1", "e1c1"}},
		{"castling through check (f1 attacked) but queenside allowed",
			"r3k2r/8/8/8/8/5r2/8/R3K2R w KQkq - 0 1", 0, []string{"e1c1"}, []string{"e1g1"}},
		{"castling into check (g1 attacked)",
			"r3k2r/8/8/8/8/6r1/8/R3K2R w KQkq - 0 1", 0, []string{"e1c1"}, []string{"e1g1"}},
		{"queenside castling with b1 attacked is legal",
			"r3k2r/8/8/8/8/1r6/8/R3K2R w KQkq - 0 1", 0, []string{"e1c1", "e1g1"}, nil},
		{"Chess960: the castling rook screened the king's destination",
			"8/8/8/8/8/8/8/qR3K1k w B - 0 1", 0, nil, []string{"f1b1"}},
		{"Chess960: king and rook swap over each other",
			"4k3/8/8/8/8/8/8/5RK1 w F - 0 1", 0, []string{"g1f1"}, nil},
		{"double check: only king moves",
			"4k3/8/8/8/8/8/3n4/R3K2r w Q - 0 1", 0, []string{"e1e2"}, []string{"a1h1", "e1c1"}},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var buf [maxMoves]Move
		var got []string
		for _, m := range p.LegalMoves(buf[:]) {
			got = append(got, p.UCI(m))
		}
		sort.Strings(got)
		all := " " + strings.Join(got, " ") + " "
		if c.count > 0 && len(got) != c.count {
			t.Errorf("%s: %d moves %v, want %d", c.name, len(got), got, c.count)
		}
		for _, m := range c.has {
			if !strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s missing from %v", c.name, m, got)
			}
		}
		for _, m := range c.not {
			if strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s should be illegal", c.name, m)
			}
		}
	}
}

// TestGenerateFrom: for every square of every position of the perft files
// and of the positions one move after them, the moves generated from that
// square alone are exactly the legal moves starting there, in at most
// maxMovesFrom; ParseUCI finds every legal move from its UCI text, and
// IsLegal accepts it.
func TestGenerateFrom(t *testing.T) {
	var fens []string
	for _, c := range readPerftPositions(t) {
		fens = append(fens, c.fen)
	}
	for _, path := range []string{"testdata/perft/perftsuite.epd", "testdata/perft/talkchess-traps.epd"} {
		for _, c := range readEPD(t, path) {
			fens = append(fens, c.fen)
		}
	}
	var positions []Position
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		positions = append(positions, p)
		var buf [maxMoves]Move
		for _, m := range p.LegalMoves(buf[:]) {
			positions = append(positions, p.Play(m))
		}
	}
	for _, p := range positions {
		var all, one [maxMoves]Move
		legal := p.LegalMoves(all[:])
		for sq := Square(0); sq < 64; sq++ {
			var want []Move
			for _, m := range legal {
				if m.From() == sq {
					want = append(want, m)
				}
			}
			got := p.generateFrom(one[:0], bb(sq))
			if len(got) > maxMovesFrom || !slices.Equal(got, want) {
				t.Fatalf("%s, from %v: %v, want %v (at most %d)", p.FEN(), sq, got, want, maxMovesFrom)
			}
		}
		for _, m := range legal {
			if got, err := p.ParseUCI(p.UCI(m)); err != nil || got != m || !p.IsLegal(m) {
				t.Fatalf("%s: ParseUCI(%s) = %v, %v; IsLegal %v", p.FEN(), p.UCI(m), got, err, p.IsLegal(m))
			}
		}
	}
}
