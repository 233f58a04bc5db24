package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLawsDeadStartRefused: a game from a dead starting position (K v K,
// K+B v K) is refused with 400 citing 9.6 (fide-1997) or 5.2.2
// (fide-2023), and nothing is appended; a position where a side can still
// mate is created.
func TestLawsDeadStartRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	for i, tc := range []struct{ profile, fen, article string }{
		{"fide-1997", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "9.6"},
		{"fide-2023", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "5.2.2"},
		{"fide-2023", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "5.2.2"},
		// a locked pawn wall with one pawn step left (b7-b6): dead all the same
		{"fide-1997", "4k3/1p6/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", "9.6"},
		{"fide-2023", "4k3/1p6/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1", "5.2.2"},
	} {
		a := s.post("/api/games", map[string]any{"id": fmt.Sprintf("dead%d", i), "white": "w", "black": "b", "laws_profile": tc.profile,
			"time_control": "600", "start_fen": tc.fen, "idempotency_key": tc.fen})
		if a.status != http.StatusBadRequest || a.errorCode() != "invalid" || !strings.Contains(a.raw, "start_fen") || !strings.Contains(a.raw, tc.profile+" "+tc.article) {
			t.Errorf("%s %s: %d %s, want 400 citing %s", tc.profile, tc.fen, a.status, a.raw, tc.article)
		}
		if g := s.do("GET", fmt.Sprintf("/api/games/dead%d", i), ""); g.status != http.StatusNotFound {
			t.Errorf("%s: the refused game exists: %d %s", tc.fen, g.status, g.raw)
		}
	}
	a := s.post("/api/games", map[string]any{"white": "w", "black": "b", "laws_profile": "fide-1997", "start_fen": "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "idempotency_key": "bb"})
	if a.status != http.StatusCreated {
		t.Errorf("two bishops of both colours (mate possible): %d %s", a.status, a.raw)
	}
}

// TestLawsDeadWallReached: under both profiles, a timed game whose move
// reaches a locked pawn wall with a pawn step left (Black's king takes the
// last knight) ends drawn at once by the dead position (1997 9.6, 2023
// 5.2.2), so no flag can fall after it: the clock stops with the game.
func TestLawsDeadWallReached(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	for _, tc := range []struct{ profile, article string }{{"fide-1997", "9.6"}, {"fide-2023", "5.2.2"}} {
		id := startedGame(t, s, map[string]any{"id": "wall-" + tc.profile, "white": "w", "black": "b", "laws_profile": tc.profile, "time_control": "300",
			"start_fen": "4k3/1p1N4/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1", "idempotency_key": tc.profile})
		a := mustOK(t, s.post("/api/games/"+id+"/moves", map[string]string{"move": "Kxd7", "player": "b", "idempotency_key": "k-" + id}), tc.profile+" Kxd7")
		var ended map[string]any
		for _, e := range a.events() {
			if e["type"] == "game.ended" {
				ended, _ = e["data"].(map[string]any)
			}
		}
		if ended == nil || ended["result"] != "1/2-1/2" || ended["termination"] != "dead_position" || ended["article"] != tc.article {
			t.Errorf("%s: the move's events %s, want game.ended 1/2-1/2 dead_position citing %s", tc.profile, a.raw, tc.article)
		}
		if c := s.do("GET", "/api/games/"+id+"/clock", "").body; c["white"].(map[string]any)["running"] != false || c["black"].(map[string]any)["running"] != false {
			t.Errorf("%s: a clock runs after the game ended: %v", tc.profile, c)
		}
	}
}
