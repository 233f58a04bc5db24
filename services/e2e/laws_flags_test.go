package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestLawsBothFlags: both flags found down (POST /api/games/{id}/rulings,
// matter both_flags) under both profiles — the order unknown: 1997 draws in
// the quickplay finish (10.4) and plays on before it (6.11); 2023 without
// Guidelines III has no rule (422, nothing appended), with them draws in
// the last period (III.3.1.2); the first flag shown by the clock decides
// (6.9). The game ends from the ruling; the audit follows.
func TestLawsBothFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	rule := func(game, first, key string) answer {
		body := map[string]any{"matter": "both_flags", "by": "arbiter-1", "idempotency_key": key + "-" + game}
		if first != "" {
			body["first"] = first
		}
		return s.post("/api/games/"+game+"/rulings", body)
	}
	for _, tc := range []struct {
		id, profile, control, mode string
		announced                  bool
		first                      string
		article, decision, result  string
	}{
		{"qf97", "fide-1997", "600", "", false, "", "10.4", "draw", "1/2-1/2"},
		{"early97", "fide-1997", "40/5400:1800", "", false, "", "6.11", "game_continues", "*"},
		{"qf23", "fide-2023", "900", "standard", true, "", "III.3.1.2", "draw", "1/2-1/2"},
		{"first23", "fide-2023", "5400", "", false, "white", "6.9", "win_black", "0-1"},
	} {
		body := map[string]any{"id": tc.id, "white": "w", "black": "b", "laws_profile": tc.profile, "time_control": tc.control, "idempotency_key": tc.id}
		if tc.mode != "" {
			body["mode"] = tc.mode
		}
		if tc.announced {
			body["quickplay_finish"] = true
		}
		startedGame(t, s, body)
		s.move(tc.id, "w", "e4", "1-"+tc.id)
		a := rule(tc.id, tc.first, "bf")
		if a.status != http.StatusOK || len(a.events()) != 1 {
			t.Fatalf("%s: %d %s", tc.id, a.status, a.raw)
		}
		if d := a.events()[0]["data"].(map[string]any); d["matter"] != "both_flags" || d["article"] != tc.article || d["decision"] != tc.decision || d["profile"] != tc.profile {
			t.Errorf("%s: ruling %v, want %s %s", tc.id, d, tc.article, tc.decision)
		}
		if tc.result == "*" {
			s.move(tc.id, "b", "e5", "2-"+tc.id) // play continues
			continue
		}
		waitGameState(t, s, tc.id, func(g map[string]any) bool { return g["result"] == tc.result })
	}
	startedGame(t, s, map[string]any{"id": "none23", "white": "w", "black": "b", "time_control": "5400", "idempotency_key": "none23"})
	n := len(s.eventLog("none23"))
	if a := rule("none23", "", "bf"); a.status != http.StatusUnprocessableEntity || !strings.Contains(a.raw, "III.3.1") {
		t.Errorf("2023 without Guidelines III: %d %s", a.status, a.raw)
	}
	if a := rule("none23", "green", "bf2"); a.status < 400 || a.status >= 500 || !strings.Contains(a.raw, "first") {
		t.Errorf("first green: %d %s", a.status, a.raw)
	}
	if m := len(s.eventLog("none23")); m != n {
		t.Errorf("refused rulings appended %d events", m-n)
	}
	s.kill()
	for _, id := range []string{"qf97", "early97", "qf23", "first23"} {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}
