package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLawsLossFineExclusion: the 2023 penalties 12.9.6 to 12.9.8 through
// hakem serve, in round 1 of a 4-player Swiss.
//   - 12.9.6: the game declared lost by Black on board 1, the arbiter
//     deciding White's score (a draw's half point): the game ends 1-0, the
//     standings, the crosstable and the hall count ½-0.
//   - 12.9.7: a fine announced in advance on board 2's White, recorded as
//     arbiter.penalty_imposed with the fine; the game goes on.
//   - 12.9.8: board 2's Black excluded from round 2 by a penalty in the
//     game (the tournament records arbiter.player_excluded: he is absent
//     from round 2's pairing), and board 1's White from round 3 by POST
//     /api/tournaments/{id}/exclusions; a round already paired is refused.
//
// fide-1997 (13.4) has none of them: refused, nothing appended. The audit
// of the games and of the tournament finds them sound.
func TestLawsLossFineExclusion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	ids, whites, blacks := startSwiss(t, s, "pe", "Penalties", "x", 4)
	if len(ids) != 2 {
		t.Fatalf("round 1 boards %v", ids)
	}
	rule := func(game string, body map[string]any) answer {
		body["matter"], body["by"] = "penalty", "arb"
		if body["reason"] == nil {
			body["reason"] = "a mobile phone in the playing area"
		}
		return s.post("/api/games/"+game+"/rulings", body)
	}
	penaltyOf := func(a answer, what, article string) map[string]any {
		t.Helper()
		evs := a.events()
		if a.status != http.StatusOK || len(evs) < 2 || evs[1]["type"] != "arbiter.penalty_imposed" {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		r, p := evs[0]["data"].(map[string]any), evs[1]["data"].(map[string]any)
		if r["article"] != article || r["profile"] != "fide-2023" || p["article"] != article {
			t.Errorf("%s: ruling %v, penalty %v (want %s)", what, r, p, article)
		}
		return p
	}
	for b := range 2 {
		s.playMoves(t, ids[b], whites[b], blacks[b], "e4", "e5")
	}

	// refusals: each names its field, nothing appended
	n0, n1 := len(s.eventLog(ids[0])), len(s.eventLog(ids[1]))
	for _, bad := range []struct {
		game  string
		body  map[string]any
		field string
	}{
		{ids[0], map[string]any{"side": "black", "penalty": "loss", "opponent_points": 1.5, "idempotency_key": "b1"}, "opponent"},
		{ids[0], map[string]any{"side": "black", "penalty": "warning", "opponent_points": 0.5, "idempotency_key": "b2"}, "opponent"},
		{ids[1], map[string]any{"side": "white", "penalty": "fine", "idempotency_key": "b3"}, "fine"},
		{ids[1], map[string]any{"side": "black", "penalty": "exclusion", "idempotency_key": "b4"}, "rounds"},
		{ids[1], map[string]any{"side": "black", "penalty": "exclusion", "excluded_rounds": []int{1}, "idempotency_key": "b5"}, "excluded_rounds"},
		{ids[1], map[string]any{"side": "black", "penalty": "exclusion", "excluded_rounds": []int{0}, "idempotency_key": "b6"}, "excluded_rounds"},
	} {
		if a := rule(bad.game, bad.body); a.status < 400 || a.status >= 500 || !strings.Contains(a.raw, bad.field) {
			t.Errorf("%v: %d %s, want a 4xx naming %s", bad.body, a.status, a.raw, bad.field)
		}
	}
	if m0, m1 := len(s.eventLog(ids[0])), len(s.eventLog(ids[1])); m0 != n0 || m1 != n1 {
		t.Errorf("refused penalties appended %d and %d events", m0-n0, m1-n1)
	}

	// 12.9.6: lost by Black, White scores ½
	p := penaltyOf(rule(ids[0], map[string]any{"side": "black", "penalty": "loss", "opponent_points": 0.5, "idempotency_key": "loss"}), "12.9.6", "12.9.6")
	if p["kind"] != "loss" || p["opponent_points"] != 0.5 || p["side"] != "black" {
		t.Errorf("12.9.6 penalty %v", p)
	}
	waitGameState(t, s, ids[0], func(g map[string]any) bool { return g["result"] == "1-0" })

	// 12.9.7: a fine on White of board 2, the game goes on
	p = penaltyOf(rule(ids[1], map[string]any{"side": "white", "penalty": "fine", "fine": "50 EUR (regulations 4.2)", "idempotency_key": "fine"}), "12.9.7", "12.9.7")
	if p["kind"] != "fine" || p["fine"] != "50 EUR (regulations 4.2)" {
		t.Errorf("12.9.7 penalty %v", p)
	}
	// 12.9.8: Black of board 2 excluded from round 2
	excluded := blacks[1]
	p = penaltyOf(rule(ids[1], map[string]any{"side": "black", "penalty": "exclusion", "excluded_rounds": []int{2}, "idempotency_key": "excl"}), "12.9.8", "12.9.8")
	if p["kind"] != "exclusion_from_rounds" || fmt.Sprint(p["rounds"]) != "[2]" {
		t.Errorf("12.9.8 penalty %v", p)
	}
	if g := s.do("GET", "/api/games/"+ids[1], "").body; g["result"] != "*" {
		t.Errorf("a fine and an exclusion end no game: %v", g["result"])
	}
	exclusions := func() []map[string]any {
		var out []map[string]any
		for _, line := range strings.Split(strings.TrimSpace(s.do("GET", "/api/tournaments/pe/events?follow=false", "").raw), "\n") {
			var e map[string]any
			if json.Unmarshal([]byte(line), &e) == nil && e["type"] == "arbiter.player_excluded" {
				out = append(out, e)
			}
		}
		return out
	}
	waitUntil(t, "arbiter.player_excluded on the tournament", func() bool { return len(exclusions()) > 0 })
	if ex := exclusions(); len(ex) != 1 || ex[0]["causation_id"] == "" || fmt.Sprint(ex[0]["data"].(map[string]any)["rounds"]) != "[2]" ||
		ex[0]["data"].(map[string]any)["player_id"] != excluded || ex[0]["data"].(map[string]any)["article"] != "12.9.8" {
		t.Errorf("exclusions recorded: %v", ex)
	}
	mustOK(t, s.post("/api/games/"+ids[1]+"/draw", map[string]string{"player": whites[1], "action": "offer", "idempotency_key": "o-" + ids[1]}), "offer")
	mustOK(t, s.post("/api/games/"+ids[1]+"/draw", map[string]string{"player": blacks[1], "action": "accept", "idempotency_key": "a-" + ids[1]}), "accept")
	waitGameState(t, s, ids[1], func(g map[string]any) bool { return g["result"] == "1/2-1/2" })

	want := map[string]float64{whites[0]: 0.5, blacks[0]: 0, whites[1]: 0.5, blacks[1]: 0.5}
	hallPoints(t, s, "pe", want)
	mustOK(t, s.post("/api/tournaments/pe/rounds/1/close", map[string]any{"idempotency_key": "c1-pe"}), "close round 1")
	waitUntil(t, "standings after round 1", func() bool {
		return s.do("GET", "/api/tournaments/pe/standings?after=1", "").status == http.StatusOK
	})
	st := mustOK(t, s.do("GET", "/api/tournaments/pe/standings?after=1", ""), "standings").body
	for _, x := range st["standings"].([]any) {
		line := x.(map[string]any)
		if pl := line["player_id"].(string); line["points"] != want[pl] {
			t.Errorf("standings: %s has %v points, want %v", pl, line["points"], want[pl])
		}
	}
	ct := mustOK(t, s.do("GET", "/api/tournaments/pe/crosstable?after=1", ""), "crosstable").body
	for _, x := range ct["rows"].([]any) {
		row := x.(map[string]any)
		if pl := row["player_id"].(string); row["points"] != want[pl] {
			t.Errorf("crosstable: %s has %v points, want %v", pl, row["points"], want[pl])
		}
	}

	// round 2: the excluded player is absent, the three others paired
	mustOK(t, s.post("/api/tournaments/pe/rounds", map[string]any{"idempotency_key": "p2-pe"}), "pair round 2")
	r2 := s.round("pe", 2)
	var paired []string
	for _, x := range r2["boards"].([]any) {
		bd := x.(map[string]any)
		paired = append(paired, bd["white"].(string), bd["black"].(string))
	}
	absent := false
	for _, x := range r2["byes"].([]any) {
		by := x.(map[string]any)
		if by["player_id"] == excluded {
			absent = by["kind"] == "absent" && (by["points"] == nil || by["points"] == 0.0)
		}
		if by["kind"] == "pairing_allocated" {
			paired = append(paired, by["player_id"].(string))
		}
	}
	if !absent || len(paired) != 3 || strings.Contains(","+strings.Join(paired, ",")+",", ","+excluded+",") {
		t.Errorf("round 2: paired %v, byes %v: %s absent with no points", paired, r2["byes"], excluded)
	}

	// the exclusion outside a game: from round 3, not from round 2 (paired)
	exclude := func(player string, rounds []int, key string) answer {
		return s.post("/api/tournaments/pe/exclusions", map[string]any{"player_id": player, "excluded_rounds": rounds,
			"reason": "refused to hand in his phone", "by": "arb", "idempotency_key": key})
	}
	if a := exclude(whites[0], []int{2}, "e2"); a.status != http.StatusConflict || !strings.Contains(a.raw, "rounds") {
		t.Errorf("exclusion from a paired round: %d %s", a.status, a.raw)
	}
	if a := exclude(whites[0], nil, "e0"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "rounds") {
		t.Errorf("exclusion without rounds: %d %s", a.status, a.raw)
	}
	a := mustOK(t, exclude(whites[0], []int{3}, "e3"), "exclusion from round 3")
	if evs := a.events(); len(evs) != 1 || evs[0]["type"] != "arbiter.player_excluded" || evs[0]["data"].(map[string]any)["article"] != "12.9.8" {
		t.Errorf("exclusion: %s", a.raw)
	}

	// fide-1997: 13.4 has neither the opponent's score, a fine nor an exclusion
	mustOK(t, s.post("/api/games", map[string]any{"id": "old", "white": "w", "black": "b", "laws_profile": "fide-1997", "idempotency_key": "old-old"}), "1997 game")
	n := len(s.eventLog("old"))
	for _, body := range []map[string]any{
		{"side": "black", "penalty": "loss", "opponent_points": 0.5, "idempotency_key": "o1"},
		{"side": "black", "penalty": "fine", "fine": "50 EUR", "idempotency_key": "o2"},
	} {
		if a := rule("old", body); a.status != http.StatusUnprocessableEntity || !strings.Contains(a.raw, "13.4") {
			t.Errorf("1997 %v: %d %s", body["penalty"], a.status, a.raw)
		}
	}
	if m := len(s.eventLog("old")); m != n {
		t.Errorf("refused 1997 penalties appended %d events", m-n)
	}
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "old", "name": "1997", "system": "swiss-dutch", "rounds": 3, "laws_profile": "fide-1997", "idempotency_key": "t-old"}), "1997 tournament")
	mustOK(t, s.post("/api/tournaments/old/players", map[string]any{"player_id": "o1", "name": "Old, One", "rating": 2000, "idempotency_key": "o1-old"}), "register")
	if a := s.post("/api/tournaments/old/exclusions", map[string]any{"player_id": "o1", "excluded_rounds": []int{2}, "reason": "r", "by": "arb", "idempotency_key": "x-old"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "13.4") {
		t.Errorf("1997 exclusion: %d %s", a.status, a.raw)
	}

	s.stop()
	auditTournament(t, data, "pe")
	for _, id := range ids {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}
