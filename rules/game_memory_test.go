package rules

import (
	"runtime"
	"testing"
)

// TestNewGameMemory: a new Game holds its three positions and room for a
// few plies, not a reserve for a long game: the server folds one for every
// live game (issue 21's memory per game). The bound is the Game's own
// struct and initialPlies' room, in the allocator's size classes.
func TestNewGameMemory(t *testing.T) {
	const n = 1000
	games := make([]*Game, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range games {
		games[i] = NewGame(startPosition)
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / n
	t.Logf("NewGame: %d bytes a game", per)
	if per > 1024 {
		t.Errorf("NewGame allocates %d bytes a game, want at most 1,024 (initialPlies %d)", per, initialPlies)
	}
	runtime.KeepAlive(games)
}
