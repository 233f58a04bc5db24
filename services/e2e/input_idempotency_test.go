package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestInputIdempotencyKeyOneCommand: an idempotency key names one
// command. The same command again is answered with its first answer
// (repeated, nothing appended); another command with a used key (a
// resignation after a move, another move, another game created with the
// key) is refused with 409 idempotency_key_reused and appends nothing.
func TestInputIdempotencyKeyOneCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	mustOK(t, s.post("/api/games", map[string]any{"id": "ik", "white": "w", "black": "b", "idempotency_key": "c"}), "create")
	first := s.move("ik", "w", "e4", "k1")
	again := s.move("ik", "w", "e4", "k1")
	if again.body["repeated"] != true || again.raw[strings.Index(again.raw, `"events"`):] != first.raw[strings.Index(first.raw, `"events"`):] {
		t.Errorf("the same move with its key: %s, want the first answer repeated (%s)", again.raw, first.raw)
	}
	reused := func(name, method, path, body string) {
		t.Helper()
		before := s.appended()
		log := len(s.eventLog("ik"))
		a := s.do(method, path, body)
		if a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
			t.Errorf("%s: %d %s, want 409 idempotency_key_reused", name, a.status, a.raw)
		}
		if n := len(s.eventLog("ik")); n != log {
			t.Errorf("%s: %d events appended to the game", name, n-log)
		}
		if after := s.appended(); after != before {
			t.Errorf("%s: %g events appended", name, after-before)
		}
	}
	reused("a resignation after a move, same key", "POST", "/api/games/ik/resign", `{"player":"w","idempotency_key":"k1"}`)
	reused("another move, same key", "POST", "/api/games/ik/moves", `{"move":"d4","player":"w","idempotency_key":"k1"}`)
	reused("a draw offer, same key", "POST", "/api/games/ik/draw", `{"action":"offer","player":"w","idempotency_key":"k1"}`)
	// a creation with a used key (the id derived from it) for another game
	mustOK(t, s.post("/api/games", map[string]any{"white": "x", "black": "y", "idempotency_key": "new"}), "create by key")
	if a := s.post("/api/games", map[string]any{"white": "x", "black": "z", "idempotency_key": "new"}); a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
		t.Errorf("another game created with a used key: %d %s", a.status, a.raw)
	}
	// clocks, rulings and tournaments bind their keys too
	mustOK(t, s.post("/api/games", map[string]any{"id": "ck", "white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "c"}), "create timed")
	mustOK(t, s.post("/api/games/ck/clock/start", map[string]any{"idempotency_key": "s"}), "start")
	mustOK(t, s.post("/api/games/ck/clock/adjust", map[string]any{"side": "white", "delta_ms": 60000, "reason": "r", "article": "6.10", "idempotency_key": "adj"}), "adjust")
	if a := s.post("/api/games/ck/clock/adjust", map[string]any{"side": "white", "delta_ms": 60000, "reason": "r", "article": "6.10", "idempotency_key": "adj"}); a.status != http.StatusOK || a.body["repeated"] != true {
		t.Errorf("the same adjustment again: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/ck/clock/adjust", map[string]any{"side": "black", "delta_ms": 60000, "reason": "r", "article": "6.10", "idempotency_key": "adj"}); a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
		t.Errorf("another adjustment with a used key: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "tk", "name": "T", "idempotency_key": "t"}), "tournament")
	mustOK(t, s.post("/api/tournaments/tk/players", map[string]any{"player_id": "a", "name": "A", "idempotency_key": "r"}), "register")
	if a := s.post("/api/tournaments/tk/players", map[string]any{"player_id": "b", "name": "B", "idempotency_key": "r"}); a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
		t.Errorf("another registration with a used key: %d %s", a.status, a.raw)
	}
}
