package game

import (
	"testing"
	"unsafe"

	"github.com/hakem-chess/hakem/events"
)

// TestGameSize: a Game is folded and kept for every live game in the
// games service's cache (issue 21's memory per game): its struct stays
// within the allocator's 640-byte size class; the move a decision tried
// (a position and two strings) is held by pointer only until its fold.
func TestGameSize(t *testing.T) {
	if n := unsafe.Sizeof(Game{}); n > 640 {
		t.Errorf("Game takes %d bytes, want at most 640", n)
	}
}

// TestStartFENShared: games created from the standard position hold one
// FEN string between them (not a copy each), and a game created from
// another position its own FEN as written by the rules.
func TestStartFENShared(t *testing.T) {
	const other = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	var a, b, c Game
	for _, f := range []struct {
		g   *Game
		fen string
	}{{&a, ""}, {&b, ""}, {&c, other}} {
		if err := f.g.Apply(events.GameCreated{White: "w", Black: "b", StartFEN: f.fen}); err != nil {
			t.Fatal(err)
		}
	}
	fa, fb, fc := a.Setup().StartFEN, b.Setup().StartFEN, c.Setup().StartFEN
	if fa != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" || fc != other {
		t.Fatalf("start FENs %q, %q", fa, fc)
	}
	if unsafe.StringData(fa) != unsafe.StringData(fb) {
		t.Error("two games from the standard start hold a FEN string each")
	}
}
