package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestArbiterIncidents: through the HTTP API of a real hakem serve, an
// illegal move reported (2023 7.5.5: two minutes to the opponent, the
// second loses), the arbiter's hand rulings (a penalty, a result override)
// and the tournament's absences (a requested bye, a withdrawal, a forbidden
// pair) honoured by the Dutch pairing; bad input gets a precise 4xx and
// appends nothing.
func TestArbiterIncidents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "600", "mode": "standard", "idempotency_key": "g"})
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	s.move(id, "w", "e4", "m1-"+id)
	s.move(id, "b", "e5", "m2-"+id)

	illegal := "/api/games/" + id + "/illegal-moves"
	before := len(s.eventLog(id))
	for _, bad := range []struct {
		path, body string
		status     int
		code       string
	}{
		{illegal, `{"offender":"white","move":"Ke3",`, 400, "malformed_json"},
		{illegal, `{"offender":"black","move":"Ke7","by":"w","reported_by":"player","idempotency_key":"x"}`, 409, "not_on_move"},
		{illegal, `{"offender":"white","move":"Nf3","by":"b","reported_by":"player","idempotency_key":"x"}`, 400, "invalid"},
		{illegal, `{"offender":"white","move":"Ke3","by":"b","reported_by":"spectator","idempotency_key":"x"}`, 400, "invalid"},
		{illegal, `{"offender":"white","move":"Ke3","reported_by":"player","idempotency_key":"x"}`, 400, "invalid"},
		{"/api/games/nope/illegal-moves", `{"offender":"white","move":"Ke3","by":"b","idempotency_key":"x"}`, 404, "not_found"},
		{"/api/games/" + id + "/rulings", `{"matter":"penalty","side":"white","penalty":"fine","by":"arb","idempotency_key":"x"}`, 422, "ruling_refused"},
		{"/api/games/" + id + "/rulings", `{"matter":"penalty","side":"white","penalty":"time_off","by":"arb","idempotency_key":"x"}`, 422, "ruling_refused"},
		{"/api/games/" + id + "/rulings", `{"matter":"result_override","result":"1-0","reason":"r","by":"arb","idempotency_key":"x"}`, 409, "game_in_progress"},
		{"/api/games/" + id + "/rulings", `{"matter":"draw_claim","by":"arb","idempotency_key":"x"}`, 409, "no_claim"},
		{"/api/games/" + id + "/rulings", `{"matter":"penalty","side":"white","penalty":"warning","by":"arb"}`, 400, "invalid"},
	} {
		if got := s.do("POST", bad.path, bad.body); got.status != bad.status || got.errorCode() != bad.code {
			t.Errorf("%s %s: %d %s, want %d %s", bad.path, bad.body, got.status, got.raw, bad.status, bad.code)
		}
	}
	if n := len(s.eventLog(id)); n != before {
		t.Fatalf("bad input appended %d events", n-before)
	}

	first := s.post(illegal, map[string]string{"offender": "white", "move": "Ke3", "by": "b", "reported_by": "player", "idempotency_key": "i1"})
	evs := first.events()
	if first.status != 200 || len(evs) != 3 || evs[0]["type"] != "game.illegal_move_reported" || evs[1]["type"] != "arbiter.ruling_given" || evs[2]["type"] != "arbiter.penalty_imposed" {
		t.Fatalf("first illegal move: %d %s", first.status, first.raw)
	}
	if rd := evs[1]["data"].(map[string]any); rd["matter"] != "illegal_move" || rd["article"] != "7.5.5" || rd["decision"] != "game_continues" || rd["profile"] != "fide-2023" {
		t.Errorf("first ruling: %v", rd)
	}
	if again := s.post(illegal, map[string]string{"offender": "white", "move": "Ke3", "by": "b", "reported_by": "player", "idempotency_key": "i1"}); again.status != 200 || len(again.events()) != 3 || again.events()[1]["id"] != evs[1]["id"] {
		t.Errorf("retried report: %d %s", again.status, again.raw)
	}
	if ad := waitFor(t, live, "clock.time_adjusted")["data"].(map[string]any); ad["side"] != "black" || ad["delta_ms"] != 120000.0 {
		t.Errorf("two minutes to black: %v", ad)
	}
	warn := s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "penalty", "side": "black", "penalty": "time_to_opponent", "amount_ms": 30000, "reason": "phone rang", "by": "arb", "idempotency_key": "p1-" + id})
	if warn.status != 200 || len(warn.events()) != 2 || warn.events()[0]["data"].(map[string]any)["article"] != "12.9.2" {
		t.Fatalf("penalty: %d %s", warn.status, warn.raw)
	}
	if ad := waitFor(t, live, "clock.time_adjusted")["data"].(map[string]any); ad["side"] != "white" || ad["delta_ms"] != 30000.0 {
		t.Errorf("30 s to white: %v", ad)
	}
	second := s.post(illegal, map[string]string{"offender": "white", "move": "Qxf7", "by": "arbiter-1", "idempotency_key": "i2"})
	if second.status != 200 || second.events()[1]["data"].(map[string]any)["decision"] != "win_black" {
		t.Fatalf("second illegal move: %d %s", second.status, second.raw)
	}
	if ed := waitFor(t, live, "game.ended")["data"].(map[string]any); ed["result"] != "0-1" || ed["termination"] != "illegal_move" {
		t.Errorf("after the second illegal move: %v", ed)
	}
	if g := s.game(id); moves(g) != "e4 e5" {
		t.Errorf("the illegal moves reached the game: %v", moves(g))
	}
	over := s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "result_override", "result": "1/2-1/2", "reason": "appeals committee", "article": "21.3", "by": "chief", "idempotency_key": "o1-" + id})
	if over.status != 200 || over.events()[0]["type"] != "arbiter.result_overridden" {
		t.Fatalf("override: %d %s", over.status, over.raw)
	}
	if g := s.game(id); g["result"] != "1/2-1/2" {
		t.Errorf("result after the override: %v", g["result"])
	}

	// the tournament: a bye requested, a withdrawal, a forbidden pair
	tr := s.post("/api/tournaments", map[string]any{"id": "t1", "name": "Open", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t-t1"})
	if tr.status != http.StatusCreated {
		t.Fatalf("tournament: %d %s", tr.status, tr.raw)
	}
	for i := 1; i <= 6; i++ {
		if r := s.post("/api/tournaments/t1/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("P", i), "rating": 2500 - 10*i, "idempotency_key": fmt.Sprint("r", i)}); r.status != 200 {
			t.Fatalf("register: %d %s", r.status, r.raw)
		}
	}
	for _, bad := range []struct {
		path string
		body map[string]any
		code string
	}{
		{"byes", map[string]any{"player_id": "p9", "round": 1, "idempotency_key": "b"}, "not_found"},
		{"byes", map[string]any{"player_id": "p2", "round": 4, "idempotency_key": "b"}, "invalid"},
		{"forbidden-pairs", map[string]any{"player_a": "p1", "player_b": "p1", "idempotency_key": "f"}, "invalid"},
		{"withdrawals", map[string]any{"player_id": "p3", "from_round": 9, "idempotency_key": "w"}, "invalid"},
	} {
		if r := s.post("/api/tournaments/t1/"+bad.path, bad.body); r.errorCode() != bad.code {
			t.Errorf("%s %v: %d %s, want %s", bad.path, bad.body, r.status, r.raw, bad.code)
		}
	}
	for _, ok := range []struct {
		path string
		body map[string]any
		typ  string
	}{
		{"byes", map[string]any{"player_id": "p2", "round": 1, "idempotency_key": "b"}, "tournament.bye_requested"},
		{"withdrawals", map[string]any{"player_id": "p6", "reason": "ill", "idempotency_key": "w"}, "tournament.player_withdrawn"},
		{"forbidden-pairs", map[string]any{"player_a": "p1", "player_b": "p4", "reason": "same family", "idempotency_key": "f"}, "tournament.forbidden_pair_set"},
	} {
		if r := s.post("/api/tournaments/t1/"+ok.path, ok.body); r.status != 200 || r.events()[0]["type"] != ok.typ {
			t.Errorf("%s: %d %s", ok.path, r.status, r.raw)
		}
	}
	paired := s.post("/api/tournaments/t1/rounds", map[string]string{"idempotency_key": "pair-1-t1"})
	if paired.status != 200 {
		t.Fatalf("pair: %d %s", paired.status, paired.raw)
	}
	rp := paired.events()[0]["data"].(map[string]any)
	if _, ok := rp["byes"].([]any); !ok {
		t.Fatalf("round 1 without byes: %s", paired.raw)
	}
	byes := map[string]string{}
	for _, b := range rp["byes"].([]any) {
		bm := b.(map[string]any)
		byes[bm["player_id"].(string)] = bm["kind"].(string)
	}
	if byes["p2"] != "requested" || byes["p6"] != "absent" {
		t.Errorf("round 1 byes: %v", byes)
	}
	for _, p := range rp["pairings"].([]any) {
		pm := p.(map[string]any)
		w, b := pm["white"], pm["black"]
		if w == "p2" || b == "p2" || w == "p6" || b == "p6" || (w == "p1" && b == "p4") || (w == "p4" && b == "p1") {
			t.Errorf("round 1 pairs %v-%v", w, b)
		}
	}

	// a rated round robin: standings, crosstable and rating changes after round 1
	if r := s.post("/api/tournaments", map[string]any{"id": "t2", "name": "Rated", "rated": true, "time_control": "600", "idempotency_key": "t2-t2"}); r.status != http.StatusCreated {
		t.Fatalf("tournament: %d %s", r.status, r.raw)
	}
	for i, rating := range []int{2000, 1900, 1800} {
		if r := s.post("/api/tournaments/t2/players", map[string]any{"player_id": fmt.Sprint("q", i+1), "name": fmt.Sprint("Q", i+1), "rating": rating, "idempotency_key": fmt.Sprint("reg", i)}); r.status != 200 {
			t.Fatalf("register: %d %s", r.status, r.raw)
		}
	}
	if r := s.post("/api/tournaments/t2/byes", map[string]any{"player_id": "q1", "round": 1, "idempotency_key": "b-t2"}); r.status != 409 || r.errorCode() != "tournament_state" {
		t.Errorf("a bye in a round robin: %d %s", r.status, r.raw)
	}
	r1 := s.post("/api/tournaments/t2/rounds", map[string]string{"idempotency_key": "pair-1-t2"})
	if r1.status != 200 {
		t.Fatalf("pair: %d %s", r1.status, r1.raw)
	}
	p1 := r1.events()[0]["data"].(map[string]any)["pairings"].([]any)[0].(map[string]any)
	gid := p1["game_id"].(string)
	waitGame(t, s, gid)
	// a move each first: a game of less than one move is not rated
	for i, m := range []string{"e4", "e5"} {
		side := []string{"white", "black"}[i]
		if r := s.post("/api/games/"+gid+"/moves", map[string]string{"move": m, "player": p1[side].(string), "idempotency_key": "m-" + gid + m}); r.status != 200 {
			t.Fatalf("move %s: %d %s", m, r.status, r.raw)
		}
	}
	if r := s.post("/api/games/"+gid+"/resign", map[string]string{"player": p1["black"].(string), "idempotency_key": "res-" + gid}); r.status != 200 {
		t.Fatalf("resign: %d %s", r.status, r.raw)
	}
	if r := s.post("/api/tournaments/t2/rounds/1/close", map[string]string{"idempotency_key": "close-1-t2"}); r.status != 200 {
		t.Fatalf("close: %d %s", r.status, r.raw)
	}
	st := s.do("GET", "/api/tournaments/t2/standings", "")
	if st.status != 200 || st.body["after_round"] != 1.0 || len(st.body["standings"].([]any)) != 3 {
		t.Errorf("standings: %d %s", st.status, st.raw)
	}
	ct := s.do("GET", "/api/tournaments/t2/crosstable", "")
	if ct.status != 200 || len(ct.body["rows"].([]any)) != 3 {
		t.Fatalf("crosstable: %d %s", ct.status, ct.raw)
	}
	cells := map[string]string{}
	for _, row := range ct.body["rows"].([]any) {
		rm := row.(map[string]any)
		cells[rm["player_id"].(string)] = rm["cells"].([]any)[0].(string)
	}
	if cells[p1["white"].(string)][:2] != "+W" || cells[p1["black"].(string)][:2] != "-B" {
		t.Errorf("crosstable cells: %v", cells)
	}
	rt := s.do("GET", "/api/tournaments/t2/ratings", "")
	if rt.status != 200 || rt.body["category"] != "blitz" || len(rt.body["changes"].([]any)) != 3 {
		t.Fatalf("ratings: %d %s", rt.status, rt.raw)
	}
	for _, c := range rt.body["changes"].([]any) {
		cm := c.(map[string]any)
		switch cm["player_id"] {
		case p1["white"]:
			if cm["change"].(float64) <= 0 {
				t.Errorf("the winner's change: %v", cm)
			}
		case p1["black"]:
			if cm["change"].(float64) >= 0 {
				t.Errorf("the loser's change: %v", cm)
			}
		default:
			if cm["change"].(float64) != 0 {
				t.Errorf("the bye's change: %v", cm)
			}
		}
	}
	if r := s.do("GET", "/api/tournaments/t2/ratings?after=5", ""); r.status != 400 {
		t.Errorf("ratings after round 5: %d %s", r.status, r.raw)
	}
	if r := s.do("GET", "/api/tournaments/nope/crosstable", ""); r.status != 404 {
		t.Errorf("crosstable of no tournament: %d %s", r.status, r.raw)
	}
	// the scoring service publishes the same changes after the round
	waitUntil(t, "scoring.rating_changes_computed published", func() bool {
		return strings.Contains(s.do("GET", "/api/tournaments/t2/events?follow=false", "").raw, `"type":"scoring.rating_changes_computed"`)
	})
}
