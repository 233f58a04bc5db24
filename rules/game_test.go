package rules

import (
	"strings"
	"testing"
)

// edition holds what differs between the two editions of the Laws for the
// end of a game: in the 2023 edition fivefold repetition and the 75-move
// rule end the game by themselves (9.6); in 1997 they do not exist, and only
// the claims of 9.2 and 9.3 apply.
type edition struct {
	name           string
	automaticDraws bool
}

var (
	fide1997 = edition{"fide-1997", false}
	fide2023 = edition{"fide-2023", true}
)

// ending is how a status ends the game under an edition: a result, "claim"
// when a draw may be claimed, or "" when play goes on.
func (e edition) ending(s Status, blackMoved bool) string {
	switch {
	case s.Checkmate && blackMoved:
		return "0-1"
	case s.Checkmate:
		return "1-0"
	case s.Stalemate || s.DeadPosition:
		return "1/2-1/2"
	case e.automaticDraws && (s.Fivefold || s.SeventyFiveMove):
		return "1/2-1/2"
	case s.ThreefoldClaimable || s.FiftyMoveClaimable:
		return "claim"
	}
	return ""
}

func playAll(t *testing.T, fen, moves string) *Game {
	t.Helper()
	start := StartPosition()
	if fen != "" {
		var err error
		if start, err = ParseFEN(fen); err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
	}
	g := NewGame(start)
	for _, san := range strings.Fields(moves) {
		if _, err := g.PlaySAN(san); err != nil {
			t.Fatalf("%s after %v: %v", san, g.Moves(), err)
		}
	}
	return g
}

func TestGameEndRules(t *testing.T) {
	knightDance := "Nf3 Nf6 Ng1 Ng8 "
	for _, c := range []struct {
		name, fen, moves string
		want             Status
		end1997, end2023 string
	}{
		{"fool's mate (5.1.1)", "", "f3 e5 g4 Qh4#",
			Status{Check: true, Checkmate: true, Repetitions: 1, HalfmoveClock: 1}, "0-1", "0-1"},
		{"stalemate (5.2.1)", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7",
			Status{Stalemate: true, Repetitions: 1, HalfmoveClock: 1}, "1/2-1/2", "1/2-1/2"},
		{"twofold is nothing", "", knightDance,
			Status{Repetitions: 2, HalfmoveClock: 4}, "", ""},
		{"threefold (9.2)", "", knightDance + knightDance,
			Status{Repetitions: 3, HalfmoveClock: 8, ThreefoldClaimable: true}, "claim", "claim"},
		{"fourfold", "", strings.Repeat(knightDance, 3),
			Status{Repetitions: 4, HalfmoveClock: 12, ThreefoldClaimable: true}, "claim", "claim"},
		{"fivefold (2023 9.6.1)", "", strings.Repeat(knightDance, 4),
			Status{Repetitions: 5, HalfmoveClock: 16, ThreefoldClaimable: true, Fivefold: true}, "claim", "1/2-1/2"},
		{"a pawn move separates", "", knightDance + "e4 e5 " + knightDance,
			Status{Repetitions: 2, HalfmoveClock: 4}, "", ""},
		{"en passant not possible: same position (9.2)", "", "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1",
			Status{Repetitions: 3, HalfmoveClock: 8, ThreefoldClaimable: true}, "claim", "claim"},
		{"en passant possible: different position (9.2)", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e4 Ke7 Ke2 Ke8 Ke1",
			Status{Repetitions: 1, HalfmoveClock: 4}, "", ""},
		{"castling rights lost: different position (9.2)", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke2 Ke7 Ke1 Ke8",
			Status{Repetitions: 1, HalfmoveClock: 4}, "", ""},
		{"castling rights lost, then repeated", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8",
			Status{Repetitions: 3, HalfmoveClock: 12, ThreefoldClaimable: true}, "claim", "claim"},
		{"49.5 moves", "8/8/8/4k3/8/8/8/R3K3 w - - 98 80", "Ra2",
			Status{Repetitions: 1, HalfmoveClock: 99}, "", ""},
		{"50 moves (9.3)", "8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "Ra2",
			Status{Repetitions: 1, HalfmoveClock: 100, FiftyMoveClaimable: true}, "claim", "claim"},
		{"75 moves (2023 9.6.2)", "8/8/8/4k3/8/8/8/R3K3 w - - 149 120", "Ra2",
			Status{Repetitions: 1, HalfmoveClock: 150, FiftyMoveClaimable: true, SeventyFiveMove: true}, "claim", "1/2-1/2"},
		{"mate on the 75th move stands (2023 9.6.2)", "k7/8/1K6/8/8/8/8/7R w - - 149 120", "Rh8#",
			Status{Check: true, Checkmate: true, Repetitions: 1, HalfmoveClock: 150}, "1-0", "1-0"},
		{"a capture resets the count", "8/8/8/4k3/8/8/3p4/R2K4 w - - 149 120", "Kxd2",
			Status{Repetitions: 1}, "", ""},
		{"dead position: king and bishop against king (9.6 / 5.2.2)", "8/8/8/4k3/8/8/3p4/3K1B2 w - - 0 1", "Kxd2",
			Status{Repetitions: 1, DeadPosition: true}, "1/2-1/2", "1/2-1/2"},
		{"a promotion is no dead position", "8/5KP1/8/8/8/8/8/7k w - - 0 1", "g8=Q",
			Status{Repetitions: 1}, "", ""},
		{"dead position: bare kings", "8/8/8/4k3/8/8/3p4/3K4 w - - 0 1", "Kxd2",
			Status{Repetitions: 1, DeadPosition: true}, "1/2-1/2", "1/2-1/2"},
	} {
		g := playAll(t, c.fen, c.moves)
		got := g.Status()
		if got != c.want {
			t.Errorf("%s: status\n got %+v\nwant %+v", c.name, got, c.want)
		}
		blackMoved := g.current().Turn() == White
		if e := fide1997.ending(got, blackMoved); e != c.end1997 {
			t.Errorf("%s: %s ending %q, want %q", c.name, fide1997.name, e, c.end1997)
		}
		if e := fide2023.ending(got, blackMoved); e != c.end2023 {
			t.Errorf("%s: %s ending %q, want %q", c.name, fide2023.name, e, c.end2023)
		}
	}
}

