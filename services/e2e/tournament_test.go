package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
	"time"
)

// TestRoundRobin plays a 4-player round robin (3 rounds) through the HTTP
// API: the pairing service pairs each round, the games service creates
// the games, the players play them, rounds are closed, and the standings
// follow — with a SIGKILL and restart between rounds.
func TestRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	if a := s.post("/api/tournaments", map[string]any{"id": "rr", "name": "Club RR", "system": "swiss-dutch", "idempotency_key": "x-rr"}); a.status != 400 {
		t.Errorf("an unsupported system: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/tournaments", map[string]any{"id": "rr", "name": "Club RR", "tiebreaks": []string{"XYZ"}, "idempotency_key": "y-rr"}); a.status != 400 {
		t.Errorf("an unknown tie-break: %d %s", a.status, a.raw)
	}
	created := s.post("/api/tournaments", map[string]any{"id": "rr", "name": "Club RR", "system": "round-robin", "time_control": "600+5", "tiebreaks": []string{"DE", "SB"}, "idempotency_key": "t-rr"})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	players := []string{"p1", "p2", "p3", "p4"}
	for i, p := range players {
		if a := s.post("/api/tournaments/rr/players", map[string]any{"player_id": p, "name": fmt.Sprint("Player, ", i+1), "rating": 2000 - 100*i, "idempotency_key": p}); a.status != 200 {
			t.Fatalf("register %s: %d %s", p, a.status, a.raw)
		}
	}
	if a := s.post("/api/tournaments/rr/players", map[string]any{"player_id": "p1", "name": "Again", "idempotency_key": "again-rr"}); a.status != 409 {
		t.Errorf("registering twice: %d %s", a.status, a.raw)
	}
	if a := s.do("GET", "/api/tournaments/nope", ""); a.status != 404 {
		t.Errorf("unknown tournament: %d", a.status)
	}

	points := map[string]float64{}
	for round := 1; round <= 3; round++ {
		if a := s.post("/api/tournaments/rr/rounds", map[string]any{"idempotency_key": fmt.Sprint("pair", round)}); a.status != 200 {
			t.Fatalf("pair round %d: %d %s", round, a.status, a.raw)
		}
		if round == 1 {
			if a := s.post("/api/tournaments/rr/players", map[string]any{"player_id": "late", "name": "Late, Comer", "idempotency_key": "late-rr"}); a.status != 409 {
				t.Errorf("registering after round 1 is paired: %d %s", a.status, a.raw)
			}
			if a := s.post("/api/tournaments/rr/rounds", map[string]any{"idempotency_key": "pair-early-rr"}); a.status != 409 {
				t.Errorf("pairing round 2 before round 1 is closed: %d %s", a.status, a.raw)
			}
		}
		view := s.do("GET", "/api/tournaments/rr", "").body
		rounds := view["rounds"].([]any)
		boards := rounds[round-1].(map[string]any)["boards"].([]any)
		if len(boards) != 2 {
			t.Fatalf("round %d: %d boards", round, len(boards))
		}
		if a := s.post(fmt.Sprint("/api/tournaments/rr/rounds/", round, "/close"), map[string]any{"idempotency_key": "early-rr"}); a.status != 409 {
			t.Errorf("closing round %d before its games end: %d %s", round, a.status, a.raw)
		}
		for b, x := range boards {
			bd := x.(map[string]any)
			id, white, black := bd["game_id"].(string), bd["white"].(string), bd["black"].(string)
			// the games service creates the games from the pairing
			waitGame(t, s, id)
			g := s.game(id)
			if g["tournament_id"] != "rr" || g["round"] != float64(round) || g["time_control"] != "600+5" {
				t.Errorf("game %s: %v", id, g)
			}
			if b == 0 { // board 1: Black resigns
				s.move(id, white, "e4", "e4-"+id)
				if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": black, "idempotency_key": "r-" + id}); a.status != 200 {
					t.Fatalf("resign: %d %s", a.status, a.raw)
				}
				points[white]++
			} else { // board 2: a draw by agreement
				s.move(id, white, "d4", "d4-"+id)
				s.move(id, black, "d5", "d5-"+id)
				s.post("/api/games/"+id+"/draw", map[string]string{"player": white, "action": "offer", "idempotency_key": "o-" + id})
				if a := s.post("/api/games/"+id+"/draw", map[string]string{"player": black, "action": "accept", "idempotency_key": "a-" + id}); a.status != 200 {
					t.Fatalf("accept: %d %s", a.status, a.raw)
				}
				points[white] += 0.5
				points[black] += 0.5
			}
		}
		if a := s.post(fmt.Sprint("/api/tournaments/rr/rounds/", round, "/close"), map[string]any{"idempotency_key": fmt.Sprint("close", round)}); a.status != 200 {
			t.Fatalf("close round %d: %d %s", round, a.status, a.raw)
		}
		if round == 1 {
			s.kill()
			s = start(t, data)
		}
	}
	view := s.do("GET", "/api/tournaments/rr", "").body
	if view["finished"] != true || view["rounds_closed"] != 3.0 {
		t.Errorf("after 3 rounds: finished %v, closed %v", view["finished"], view["rounds_closed"])
	}
	met := map[string]bool{}
	for _, r := range view["rounds"].([]any) {
		for _, x := range r.(map[string]any)["boards"].([]any) {
			bd := x.(map[string]any)
			met[bd["white"].(string)+bd["black"].(string)] = true
			met[bd["black"].(string)+bd["white"].(string)] = true
		}
	}
	if len(met) != 12 {
		t.Errorf("not everyone met everyone: %v", met)
	}
	total := 0.0
	for _, x := range view["standings"].([]any) {
		st := x.(map[string]any)
		p, got := st["player_id"].(string), st["points"].(float64)
		total += got
		if got != points[p] {
			t.Errorf("%s has %v points, want %v", p, got, points[p])
		}
	}
	if total != 6 {
		t.Errorf("%v points in all, want 6", total)
	}
	// the scoring service publishes the standings after each round
	var published map[string]any
	for deadline := time.Now().Add(30 * time.Second); ; {
		view = s.do("GET", "/api/tournaments/rr", "").body
		published, _ = view["published_standings"].(map[string]any)
		if published != nil && published["after_round"] == 3.0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no standings published after round 3: %v", published)
		}
		time.Sleep(50 * time.Millisecond)
	}
	lastRank := 0.0
	for _, x := range published["standings"].([]any) {
		st := x.(map[string]any)
		if p := st["player_id"].(string); st["points"] != points[p] || len(st["tiebreaks"].([]any)) != 2 || st["rank"].(float64) < lastRank {
			t.Errorf("published line %v (expected %v points)", st, points[p])
		}
		lastRank = st["rank"].(float64)
	}
	// the TRF export reads back with the pairing module's reader
	var resp *http.Response
	file, err := trf.Read(strings.NewReader(s.do("GET", "/api/tournaments/rr/trf", "").raw))
	if err != nil {
		t.Fatalf("TRF export: %v", err)
	}
	if file.Name != "Club RR" || len(file.Players) != 4 || file.Rounds() != 3 {
		t.Errorf("TRF: %q, %d players, %d rounds", file.Name, len(file.Players), file.Rounds())
	}
	for _, p := range file.Players {
		if want := points[players[p.StartNo-1]]; p.Points != want || file.Score(p.StartNo, 3) != want {
			t.Errorf("TRF: player %d has %v points (%v from rounds), want %v", p.StartNo, p.Points, file.Score(p.StartNo, 3), want)
		}
	}

	// the tournament's events as NDJSON: recorded, and live
	a := s.do("GET", "/api/tournaments/rr/events?follow=false", "")
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(a.raw), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("NDJSON line %q: %v", line, err)
		}
		count[e["type"].(string)]++
	}
	if count["tournament.created"] != 1 || count["tournament.player_registered"] != 4 || count["tournament.round_paired"] != 3 ||
		count["tournament.round_closed"] != 3 || count["tournament.finished"] != 1 || count["scoring.standings_updated"] != 3 {
		t.Errorf("tournament events: %v", count)
	}
	req, _ := http.NewRequest("GET", s.base+"/api/tournaments/rr/events", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var first map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&first); err != nil || first["type"] != "tournament.created" {
		t.Errorf("live tournament stream starts with %v (%v)", first["type"], err)
	}
	resp.Body.Close()
	if a := s.post("/api/tournaments/rr/rounds", map[string]any{"idempotency_key": "pair4-rr"}); a.status != 409 {
		t.Errorf("pairing a round after the last: %d %s", a.status, a.raw)
	}
	s.stop()
}
