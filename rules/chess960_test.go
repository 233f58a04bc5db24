package rules

import (
	"math/rand/v2"
	"testing"
)

// TestChess960RandomPlay plays random games from Chess960 start positions
// of the Fischer suite and checks, in every position, the incremental hash,
// that no legal move leaves the king in check, FEN and Shredder-FEN read
// back, and that every move's SAN and UCI read back to the move (castling
// included). The oracle of the differential test has no Chess960, so this
// test and the perft suite are the Chess960 checks.
func TestChess960RandomPlay(t *testing.T) {
	cases := readEPD(t, "testdata/perft/chess960-fischer-part1.epd")
	games := 40
	if *long {
		games = 400
	}
	rng := rand.New(rand.NewPCG(960, 1))
	var buf [maxMoves]Move
	castles := 0
	for g := 0; g < games; g++ {
		p, err := ParseFEN960(cases[rng.IntN(len(cases))].fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120; ply++ {
			checkPositionInvariants960(t, &p)
			moves := p.LegalMoves(buf[:])
			for _, m := range moves {
				checkMoveRoundTrip(t, &p, m, m.String())
			}
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			for _, c := range moves {
				if c.IsCastling() && rng.IntN(2) == 0 {
					m = c
				}
			}
			if m.IsCastling() {
				castles++
			}
			p.PlayInPlace(m)
		}
	}
	if castles < games/2 {
		t.Errorf("only %d castlings played in %d games", castles, games)
	}
}

func checkPositionInvariants960(t *testing.T, p *Position) {
	t.Helper()
	if p.hash != p.computeHash() {
		t.Fatalf("%s: hash differs from its recomputation", p.ShredderFEN())
	}
	for _, out := range []string{p.FEN(), p.ShredderFEN()} {
		q, err := ParseFEN960(out)
		if err != nil || q != *p {
			t.Fatalf("%s does not read back (%v)", out, err)
		}
	}
	var buf [maxMoves]Move
	if n, want := p.countLegal(), len(p.LegalMoves(buf[:])); n != want {
		t.Fatalf("%s: countLegal %d, LegalMoves %d", p.ShredderFEN(), n, want)
	}
	for _, m := range p.LegalMoves(buf[:]) {
		q := p.Play(m)
		if q.attacked(q.kings[p.turn], q.turn, q.Occupied()) {
			t.Fatalf("%s: %s leaves the king in check", p.ShredderFEN(), p.UCI(m))
		}
	}
}

func TestStartPosition960(t *testing.T) {
	seen := map[string]int{}
	for n := 0; n < 960; n++ {
		p, err := StartPosition960(n)
		if err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		board := p.BoardFEN()
		if m, ok := seen[board]; ok {
			t.Fatalf("%d and %d are the same position %s", m, n, board)
		}
		seen[board] = n
		if Perft(p, 1) < 18 || !p.Chess960() {
			t.Errorf("%d: %s", n, p.FEN())
		}
		k, q := p.CastlingRooks(White)
		if k == NoSquare || q == NoSquare || !(q < p.KingSquare(White) && p.KingSquare(White) < k) {
			t.Errorf("%d: castling rooks %v %v", n, k, q)
		}
	}
	for n, want := range map[int]string{
		518: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		0:   "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		959: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
	} {
		if p, _ := StartPosition960(n); p.FEN() != want {
			t.Errorf("StartPosition960(%d) = %s, want %s", n, p.FEN(), want)
		}
	}
	if _, err := StartPosition960(960); err == nil {
		t.Errorf("960 accepted")
	}
}