func TestRepetitionCountAfter(t *testing.T) {
	g := playAll(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	m, err := g.current().ParseSAN("Ng8")
	if err != nil {
		t.Fatal(err)
	}
	if n := g.RepetitionCountAfter(m); n != 3 {
		t.Errorf("after the intended Ng8: %d occurrences, want 3", n)
	}
	other, _ := g.current().ParseSAN("Nc6")
	if n := g.RepetitionCountAfter(other); n != 1 {
		t.Errorf("after Nc6: %d occurrences, want 1", n)
	}
	if n := g.RepetitionCountAfter(NoMove); n != 0 {
		t.Errorf("illegal intended move: %d, want 0", n)
	}
	if g.RepetitionCount() != 2 || g.Ply() != 7 {
		t.Errorf("RepetitionCountAfter changed the game")
	}
}

func TestGamePlayUndo(t *testing.T) {
	g := NewGame(StartPosition())
	if err := g.Undo(); err != ErrNoMoveToUndo {
		t.Errorf("undo at start: %v", err)
	}
	if _, err := g.PlayUCI("e2e5"); err == nil {
		t.Error("illegal UCI move played")
	}
	sp := StartPosition()
	bad, _ := sp.ParseUCI("e2e4")
	g2 := playAll(t, "", "e4")
	if err := g2.Play(bad); err != ErrIllegalMove {
		t.Errorf("e2e4 again: %v", err)
	}
	if g2.Ply() != 1 {
		t.Errorf("rejected move changed the game")
	}
	g = playAll(t, "", "e4 e5 Nf3")
	before := g.PositionAt(2)
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 2 || g.current().FEN() != before.FEN() || len(g.Moves()) != 2 {
		t.Errorf("after undo: ply %d %s", g.Ply(), g.current().FEN())
	}
	if _, err := g.PlaySAN("Nc3"); err != nil {
		t.Fatal(err)
	}
	p0, st := g.PositionAt(0), g.Start()
	if p0.FEN() != sp.FEN() || st.FEN() != sp.FEN() {
		t.Error("start position changed")
	}
	if got := g.current().FEN(); got != "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2" {
		t.Errorf("position %s", got)
	}
}

func TestStatusDoesNotAllocate(t *testing.T) {
	g := playAll(t, "", strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 3)+"e4 e5")
	if n := testing.AllocsPerRun(100, func() { _ = g.Status() }); n != 0 {
		t.Errorf("Status allocates %v times", n)
	}
}

