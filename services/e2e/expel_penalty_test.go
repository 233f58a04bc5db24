package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestExpelPenalty: in round 1 of a 4-player Swiss played through hakem
// serve, the arbiter imposes the penalty of expulsion on Black in the game
// on board 1 (a ruling in the game: arbiter.penalty_imposed of kind
// expulsion). The arbiter's process, as the consumer group
// arbiter-expulsions, records arbiter.player_expelled on the tournament
// (once, caused by the penalty); the player is absent from round 2's
// pairing, and the audit of the tournament re-derives it.
func TestExpelPenalty(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	ids, whites, blacks := startSwiss(t, s, "ep", "Expulsion", "e", 4)
	for b := range 2 {
		s.playMoves(t, ids[b], whites[b], blacks[b], "e4", "e5")
	}
	expelled := blacks[0]
	mustOK(t, s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "penalty", "side": "black", "penalty": "expulsion",
		"reason": "a mobile phone rang in the playing venue", "by": "arb", "idempotency_key": "expel"}), "expulsion penalty")

	// the arbiter's consumer records the expulsion on the tournament
	var expulsions []map[string]any
	waitUntil(t, "arbiter.player_expelled on the tournament", func() bool {
		expulsions = nil
		for _, line := range strings.Split(strings.TrimSpace(s.do("GET", "/api/tournaments/ep/events?follow=false", "").raw), "\n") {
			var e map[string]any
			if json.Unmarshal([]byte(line), &e) == nil && e["type"] == "arbiter.player_expelled" {
				expulsions = append(expulsions, e)
			}
		}
		return len(expulsions) > 0
	})
	if d, _ := expulsions[0]["data"].(map[string]any); len(expulsions) != 1 || d["player_id"] != expelled || expulsions[0]["causation_id"] == "" {
		t.Errorf("expulsions recorded: %v", expulsions)
	}
	// the expelled player's game is lost by the penalty; board 2 ends
	waitUntil(t, "board 1 lost by Black", func() bool { return s.do("GET", "/api/games/"+ids[0], "").body["result"] == "1-0" })
	mustOK(t, s.post("/api/games/"+ids[1]+"/resign", map[string]string{"player": blacks[1], "idempotency_key": "r-" + ids[1]}), "resign board 2")
	waitUntil(t, "board 2 over", func() bool { return s.do("GET", "/api/games/"+ids[1], "").body["result"] == "1-0" })
	mustOK(t, s.post("/api/tournaments/ep/rounds/1/close", map[string]any{"idempotency_key": "c1-ep"}), "close round 1")
	mustOK(t, s.post("/api/tournaments/ep/rounds", map[string]any{"idempotency_key": "p2-ep"}), "pair round 2")
	r2 := s.round("ep", 2)
	var paired []string
	for _, x := range r2["boards"].([]any) {
		bd := x.(map[string]any)
		paired = append(paired, bd["white"].(string), bd["black"].(string))
	}
	for _, x := range r2["byes"].([]any) {
		by := x.(map[string]any)
		if by["player_id"] == expelled && by["kind"] != "absent" {
			t.Errorf("the expelled player in round 2: %v", by)
		}
		if by["kind"] == "pairing_allocated" {
			paired = append(paired, by["player_id"].(string))
		}
	}
	if len(paired) != 3 || strings.Contains(","+strings.Join(paired, ",")+",", ","+expelled+",") {
		t.Errorf("round 2 pairs %v: the three players left, %s absent", paired, expelled)
	}
	s.stop()
	auditTournament(t, data, "ep")
}
