package e2e

import (
	"net/http"
	"testing"
)

// TestQuickplayFinish: a tournament announces the quickplay-finish rules
// (FIDE 2023 Guidelines III.1: "announced beforehand") and its game carries
// the announcement; at a sudden-death control White, on move with less than
// two minutes, claims a draw (III.5). The claim stops the clocks and waits
// for the arbiter, who postpones his decision and gives Black two minutes
// (III.5.2, carried out on Black's clock), then, on a second claim,
// declares the draw. A claim where the rules are not announced is refused,
// one with two minutes or more is not admitted by the arbiter service, and
// under the 1997 Laws (10.2) the arbiter may declare a draw but not reject.
// The stopped server's games and tournament then audit clean.
func TestQuickplayFinish(t *testing.T) {
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
	clockOf := func(game, side string) float64 {
		c := s.do("GET", "/api/games/"+game+"/clock", "")
		return c.body[side].(map[string]any)["remaining_ms"].(float64)
	}

	// the tournament announces Guidelines III; its round-robin game gets them
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "qp", "name": "Quickplay Open", "system": "round-robin", "rounds": 1,
		"time_control": "110", "mode": "standard", "laws_profile": "fide-2023", "quickplay_finish": true, "idempotency_key": "t-qp"}), "tournament")
	for _, p := range []string{"p1", "p2"} {
		mustOK(t, s.post("/api/tournaments/qp/players", map[string]any{"player_id": p, "name": "Player, " + p, "idempotency_key": p}), "register "+p)
	}
	mustOK(t, s.post("/api/tournaments/qp/rounds", map[string]any{"idempotency_key": "pair1-qp"}), "pair")
	id := "qp-r1-b1"
	waitGame(t, s, id)
	created := s.eventLog(id)[0]
	if d := created["data"].(map[string]any); created["type"] != "game.created" || d["quickplay_finish"] != true || d["time_control"] != "110" {
		t.Fatalf("the game does not carry the announcement: %v", created)
	}
	g := s.game(id)
	white, black := g["white"].(string), g["black"].(string)
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	mustOK(t, s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "s-" + id, "by": "arbiter-1"}), "clock")
	s.move(id, white, "e4", "1-"+id)
	s.move(id, black, "e5", "2-"+id)

	if a := rule(id, "draw", false, "early"); a.status != 422 {
		t.Errorf("a judgement with no claim pending: %d %s", a.status, a.raw)
	}
	if a := claim(id, black, "off-move"); a.status != http.StatusConflict {
		t.Errorf("a claim by the player not on move: %d %s", a.status, a.raw)
	}
	c1 := mustOK(t, claim(id, white, "c1"), "claim")
	if c1.events()[0]["type"] != "game.draw_claimed" {
		t.Fatalf("claim: %s", c1.raw)
	}
	if a := s.post("/api/games/"+id+"/moves", map[string]string{"player": white, "move": "Nf3", "idempotency_key": "held-" + id}); a.status != http.StatusConflict {
		t.Errorf("a move while the claim waits for the arbiter: %d %s", a.status, a.raw)
	}
	blackBefore := clockOf(id, "black")
	j1 := mustOK(t, rule(id, "postpone", true, "j1"), "postpone")
	r1 := waitFor(t, live, "arbiter.ruling_given")
	if d := r1["data"].(map[string]any); d["matter"] != "draw_claim" || d["decision"] != "game_continues" || d["article"] != "III.5" ||
		d["profile"] != "fide-2023" || r1["actor"].(map[string]any)["role"] != "arbiter" || r1["causation_id"] != c1.events()[0]["id"] {
		t.Errorf("the first ruling on the claim is not the arbiter's postponement: %v", r1)
	}
	if len(j1.events()) != 2 || j1.events()[1]["type"] != "arbiter.penalty_imposed" {
		t.Errorf("postponed with two minutes: %s", j1.raw)
	}
	adj := waitFor(t, live, "clock.time_adjusted")
	if d := adj["data"].(map[string]any); d["side"] != "black" || d["delta_ms"] != 120000.0 {
		t.Errorf("two minutes to black: %v", d)
	}
	if after := clockOf(id, "black"); after-blackBefore != 120000 {
		t.Errorf("black's clock went from %v to %v ms", blackBefore, after)
	}
	s.move(id, white, "Nf3", "3-"+id)
	s.move(id, black, "Nc6", "4-"+id)
	c2 := mustOK(t, claim(id, white, "c2"), "second claim")
	mustOK(t, rule(id, "draw", false, "j2"), "draw")
	r2 := waitFor(t, live, "arbiter.ruling_given")
	if d := r2["data"].(map[string]any); d["decision"] != "draw" || d["article"] != "III.5" || r2["causation_id"] != c2.events()[0]["id"] {
		t.Errorf("the draw: %v", r2)
	}
	end := waitFor(t, live, "game.ended")
	if d := end["data"].(map[string]any); d["result"] != "1/2-1/2" || d["termination"] != "quickplay_finish" || d["article"] != "III.5" {
		t.Errorf("end: %v", d)
	}
	mustOK(t, s.post("/api/tournaments/qp/rounds/1/close", map[string]any{"idempotency_key": "close1-qp"}), "close")

	// not announced: no such claim
	mustOK(t, s.post("/api/games", map[string]any{"id": "plain", "white": "w", "black": "b", "time_control": "110", "idempotency_key": "plain-plain"}), "plain game")
	if a := claim("plain", "w", "c"); a.status != 400 {
		t.Errorf("a quickplay claim where the rules were not announced: %d %s", a.status, a.raw)
	}

	// announced, but ten minutes on the clock: the arbiter service does not admit it
	mustOK(t, s.post("/api/games", map[string]any{"id": "long", "white": "w", "black": "b", "time_control": "600", "mode": "standard", "quickplay_finish": true, "idempotency_key": "long-long"}), "long game")
	liveL, closeL := follow(t, s.base, "long")
	defer closeL()
	mustOK(t, s.post("/api/games/long/clock/start", map[string]string{"idempotency_key": "s-long", "by": "arbiter-1"}), "clock")
	mustOK(t, claim("long", "w", "c"), "claim")
	rl := waitFor(t, liveL, "arbiter.ruling_given")
	if d := rl["data"].(map[string]any); d["decision"] != "game_continues" || d["article"] != "III.5" || rl["actor"].(map[string]any)["role"] != "system" {
		t.Errorf("a claim with ten minutes left: %v", rl)
	}
	s.move("long", "w", "d4", "1-long") // the clocks run again, the game goes on

	// 1997 article 10.2: draw or postpone, no rejection
	mustOK(t, s.post("/api/games", map[string]any{"id": "old", "white": "w", "black": "b", "time_control": "100", "laws_profile": "fide-1997",
		"quickplay_finish": true, "idempotency_key": "old"}), "1997 game")
	liveO, closeO := follow(t, s.base, "old")
	defer closeO()
	mustOK(t, s.post("/api/games/old/clock/start", map[string]string{"idempotency_key": "s-old", "by": "arbiter-1"}), "clock")
	s.move("old", "w", "c4", "1-old")
	s.move("old", "b", "c5", "2-old")
	mustOK(t, claim("old", "w", "c"), "claim")
	if a := rule("old", "reject", false, "r"); a.status != 422 {
		t.Errorf("a rejection under the 1997 Laws: %d %s", a.status, a.raw)
	}
	mustOK(t, rule("old", "draw", false, "d"), "draw")
	if d := waitFor(t, liveO, "game.ended")["data"].(map[string]any); d["termination"] != "quickplay_finish" || d["article"] != "10.2" {
		t.Errorf("1997 end: %v", d)
	}

	s.kill()
	for _, game := range []string{id, "long", "old", "plain"} {
		r := runAudit(t, "game", game, "--data", data, "--json")
		if r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", game, r.code, r.stderr, r.stdout)
		}
	}
	auditTournament(t, data, "qp")
	text := runAudit(t, "game", id, "--data", data)
	t.Logf("hakem audit game %s:\n%s", id, text.stdout)
}
