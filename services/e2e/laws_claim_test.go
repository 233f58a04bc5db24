package e2e

import (
	"fmt"
	"net/http"
	"testing"
)

// TestLawsClaimWrittenAndReached: a repetition claim with a written move
// that would not repeat the position, made when the position reached has
// appeared three times, is correct by the position reached (1997 9.2b,
// 2023 9.2.2): the second ground stands when both are given. The game is
// drawn; the audit follows.
func TestLawsClaimWrittenAndReached(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	for _, tc := range []struct{ id, profile, article string }{{"w97", "fide-1997", "9.2b"}, {"w23", "fide-2023", "9.2.2"}} {
		startedGame(t, s, map[string]any{"id": tc.id, "white": "w", "black": "b", "laws_profile": tc.profile, "time_control": "5400", "idempotency_key": tc.id})
		for i, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"} {
			s.move(tc.id, []string{"w", "b"}[i%2], m, fmt.Sprint(tc.id, "-m", i)) // the start position a third time
		}
		a := s.post("/api/games/"+tc.id+"/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "intended_move": "e4", "idempotency_key": "c-" + tc.id})
		if a.status != http.StatusOK {
			t.Fatalf("%s: claim %d %s", tc.id, a.status, a.raw)
		}
		var ruling map[string]any
		waitUntil(t, tc.id+": the ruling", func() bool {
			for _, e := range s.eventLog(tc.id) {
				if e["type"] == "arbiter.ruling_given" {
					ruling = e["data"].(map[string]any)
					return true
				}
			}
			return false
		})
		if ruling["article"] != tc.article || ruling["decision"] != "draw" || ruling["profile"] != tc.profile {
			t.Errorf("%s: ruling %v, want a draw by %s", tc.id, ruling, tc.article)
		}
		waitGameState(t, s, tc.id, func(g map[string]any) bool { return g["result"] == "1/2-1/2" })
	}
	s.kill()
	for _, id := range []string{"w97", "w23"} {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}
