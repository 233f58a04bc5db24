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
