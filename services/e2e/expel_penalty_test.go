package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
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
	must := func(a answer, what string) answer {
		t.Helper()
		if a.status != http.StatusOK && a.status != http.StatusCreated {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		return a
	}
	must(s.post("/api/tournaments", map[string]any{"id": "ep", "name": "Expulsion", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t"}), "create")
	for i := 1; i <= 4; i++ {
		must(s.post("/api/tournaments/ep/players", map[string]any{"player_id": fmt.Sprint("e", i), "name": fmt.Sprint("Player, e", i),
			"rating": 2000 - 20*i, "idempotency_key": fmt.Sprint("e", i)}), "register")
	}
	must(s.post("/api/tournaments/ep/rounds", map[string]any{"idempotency_key": "p1"}), "pair round 1")
	round := func(n int) map[string]any {
		return s.do("GET", "/api/tournaments/ep", "").body["rounds"].([]any)[n-1].(map[string]any)
	}
	waitFor := func(what string, done func() bool) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); !done(); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 30 s", what)
			}
		}
	}
	var ids, whites, blacks []string
	for _, x := range round(1)["boards"].([]any) {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitFor("game "+ids[len(ids)-1], func() bool { return s.do("GET", "/api/games/"+ids[len(ids)-1], "").status == 200 })
	}
	for b := range 2 {
		for i, m := range []string{"e4", "e5"} {
			p := []string{whites[b], blacks[b]}[i%2]
			must(s.post("/api/games/"+ids[b]+"/moves", map[string]string{"move": m, "player": p, "idempotency_key": "m" + m}), "move "+m)
		}
	}
	expelled := blacks[0]
	must(s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "penalty", "side": "black", "penalty": "expulsion",
		"reason": "a mobile phone rang in the playing venue", "by": "arb", "idempotency_key": "expel"}), "expulsion penalty")

	// the arbiter's consumer records the expulsion on the tournament
	var expulsions []map[string]any
	waitFor("arbiter.player_expelled on the tournament", func() bool {
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
	waitFor("board 1 lost by Black", func() bool { return s.do("GET", "/api/games/"+ids[0], "").body["result"] == "1-0" })
	must(s.post("/api/games/"+ids[1]+"/resign", map[string]string{"player": blacks[1], "idempotency_key": "r"}), "resign board 2")
	waitFor("board 2 over", func() bool { return s.do("GET", "/api/games/"+ids[1], "").body["result"] == "1-0" })
	must(s.post("/api/tournaments/ep/rounds/1/close", map[string]any{"idempotency_key": "c1"}), "close round 1")
	must(s.post("/api/tournaments/ep/rounds", map[string]any{"idempotency_key": "p2"}), "pair round 2")
	r2 := round(2)
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
	if r := runAudit(t, "tournament", "ep", "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
		t.Errorf("audit: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}
