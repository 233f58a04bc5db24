package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestGameSurvivesKill plays a game through the HTTP API of a real hakem
// serve process: bad input is refused with a precise 4xx and appends
// nothing, a retried move is applied once, the process is killed with
// SIGKILL and restarted on the same data folder, and the game goes on to
// checkmate.
func TestGameSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)

	create := map[string]any{
		"white": "alice", "black": "bob", "tournament_id": "open-2026", "round": 1, "board": 3,
		"time_control": "60+1", "idempotency_key": "create-1",
	}
	created := s.post("/api/games", create)
	if created.status != http.StatusCreated || len(created.events()) != 1 || created.events()[0]["type"] != "game.created" {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	id, _ := created.body["game_id"].(string)
	if id == "" {
		t.Fatalf("create: no game_id: %s", created.raw)
	}
	again := s.post("/api/games", create)
	if again.status != http.StatusOK || again.body["game_id"] != id || again.body["repeated"] != true {
		t.Fatalf("create retried: %d %s", again.status, again.raw)
	}
	// the key names that one command: another create with it is refused
	if other := s.post("/api/games", map[string]any{"white": "alice", "black": "bob", "idempotency_key": "create-1"}); other.status != http.StatusConflict || other.errorCode() != "idempotency_key_reused" {
		t.Fatalf("another create with the key: %d %s", other.status, other.raw)
	}

	// Bad input: a precise 4xx, and nothing appended.
	bad := []struct {
		name, method, path, body string
		status                   int
		code, message            string
	}{
		{"malformed JSON", "POST", "/api/games/" + id + "/moves", `{"move": "e4", "player": `, 400, "malformed_json", "ends early"},
		{"not an object", "POST", "/api/games/" + id + "/moves", `["e4"]`, 400, "malformed_json", "expected a JSON object"},
		{"unknown field", "POST", "/api/games/" + id + "/moves", `{"mvoe":"e4","player":"alice","idempotency_key":"k"}`, 400, "malformed_json", `unknown field "mvoe"`},
		{"trailing data", "POST", "/api/games/" + id + "/moves", `{"move":"e4","player":"alice","idempotency_key":"k"} {}`, 400, "malformed_json", "trailing"},
		{"empty body", "POST", "/api/games/" + id + "/moves", ``, 400, "malformed_json", "empty body"},
		{"unknown game", "POST", "/api/games/nosuchgame/moves", `{"move":"e4","player":"alice","idempotency_key":"k"}`, 404, "not_found", "not found"},
		{"bad game id", "GET", "/api/games/no.such", ``, 404, "not_found", "not found"},
		{"not on move", "POST", "/api/games/" + id + "/moves", `{"move":"e5","player":"bob","idempotency_key":"k"}`, 409, "not_on_move", "white is to play"},
		{"illegal move", "POST", "/api/games/" + id + "/moves", `{"move":"e5","player":"alice","idempotency_key":"k"}`, 422, "illegal_move", `"e5"`},
		{"illegal UCI", "POST", "/api/games/" + id + "/moves", `{"move":"e2e5","player":"alice","idempotency_key":"k"}`, 422, "illegal_move", `"e2e5"`},
		{"someone else's game", "POST", "/api/games/" + id + "/moves", `{"move":"e4","player":"mallory","idempotency_key":"k"}`, 403, "not_a_player", "mallory"},
		{"no idempotency key", "POST", "/api/games/" + id + "/moves", `{"move":"e4","player":"alice"}`, 400, "invalid", "idempotency_key"},
		{"no player", "POST", "/api/games/" + id + "/resign", `{"idempotency_key":"k"}`, 400, "invalid", "player"},
		{"no offer to accept", "POST", "/api/games/" + id + "/draw", `{"action":"accept","player":"bob","idempotency_key":"k"}`, 409, "draw_offer", "no draw offer"},
		{"bad draw action", "POST", "/api/games/" + id + "/draw", `{"action":"maybe","player":"bob","idempotency_key":"k"}`, 400, "invalid", "maybe"},
		{"create without players", "POST", "/api/games", `{"white":"x","idempotency_key":"c2"}`, 400, "invalid", "white and black"},
		{"create with a bad FEN", "POST", "/api/games", `{"white":"x","black":"y","start_fen":"8/8/9 w","idempotency_key":"c3"}`, 400, "invalid", "start_fen"},
		{"create over an existing game", "POST", "/api/games", `{"id":"` + id + `","white":"x","black":"y","idempotency_key":"c4"}`, 409, "exists", "exists"},
		{"no such endpoint", "POST", "/api/games/" + id + "/takeback", `{}`, 404, "no_route", "takeback"},
	}
	for _, b := range bad {
		a := s.do(b.method, b.path, b.body)
		if a.status != b.status || a.errorCode() != b.code {
			t.Errorf("%s: %d %s, want %d %s", b.name, a.status, a.raw, b.status, b.code)
			continue
		}
		e, _ := a.body["error"].(map[string]any)
		if msg, _ := e["message"].(string); !strings.Contains(msg, b.message) {
			t.Errorf("%s: message %q does not say %q", b.name, msg, b.message)
		}
	}
	if log := s.eventLog(id); len(log) != 1 {
		t.Fatalf("bad input appended events: %d in the log", len(log))
	}
	if g := s.game(id); g["version"] != 1.0 {
		t.Fatalf("version after bad input: %v", g["version"])
	}
	if a := s.do("GET", "/api/games/nosuchgame/events?follow=false", ""); a.status != 404 {
		t.Errorf("events of an unknown game: %d", a.status)
	}

	// Play, with a live follower of the game's events.
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	if e := next(t, live); e["type"] != "game.created" {
		t.Fatalf("live stream starts with %v", e["type"])
	}
	first := s.move(id, "alice", "e4", "m1-"+id)
	ev := first.events()
	if len(ev) != 1 || ev[0]["type"] != "game.move_played" || ev[0]["seq"] != 2.0 {
		t.Fatalf("e4: %s", first.raw)
	}
	if e := next(t, live); e["id"] != ev[0]["id"] {
		t.Fatalf("live stream: %v, want the move %v", e["id"], ev[0]["id"])
	}
	retried := s.move(id, "alice", "e4", "m1-"+id)
	if retried.body["repeated"] != true || retried.events()[0]["id"] != ev[0]["id"] {
		t.Fatalf("retried move: %s", retried.raw)
	}
	s.move(id, "bob", "e7e5", "m2-"+id) // UCI
	s.move(id, "alice", "Nf3", "m3-"+id)
	if g := s.game(id); moves(g) != "e4 e5 Nf3" || g["version"] != 4.0 || g["turn"] != "black" {
		t.Fatalf("before the kill: %v", g)
	}

	s.kill()
	s = start(t, data)

	if g := s.game(id); moves(g) != "e4 e5 Nf3" || g["version"] != 4.0 || g["result"] != "*" {
		t.Fatalf("after the restart: %v", g)
	}
	if log := s.eventLog(id); len(log) != 4 {
		t.Fatalf("after the restart: %d events, want 4", len(log))
	}
	if again := s.move(id, "alice", "e4", "m1-"+id); again.body["repeated"] != true {
		t.Fatalf("retry after the restart: %s", again.raw)
	}
	live2, closeLive2 := follow(t, s.base, id)
	defer closeLive2()
	for i := 0; i < 4; i++ {
		next(t, live2)
	}

	s.move(id, "bob", "Nc6", "m4-"+id)
	offer := s.post("/api/games/"+id+"/draw", map[string]string{"action": "offer", "player": "alice", "idempotency_key": "d1-" + id})
	if offer.status != 200 || offer.events()[0]["type"] != "game.draw_offered" {
		t.Fatalf("offer: %d %s", offer.status, offer.raw)
	}
	decline := s.post("/api/games/"+id+"/draw", map[string]string{"action": "decline", "player": "bob", "idempotency_key": "d2-" + id})
	if decline.status != 200 || decline.events()[0]["type"] != "game.draw_declined" {
		t.Fatalf("decline: %d %s", decline.status, decline.raw)
	}
	// the Blackburne Shilling trap
	for i, m := range []string{"Bc4", "Nd4", "Nxe5", "Qg5", "Nxf7", "Qxg2", "Rf1", "Qxe4+", "Be2"} {
		p := "alice"
		if i%2 == 1 {
			p = "bob"
		}
		s.move(id, p, m, "t"+m)
	}
	mate := s.move(id, "bob", "Nf3#", "mate-"+id)
	if ev := mate.events(); len(ev) != 2 || ev[1]["type"] != "game.ended" {
		t.Fatalf("mate: %s", mate.raw)
	}
	g := s.game(id)
	if g["result"] != "0-1" || g["termination"] != "checkmate" || g["status"].(map[string]any)["checkmate"] != true {
		t.Fatalf("after mate: %v", g)
	}
	if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": "alice", "idempotency_key": "late-" + id}); a.status != 409 || a.errorCode() != "game_over" {
		t.Errorf("resign after mate: %d %s", a.status, a.raw)
	}
	for i := 0; i < 1+2+9+1; i++ { // Nc6, offer, decline, 9 moves, mate move
		next(t, live2)
	}
	if e := next(t, live2); e["type"] != "game.ended" {
		t.Fatalf("live stream after a restart ends with %v", e["type"])
	}

	pgn := s.do("GET", "/api/games/"+id+"/pgn", "")
	for _, want := range []string{`[White "alice"]`, `[Black "bob"]`, `[Round "1.3"]`, `[Result "0-1"]`, "1. e4 e5 2. Nf3 Nc6", "7. Be2 Nf3#", "0-1\n"} {
		if !strings.Contains(pgn.raw, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn.raw)
		}
	}
	metrics := s.do("GET", "/metrics", "")
	for _, want := range []string{`hakem_commands_total{command="make_move",outcome="ok",service="games"}`, `hakem_http_requests_total{`} {
		if !strings.Contains(metrics.raw, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// games-results counts the end; its subscriber acknowledges the moves
	// and the other events of the game itself (wiring.ActsOn): the end
	// alone reaches its handler (once, or twice if redelivered)
	ended, handled := `hakem_games_ended_total{termination="checkmate"} 1`, `hakem_messages_handled_total{handler="games-results",outcome="ok"} `
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(metrics.raw, ended); metrics = s.do("GET", "/metrics", "") {
		if time.Now().After(deadline) {
			t.Fatalf("/metrics lacks %s", ended)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !strings.Contains(metrics.raw, handled+"1\n") && !strings.Contains(metrics.raw, handled+"2\n") {
		i := strings.Index(metrics.raw, handled)
		t.Errorf("games-results handled other events than the game's end: %.80s", metrics.raw[max(i, 0):])
	}
	if strings.Contains(metrics.raw, id) || strings.Contains(metrics.raw, "alice") {
		t.Error("/metrics carries a game or player id")
	}
	if a := s.do("GET", "/livez", ""); a.status != 200 {
		t.Errorf("livez: %d", a.status)
	}
	s.stop()
}
