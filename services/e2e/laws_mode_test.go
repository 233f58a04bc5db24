package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestLawsRapidBlitzPenalties: under fide-2023 a game's mode follows its
// time control (A.1, B.1) unless POST /api/games or the tournament names
// it; in rapid and blitz the penalties of articles 7 and 9 are one minute
// (A.3, B.2): an incorrect claim and an illegal move give the opponent
// 60 s, in a standard game 120 s.
func TestLawsRapidBlitzPenalties(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	for _, tc := range []struct {
		control, mode, want, appendix string
		bonus                         float64
	}{
		{"900+10", "", "rapid", "A.3", 60000},
		{"180+2", "", "blitz", "B.2", 60000},
		{"5400+30", "", "standard", "", 120000},
		{"600", "standard", "standard", "", 120000},
		{"5400", "rapid", "rapid", "A.3", 60000},
	} {
		id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": tc.control, "mode": tc.mode,
			"idempotency_key": "g" + tc.control + tc.mode})
		if d := s.eventLog(id)[0]["data"].(map[string]any); d["mode"] != tc.want {
			t.Errorf("%s mode %q: created as %v, want %s", tc.control, tc.mode, d["mode"], tc.want)
		}
		live, stop := follow(t, s.base, id)
		s.move(id, "w", "Nf3", "m1-"+id)
		s.move(id, "b", "Nf6", "m2-"+id)
		// White claims a repetition that is not there: the opponent gets the penalty.
		if a := s.post("/api/games/"+id+"/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "idempotency_key": "c-" + id}); a.status != 200 {
			t.Fatalf("claim: %d %s", a.status, a.raw)
		}
		r := waitFor(t, live, "arbiter.ruling_given")["data"].(map[string]any)
		if r["article"] != "9.5.3" || r["decision"] != "game_continues" || r["profile"] != "fide-2023" {
			t.Errorf("%s: incorrect claim ruled %v", tc.control, r)
		}
		if tc.appendix != "" && !strings.Contains(r["explanation"].(string), tc.appendix) {
			t.Errorf("%s: the ruling does not cite %s: %v", tc.control, tc.appendix, r["explanation"])
		}
		if ad := waitFor(t, live, "clock.time_adjusted")["data"].(map[string]any); ad["side"] != "black" || ad["delta_ms"] != tc.bonus {
			t.Errorf("%s (%s): claim penalty %v, want %v to black", tc.control, tc.want, ad, tc.bonus)
		}
		// An illegal move by White: the same penalty to Black.
		ill := s.post("/api/games/"+id+"/illegal-moves", map[string]string{"offender": "white", "move": "Ke3", "by": "b", "reported_by": "player", "idempotency_key": "i-" + id})
		if ill.status != 200 || len(ill.events()) != 3 {
			t.Fatalf("illegal move: %d %s", ill.status, ill.raw)
		}
		if p := ill.events()[2]["data"].(map[string]any); p["amount_ms"] != tc.bonus || p["article"] != "7.5.5" {
			t.Errorf("%s: illegal-move penalty %v, want %v", tc.control, p, tc.bonus)
		}
		if ad := waitFor(t, live, "clock.time_adjusted")["data"].(map[string]any); ad["delta_ms"] != tc.bonus {
			t.Errorf("%s: illegal-move clock change %v", tc.control, ad)
		}
		stop()
	}
	// Bad modes are refused, naming the field, and append nothing.
	if a := s.post("/api/games", map[string]any{"white": "w", "black": "b", "mode": "bullet", "idempotency_key": "bad"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "mode") {
		t.Errorf("mode bullet: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games", map[string]any{"white": "w", "black": "b", "time_control": "180+2", "quickplay_finish": true, "idempotency_key": "qb"}); a.status != http.StatusBadRequest {
		t.Errorf("2023 blitz with a quickplay finish: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/tournaments", map[string]any{"name": "B", "system": "round-robin", "time_control": "180", "quickplay_finish": true, "idempotency_key": "tb"}); a.status != http.StatusBadRequest {
		t.Errorf("2023 blitz tournament with a quickplay finish: %d %s", a.status, a.raw)
	}

	// A tournament's mode reaches its games.
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "tr", "name": "Rapid", "system": "round-robin", "time_control": "5400",
		"mode": "rapid", "idempotency_key": "tr"}), "tournament")
	for _, p := range []string{"p1", "p2"} {
		mustOK(t, s.post("/api/tournaments/tr/players", map[string]any{"player_id": p, "name": p, "idempotency_key": p}), "player")
	}
	mustOK(t, s.post("/api/tournaments/tr/rounds", map[string]any{"idempotency_key": "r1-tr"}), "round")
	var created map[string]any
	waitUntil(t, "the round's game", func() bool {
		a := s.do("GET", "/api/games/tr-r1-b1/events?follow=false", "")
		if a.status != 200 {
			return false
		}
		created = s.eventLog("tr-r1-b1")[0]
		return true
	})
	if d := created["data"].(map[string]any); d["mode"] != "rapid" {
		t.Errorf("the tournament's game: %v", d)
	}
	if a := s.post("/api/tournaments", map[string]any{"name": "X", "system": "round-robin", "mode": "bullet", "idempotency_key": "tx"}); a.status != http.StatusBadRequest {
		t.Errorf("tournament mode bullet: %d %s", a.status, a.raw)
	}
}
