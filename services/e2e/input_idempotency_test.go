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
	mustOK(t, s.post("/api/games", map[string]any{"id": "ck", "white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "c2"}), "create timed")
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

// TestInputIdempotencyKeyAnotherGame: a key is one command across games
// and tournaments too (keyledger, and the organiser's tournament key on a
// game), and stays so across a restart: a move
// on game A with key K, then a move on game B with K by the same player
// is refused with 409 naming the key, and nothing is appended on B; the
// same request on A again is answered with its first answer; another
// player's K is that player's own. After a SIGKILL and a restart on the
// same folder, K on B is still refused and A still answered.
func TestInputIdempotencyKeyAnotherGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	for _, g := range []string{"ga", "gb"} {
		mustOK(t, s.post("/api/games", map[string]any{"id": g, "white": "w", "black": "b", "idempotency_key": "create-" + g}), "create "+g)
	}
	first := s.move("ga", "w", "e4", "K")
	mustOK(t, first, "move on ga")
	refusedOnB := func(s *server, when string) {
		t.Helper()
		before := len(s.eventLog("gb"))
		a := s.post("/api/games/gb/moves", map[string]string{"move": "d4", "player": "w", "idempotency_key": "K"})
		if a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" || !strings.Contains(a.raw, `\"K\"`) {
			t.Errorf("%s: the move on gb with ga's key: %d %s, want 409 idempotency_key_reused naming \"K\"", when, a.status, a.raw)
		}
		if n := len(s.eventLog("gb")); n != before {
			t.Errorf("%s: %d events appended to gb", when, n-before)
		}
		again := s.move("ga", "w", "e4", "K")
		if again.status != http.StatusOK || again.body["repeated"] != true || again.raw[strings.Index(again.raw, `"events"`):] != first.raw[strings.Index(first.raw, `"events"`):] {
			t.Errorf("%s: the same move on ga again: %s, want the first answer repeated (%s)", when, again.raw, first.raw)
		}
	}
	refusedOnB(s, "running")
	// a tournament's key (the organiser's) on a game: refused too
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "tk", "name": "T", "idempotency_key": "T"}), "tournament")
	if a := s.post("/api/games", map[string]any{"id": "gx", "white": "w", "black": "b", "idempotency_key": "T"}); a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
		t.Errorf("a game created with the tournament's key: %d %s, want 409 idempotency_key_reused", a.status, a.raw)
	}
	if a := s.do("GET", "/api/games/gx", ""); a.status != http.StatusNotFound {
		t.Errorf("the game refused was created: %d %s", a.status, a.raw)
	}
	// the other player's K is theirs: black answers on gb with K
	mustOK(t, s.move("ga", "b", "e5", "K"), "black's own K on ga")
	s.kill()
	s = start(t, data)
	refusedOnB(s, "after a SIGKILL and a restart")
	mustOK(t, s.move("gb", "w", "d4", "K2"), "a new key on gb")
	if a := s.post("/api/games/gb/moves", map[string]string{"move": "e5", "player": "b", "idempotency_key": "K"}); a.status != http.StatusConflict || a.errorCode() != "idempotency_key_reused" {
		t.Errorf("black's K (used on ga) on gb after the restart: %d %s, want 409 idempotency_key_reused", a.status, a.raw)
	}
}
