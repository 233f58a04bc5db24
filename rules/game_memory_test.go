package rules

import (
	"runtime"
	"testing"
)

// TestNewGameMemory: a new Game holds its three positions and room for a
// few plies, not a reserve for a long game: the server folds one for every
// live game (issue 21's memory per game). The bound is the Game's own
// struct, which shares the standard start position rather than copy it,
// and initialPlies' room, in the allocator's size classes.
func TestNewGameMemory(t *testing.T) {
	const n = 1000
	start := StartPosition()
	games := make([]*Game, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range games {
		games[i] = NewGame(start)
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / n
	t.Logf("NewGame: %d bytes a game", per)
	if per > 640 {
		t.Errorf("NewGame allocates %d bytes a game, want at most 640 (initialPlies %d)", per, initialPlies)
	}
	runtime.KeepAlive(games)
}

// TestGameStart: a game keeps the position it started from, shared when
// it is the standard start and its own otherwise, and replays from it.
func TestGameStart(t *testing.T) {
	other, err := ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, start := range []Position{StartPosition(), other} {
		g := NewGame(start)
		var buf []Move
		for range 4 {
			pos := g.Position()
			buf = pos.LegalMoves(buf[:0])
			if err := g.Play(buf[0]); err != nil {
				t.Fatal(err)
			}
		}
		if got, at0 := g.Start(), g.PositionAt(0); got != start || at0 != start {
			t.Errorf("start %s: Start %s, PositionAt(0) %s", start.FEN(), got.FEN(), at0.FEN())
		}
		if (start == StartPosition()) != (g.start == &startPosition) {
			t.Errorf("start %s: shared %v", start.FEN(), g.start == &startPosition)
		}
	}
	if StartPosition() != startPosition || startPosition.FEN() != standardFEN {
		t.Error("the shared start position changed")
	}
}