// BenchmarkGamePlayAndStatus measures applying one move to a game and
// computing its status, over a real game's moves (a 40-move game replayed
// repeatedly; the game is reset outside the timed loop every 80 plies).
func BenchmarkGamePlayAndStatus(b *testing.B) {
	sans := strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
		"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 " +
		"Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 " +
		"a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 Nxh3 Kd2 Kb5 Rd6")
	var moves []Move
	g := NewGame(StartPosition())
	for _, s := range sans {
		m, err := g.PlaySAN(s)
		if err != nil {
			b.Fatal(s, err)
		}
		moves = append(moves, m)
	}
	g = NewGame(StartPosition())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(moves)
		if k == 0 && i > 0 {
			b.StopTimer()
			g = NewGame(StartPosition())
			b.StartTimer()
		}
		if err := g.Play(moves[k]); err != nil {
			b.Fatal(err)
		}
		_ = g.Status()
	}
}

// BenchmarkStatusLockedEnding measures Status in a locked pawn ending with
// bishops, where the dead-position analysis runs in full (flood fills of
// the kings' regions and the bishops' reach) on every call.
func BenchmarkStatusLockedEnding(b *testing.B) {
	p, err := ParseFEN("3k4/8/p1p3p1/P1Pp1pPp/3PpP1P/4P2b/8/2B1K3 b - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	g := NewGame(p)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s := g.Status(); !s.DeadPosition {
			b.Fatal("not dead")
		}
	}
}

// TestGamePositionsKept checks the positions a Game keeps (the start, the
// current one, the one before the last move) and those it replays: every
// ply's position and key, after plays, one undo and undos in a row, as
// the positions seen while playing.
func TestGamePositionsKept(t *testing.T) {
	sans := strings.Fields("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5")
	for _, tc := range []struct {
		name  string
		undos int // taken back at the end, in a row
	}{{"none", 0}, {"one", 1}, {"two in a row", 2}, {"to the start", len(sans)}} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGame(StartPosition())
			fen := func() string { p := g.Position(); return p.FEN() }
			seen := []string{fen()}
			for _, s := range sans {
				if _, err := g.PlaySAN(s); err != nil {
					t.Fatal(s, err)
				}
				seen = append(seen, fen())
			}
			for range tc.undos {
				if err := g.Undo(); err != nil {
					t.Fatal(err)
				}
				if got, want := fen(), seen[g.Ply()]; got != want {
					t.Fatalf("after undo to ply %d: %s, want %s", g.Ply(), got, want)
				}
			}
			for ply := 0; ply <= g.Ply(); ply++ {
				p := g.PositionAt(ply)
				if got := p.FEN(); got != seen[ply] || p.Hash() != g.keys[ply] {
					t.Errorf("ply %d: %s, want %s", ply, got, seen[ply])
				}
			}
			// the game plays on from there as from a fresh replay
			if g.Ply() < len(sans) {
				if _, err := g.PlaySAN(sans[g.Ply()]); err != nil || fen() != seen[g.Ply()] {
					t.Errorf("replayed %s: %v, %s", sans[g.Ply()-1], err, fen())
				}
			}
		})
	}
}
