package e2e

import (
	"net/http"
	"testing"
)

// TestLaws1997QuickplayFinish: under fide-1997 the quickplay finish is the
// last period of every game (10.1), announced or not: a player with less
// than two minutes may claim without having the move (10.2); the arbiter
// postpones with two minutes to the opponent (10.2b) and declares the draw
// later, even after the claimant's flag fell (10.2c), which replaces the
// flag's result; an illegal move there costs two minutes (10.3). Under
// fide-2023 the claim needs the announcement and the move (III.2.1, III.5).
// The audit follows every game.
func TestLaws1997QuickplayFinish(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	rule := func(game, judgement string, addTime bool, key string) answer {
		return s.post("/api/games/"+game+"/rulings", map[string]any{"matter": "quickplay_claim", "judgement": judgement,
			"add_time": addTime, "by": "arbiter-1", "idempotency_key": key + "-" + game})
	}
	claim := func(game, player, key string) answer {
		return s.post("/api/games/"+game+"/claims", map[string]string{"player": player, "reason": "quickplay_finish", "idempotency_key": key + "-" + game})
	}

	// Game a: not announced; White claims after his move, Black on move.
	mustOK(t, s.post("/api/games", map[string]any{"id": "a", "white": "w", "black": "b", "time_control": "100", "laws_profile": "fide-1997",
		"idempotency_key": "a"}), "game a")
	live, stop := follow(t, s.base, "a")
	defer stop()
	mustOK(t, s.post("/api/games/a/clock/start", map[string]string{"idempotency_key": "s-a", "by": "arbiter-1"}), "clock")
	s.move("a", "w", "e4", "1-a")
	c := mustOK(t, claim("a", "w", "c1"), "claim by the player not on move")
	if c.events()[0]["type"] != "game.draw_claimed" {
		t.Fatalf("claim: %s", c.raw)
	}
	j := mustOK(t, rule("a", "postpone", true, "j1"), "postpone")
	if d := j.events()[0]["data"].(map[string]any); d["article"] != "10.2" || d["decision"] != "game_continues" {
		t.Errorf("postponement: %v", d)
	}
	if d := waitFor(t, live, "clock.time_adjusted")["data"].(map[string]any); d["side"] != "black" || d["delta_ms"] != 120000.0 {
		t.Errorf("two minutes to black: %v", d)
	}
	s.move("a", "b", "e5", "2-a")
	// White's clock runs; the arbiter's adjustment brings his flag down at once.
	mustOK(t, s.post("/api/games/a/clock/adjust", map[string]any{"side": "white", "delta_ms": -95000, "reason": "test: leave white a few seconds",
		"article": "6.13", "by": "arbiter-1", "idempotency_key": "adj"}), "adjust")
	if d := waitFor(t, live, "game.ended")["data"].(map[string]any); d["result"] != "0-1" || d["termination"] != "flag_fall" {
		t.Fatalf("white's flag: %v", d)
	}
	later := mustOK(t, rule("a", "draw", false, "j2"), "draw after the flag fell")
	evs := later.events()
	if len(evs) != 2 || evs[0]["type"] != "arbiter.ruling_given" || evs[1]["type"] != "arbiter.result_overridden" {
		t.Fatalf("10.2c: %s", later.raw)
	}
	if d := evs[0]["data"].(map[string]any); d["article"] != "10.2c" || d["decision"] != "draw" || d["matter"] != "quickplay_claim" || d["profile"] != "fide-1997" {
		t.Errorf("10.2c ruling: %v", d)
	}
	if d := evs[1]["data"].(map[string]any); d["result"] != "1/2-1/2" || d["previous"] != "0-1" || d["article"] != "10.2c" {
		t.Errorf("10.2c result: %v", d)
	}
	waitGameState(t, s, "a", func(g map[string]any) bool { return g["result"] == "1/2-1/2" })
	if a := rule("a", "draw", false, "j3"); a.status < 400 || a.status >= 500 {
		t.Errorf("a second later decision: %d %s", a.status, a.raw)
	}

	// Game b: postponed, then drawn before any flag falls; and 10.3.
	mustOK(t, s.post("/api/games", map[string]any{"id": "b", "white": "w", "black": "b", "time_control": "100", "laws_profile": "fide-1997",
		"idempotency_key": "b"}), "game b")
	liveB, stopB := follow(t, s.base, "b")
	defer stopB()
	mustOK(t, s.post("/api/games/b/clock/start", map[string]string{"idempotency_key": "s-b", "by": "arbiter-1"}), "clock")
	s.move("b", "w", "d4", "1-b")
	ill := mustOK(t, s.post("/api/games/b/illegal-moves", map[string]string{"offender": "black", "move": "Ke7", "by": "w", "reported_by": "player", "idempotency_key": "i-b"}), "illegal move")
	if d := ill.events()[1]["data"].(map[string]any); d["article"] != "10.3" || len(ill.events()) != 3 {
		t.Errorf("10.3 without announcement: %s", ill.raw)
	}
	if d := waitFor(t, liveB, "clock.time_adjusted")["data"].(map[string]any); d["side"] != "white" || d["delta_ms"] != 120000.0 {
		t.Errorf("10.3: two minutes to white: %v", d)
	}
	mustOK(t, claim("b", "b", "c1"), "claim on move")
	mustOK(t, rule("b", "postpone", false, "j1"), "postpone")
	s.move("b", "b", "d5", "2-b")
	mustOK(t, rule("b", "draw", false, "j2"), "draw later")
	if d := waitFor(t, liveB, "game.ended")["data"].(map[string]any); d["result"] != "1/2-1/2" || d["termination"] != "quickplay_finish" || d["article"] != "10.2c" {
		t.Errorf("game b end: %v", d)
	}

	// fide-2023: not announced, no claim; announced, only on move.
	mustOK(t, s.post("/api/games", map[string]any{"id": "c", "white": "w", "black": "b", "time_control": "100", "mode": "standard",
		"idempotency_key": "c"}), "game c")
	mustOK(t, s.post("/api/games/c/clock/start", map[string]string{"idempotency_key": "s-c", "by": "arbiter-1"}), "clock")
	if a := claim("c", "w", "c1"); a.status != http.StatusBadRequest {
		t.Errorf("2023 claim without the announcement: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/games", map[string]any{"id": "d", "white": "w", "black": "b", "time_control": "100", "mode": "standard",
		"quickplay_finish": true, "idempotency_key": "d"}), "game d")
	mustOK(t, s.post("/api/games/d/clock/start", map[string]string{"idempotency_key": "s-d", "by": "arbiter-1"}), "clock")
	s.move("d", "w", "e4", "1-d")
	if a := claim("d", "w", "c1"); a.status != http.StatusConflict || a.errorCode() != "not_on_move" {
		t.Errorf("2023 claim by the player not on move: %d %s", a.status, a.raw)
	}

	s.kill()
	for _, game := range []string{"a", "b"} {
		r := runAudit(t, "game", game, "--data", data, "--json")
		if r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", game, r.code, r.stderr, r.stdout)
		}
	}
}
