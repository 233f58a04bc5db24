package e2e

import (
	"net/http"
	"testing"
)

// TestDrawClaims: a correct claim with the intended move draws the game; an
// incorrect one costs the claimant two minutes added to the opponent's
// clock (2023 9.5.3) and the intended move must be played; the rulings cite
// their articles.
func TestDrawClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	newGame := func(key string) string {
		return startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "600", "mode": "standard", "idempotency_key": key})
	}
	play := func(id string, moves ...string) {
		for i, m := range moves {
			p := "w"
			if i%2 == 1 {
				p = "b"
			}
			s.move(id, p, m, "m"+id+m+string(rune('a'+i)))
		}
	}

	// Correct: Black claims with Ng8, which brings the start position a third time.
	g1 := newGame("c1")
	live1, close1 := follow(t, s.base, g1)
	defer close1()
	play(g1, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	if a := s.post("/api/games/"+g1+"/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "idempotency_key": "x-" + g1}); a.status != http.StatusConflict || a.errorCode() != "not_on_move" {
		t.Errorf("claim by the player not on move: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/"+g1+"/claims", map[string]string{"player": "b", "reason": "boredom", "idempotency_key": "x-" + g1}); a.status != 400 {
		t.Errorf("claim for no reason: %d %s", a.status, a.raw)
	}
	claim := s.post("/api/games/"+g1+"/claims", map[string]string{"player": "b", "reason": "threefold_repetition", "intended_move": "Ng8", "idempotency_key": "claim-" + g1})
	if claim.status != 200 || claim.events()[0]["type"] != "game.draw_claimed" {
		t.Fatalf("claim: %d %s", claim.status, claim.raw)
	}
	ruling := waitFor(t, live1, "arbiter.ruling_given")
	if rd := ruling["data"].(map[string]any); rd["decision"] != "draw" || rd["matter"] != "draw_claim" || rd["article"] == "" {
		t.Errorf("correct claim ruled %v", rd)
	}
	ended := waitFor(t, live1, "game.ended")
	if ed := ended["data"].(map[string]any); ed["result"] != "1/2-1/2" || ed["termination"] != "repetition" {
		t.Errorf("after the correct claim: %v", ed)
	}

	// Incorrect: White claims with Ng1 after 1. Nf3 Nf6: the position would appear once.
	g2 := newGame("c2")
	live2, close2 := follow(t, s.base, g2)
	defer close2()
	play(g2, "Nf3", "Nf6")
	before := s.do("GET", "/api/games/"+g2+"/clock", "")
	if a := s.post("/api/games/"+g2+"/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "intended_move": "Ng1", "idempotency_key": "claim-" + g2}); a.status != 200 {
		t.Fatalf("claim: %d %s", a.status, a.raw)
	}
	ruling2 := waitFor(t, live2, "arbiter.ruling_given")
	if rd := ruling2["data"].(map[string]any); rd["decision"] != "game_continues" || rd["penalty"] != "time_added_to_opponent" {
		t.Errorf("incorrect claim ruled %v", rd)
	}
	adj := waitFor(t, live2, "clock.time_adjusted")
	if ad := adj["data"].(map[string]any); ad["side"] != "black" || ad["delta_ms"] != 120000.0 {
		t.Errorf("penalty on the clock: %v", ad)
	}
	after := s.do("GET", "/api/games/"+g2+"/clock", "")
	b0 := before.body["black"].(map[string]any)["remaining_ms"].(float64)
	b1 := after.body["black"].(map[string]any)["remaining_ms"].(float64)
	if b1-b0 != 120000 {
		t.Errorf("black's clock (not running) went from %v to %v ms, want +120000", b0, b1)
	}
	if a := s.post("/api/games/"+g2+"/moves", map[string]string{"player": "w", "move": "e4", "idempotency_key": "e4-" + g2}); a.status != 422 || a.errorCode() != "illegal_move" {
		t.Errorf("another move than the intended one: %d %s", a.status, a.raw)
	}
	s.move(g2, "w", "Ng1", "ng1-"+g2)
	s.move(g2, "b", "e5", "e5-"+g2)
	if g := s.game(g2); moves(g) != "Nf3 Nf6 Ng1 e5" || g["result"] != "*" {
		t.Errorf("after the incorrect claim: %v", g)
	}
	s.stop()
}
