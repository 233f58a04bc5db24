package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestLawsPenaltyAfterNextRoundPaired: penalties imposed in a game of
// round 1 once round 2 is paired (the game over): an exclusion from rounds
// 2 and 3 (2023 12.9.8) excludes the player from round 3, the one still to
// pair (round 2 keeps its pairing, named in the reason), and an expulsion
// (12.9.9) leaves the game's result as it stands and expels the player
// from round 3 on. Both are recorded on the tournament
// (arbiter.player_excluded, arbiter.player_expelled, caused by the
// penalties); round 3 is paired without them, the TRF shows them absent
// (Z), the standings say "expelled", and the audit finds it all sound. A
// loss after the game is refused naming 12.9.6, nothing appended.
func TestLawsPenaltyAfterNextRoundPaired(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "lx", "name": "Late exclusion", "system": "swiss-dutch", "rounds": 3,
		"idempotency_key": "t-lx"}), "create")
	for i := 1; i <= 6; i++ {
		id := fmt.Sprint("x", i)
		mustOK(t, s.post("/api/tournaments/lx/players", map[string]any{"player_id": id, "name": "Player, " + id,
			"rating": 2000 - 20*i, "idempotency_key": id}), "register")
	}
	// play round n: every board's Black resigns after a move each
	play := func(n int) map[string]string {
		mustOK(t, s.post("/api/tournaments/lx/rounds", map[string]any{"idempotency_key": fmt.Sprint("p", n)}), fmt.Sprint("pair round ", n))
		games := map[string]string{} // player -> game id
		for _, x := range s.round("lx", n)["boards"].([]any) {
			bd := x.(map[string]any)
			w, b, id := bd["white"].(string), bd["black"].(string), bd["game_id"].(string)
			games[w], games[b] = id, id
			waitGame(t, s, id)
			s.playMoves(t, id, w, b, "e4", "e5")
			mustOK(t, s.post("/api/games/"+id+"/resign", map[string]string{"player": b, "idempotency_key": "r-" + id}), "resign")
			waitGameState(t, s, id, func(g map[string]any) bool { return g["result"] == "1-0" })
		}
		return games
	}
	r1 := play(1)
	mustOK(t, s.post("/api/tournaments/lx/rounds/1/close", map[string]any{"idempotency_key": "c1-lx"}), "close round 1")
	r2 := play(2)
	for _, p := range []string{"x4", "x6"} { // Black in round 1 (1-4, 5-2, 3-6)
		if r1[p] == "" || r2[p] == "" {
			t.Fatalf("%s not paired in rounds 1 and 2: %v %v", p, r1, r2)
		}
	}
	penalty := func(game, side, kind string, extra map[string]any, key string) answer {
		body := map[string]any{"matter": "penalty", "side": side, "penalty": kind, "reason": "a mobile phone found in the toilets", "by": "arb", "idempotency_key": key + "-" + game}
		for k, v := range extra {
			body[k] = v
		}
		return s.post("/api/games/"+game+"/rulings", body)
	}
	n := len(s.eventLog(r1["x4"]))
	if a := penalty(r1["x4"], "black", "loss", nil, "loss"); a.status != 409 || !strings.Contains(a.raw, "12.9.6") {
		t.Errorf("a loss after the game: %d %s, want 409 naming 12.9.6", a.status, a.raw)
	}
	if m := len(s.eventLog(r1["x4"])); m != n {
		t.Errorf("the refused loss appended %d events", m-n)
	}
	mustOK(t, penalty(r1["x4"], "black", "exclusion", map[string]any{"excluded_rounds": []int{2, 3}}, "ex"), "exclusion after round 2 is paired")
	a := mustOK(t, penalty(r1["x6"], "black", "expulsion", nil, "xp"), "expulsion after the game")
	if evs := a.events(); len(evs) != 2 || evs[0]["data"].(map[string]any)["article"] != "12.9.9" || evs[0]["data"].(map[string]any)["decision"] != "game_continues" {
		t.Errorf("expulsion after the game: %s", a.raw)
	}
	if g := s.do("GET", "/api/games/"+r1["x6"], "").body; g["result"] != "1-0" {
		t.Errorf("the expelled player's game: %v, want its result as it stands", g["result"])
	}

	// both recorded on the tournament, caused by the penalties
	var excluded, expelled map[string]any
	waitUntil(t, "the exclusion and the expulsion on the tournament", func() bool {
		for _, line := range strings.Split(strings.TrimSpace(s.do("GET", "/api/tournaments/lx/events?follow=false", "").raw), "\n") {
			var e map[string]any
			if json.Unmarshal([]byte(line), &e) != nil {
				continue
			}
			switch e["type"] {
			case "arbiter.player_excluded":
				excluded = e
			case "arbiter.player_expelled":
				expelled = e
			}
		}
		return excluded != nil && expelled != nil
	})
	d := excluded["data"].(map[string]any)
	if d["player_id"] != "x4" || fmt.Sprint(d["rounds"]) != "[3]" || !strings.Contains(d["reason"].(string), "round 2 already paired") || excluded["causation_id"] == "" {
		t.Errorf("exclusion recorded %v", excluded)
	}
	if d := expelled["data"].(map[string]any); d["player_id"] != "x6" || expelled["causation_id"] == "" {
		t.Errorf("expulsion recorded %v", expelled)
	}

	mustOK(t, s.post("/api/tournaments/lx/rounds/2/close", map[string]any{"idempotency_key": "c2-lx"}), "close round 2")
	mustOK(t, s.post("/api/tournaments/lx/rounds", map[string]any{"idempotency_key": "p3-lx"}), "pair round 3")
	r3 := s.round("lx", 3)
	var paired, absent []string
	for _, x := range r3["boards"].([]any) {
		bd := x.(map[string]any)
		paired = append(paired, bd["white"].(string), bd["black"].(string))
	}
	for _, x := range r3["byes"].([]any) {
		if by := x.(map[string]any); by["kind"] == "absent" {
			absent = append(absent, by["player_id"].(string))
		} else {
			paired = append(paired, by["player_id"].(string))
		}
	}
	slices.Sort(paired)
	slices.Sort(absent)
	if !slices.Equal(absent, []string{"x4", "x6"}) || !slices.Equal(paired, []string{"x1", "x2", "x3", "x5"}) {
		t.Errorf("round 3: paired %v, absent %v; want x4 and x6 absent", paired, absent)
	}
	text := s.do("GET", "/api/tournaments/lx/trf", "").raw
	f, err := trf.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("TRF: %v", err)
	}
	for _, p := range f.Players {
		name := strings.TrimPrefix(p.Name, "Player, ")
		if z := p.Round(3).Result == trf.ZeroPointBye; z != (name == "x4" || name == "x6") {
			t.Errorf("TRF round 3 of %s: %+v", name, p.Round(3))
		}
	}
	st := mustOK(t, s.do("GET", "/api/web/tournaments/lx/hall", ""), "hall").raw
	if !strings.Contains(st, "expelled") {
		t.Errorf("the hall does not show the expulsion: %s", st)
	}
	s.stop()
	auditTournament(t, data, "lx")
}
