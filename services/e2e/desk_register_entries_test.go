package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestDeskRegisterEntries: the C.07 rules year and the tie-breaks chosen at
// creation and changed before round 1, a player's data corrected and a
// player removed before round 1; each refused once round 1 is paired (409,
// nothing appended) and each bad value a 400 naming the field; the audit
// follows.
func TestDeskRegisterEntries(t *testing.T) {
	data := t.TempDir()
	s := start(t, data)
	if a := s.post("/api/tournaments", map[string]any{"id": "tb", "name": "Open", "system": "swiss-dutch", "rounds": 3,
		"tiebreak_rules": "2025", "idempotency_key": "c0-tb"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "tiebreak_rules") {
		t.Errorf("rules 2025: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "tb", "name": "Open", "system": "swiss-dutch", "rounds": 3,
		"tiebreak_rules": "2024", "tiebreaks": []string{"BH/C1", "SB"}, "idempotency_key": "c-tb"}), "create")
	for i := 1; i <= 5; i++ {
		mustOK(t, s.post("/api/tournaments/tb/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("Player, ", i),
			"rating": 2300 - 20*i, "idempotency_key": fmt.Sprint(i)}), "register")
	}
	count := func() int { return strings.Count(s.do("GET", "/api/tournaments/tb/events?follow=false", "").raw, "\n") }
	n := count()
	for _, c := range []struct {
		path string
		body map[string]any
		want string
	}{
		{"/api/tournaments/tb/tiebreaks", map[string]any{"tiebreak_rules": "1999"}, "tiebreak_rules"},
		{"/api/tournaments/tb/tiebreaks", map[string]any{"tiebreaks": []string{"XYZ"}}, "tiebreaks"},
		{"/api/tournaments/tb/players/p2/correct", map[string]any{"name": "Player, Two", "federation": "Xyz"}, "federation"},
		{"/api/tournaments/tb/players/p2/correct", map[string]any{"name": "", "rating": 2100}, "name"},
	} {
		c.body["idempotency_key"] = "bad" + c.want
		if a := s.post(c.path, c.body); a.status != http.StatusBadRequest || !strings.Contains(a.raw, c.want) {
			t.Errorf("%s %v: %d %s", c.path, c.body, a.status, a.raw)
		}
	}
	if a := s.post("/api/tournaments/tb/players/p9/remove", map[string]any{"idempotency_key": "r9-tb"}); a.status != http.StatusNotFound {
		t.Errorf("removing a player not registered: %d %s", a.status, a.raw)
	}
	if count() != n {
		t.Fatalf("refusals appended events")
	}
	mustOK(t, s.post("/api/tournaments/tb/tiebreaks", map[string]any{"tiebreak_rules": "2026", "tiebreaks": []string{"BH", "DE"}, "idempotency_key": "t-tb"}), "tiebreaks")
	mustOK(t, s.post("/api/tournaments/tb/players/p2/correct", map[string]any{"name": "Player, Two", "rating": 2295, "federation": "TUR", "reason": "typo", "idempotency_key": "k-tb"}), "correct")
	mustOK(t, s.post("/api/tournaments/tb/players/p5/remove", map[string]any{"reason": "did not come", "idempotency_key": "r-tb"}), "remove")
	v := s.do("GET", "/api/tournaments/tb", "")
	tour := v.body["tournament"].(map[string]any)
	players := v.body["players"].([]any)
	if tour["tiebreak_rules"] != "2026" || fmt.Sprint(tour["tiebreaks"]) != "[BH DE]" || len(players) != 4 ||
		players[1].(map[string]any)["name"] != "Player, Two" || players[1].(map[string]any)["rating"] != 2295.0 {
		t.Fatalf("after the changes: %s", v.raw)
	}
	mustOK(t, s.post("/api/tournaments/tb/rounds", map[string]any{"idempotency_key": "p1-tb"}), "pair")
	n = count()
	for _, c := range []struct {
		path string
		body map[string]any
	}{
		{"/api/tournaments/tb/tiebreaks", map[string]any{"tiebreak_rules": "2024"}},
		{"/api/tournaments/tb/players/p2/correct", map[string]any{"name": "Player, 2"}},
		{"/api/tournaments/tb/players/p3/remove", map[string]any{}},
	} {
		c.body["idempotency_key"] = "late" + c.path
		if a := s.post(c.path, c.body); a.status != http.StatusConflict || !strings.Contains(a.raw, "round 1 is paired") {
			t.Errorf("%s after round 1: %d %s", c.path, a.status, a.raw)
		}
	}
	if count() != n {
		t.Fatalf("refusals after round 1 appended events")
	}
	s.stop()
	auditTournament(t, data, "tb")
}
