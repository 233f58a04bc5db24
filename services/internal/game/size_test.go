package game

import (
	"testing"
	"unsafe"
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
