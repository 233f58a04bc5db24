package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestLawsRapidBlitzClaims: the rulings of 2023 Appendix A.5 in rapid and
// blitz games the arbiter does not fully supervise, through hakem serve:
//   - A.5.3, a win on time claimed (matter flag_claim): with the
//     opponent's flag up the claim is refused, naming A.5.3, and appends
//     nothing; once the game ended, 409;
//   - A.5.4, an illegal position observed (matter illegal_position): the
//     game goes on until the next move is completed, then, the position
//     still on the board, it is drawn (termination arbiter); in standard
//     play it is an illegal move's matter (422 naming 7.5.1);
//   - A.5.5, the flag the arbiter observes (the clock watcher): its ruling
//     says so beside 6.9.
//
// The audit re-decides every ruling.
func TestLawsRapidBlitzClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	ruling := func(id string, body map[string]any) answer {
		body["by"] = "arb"
		return s.post("/api/games/"+id+"/rulings", body)
	}
	refused := func(id, what string, a answer, status int, article string) {
		t.Helper()
		if a.status != status || !strings.Contains(a.raw, article) {
			t.Errorf("%s: %d %s, want %d naming %s", what, a.status, a.raw, status, article)
		}
	}

	// Rapid, 15 minutes + 10 s.
	rapid := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "900+10", "idempotency_key": "rapid"})
	s.move(rapid, "w", "Nf3", "m1")
	s.move(rapid, "b", "Nf6", "m2")
	n := len(s.eventLog(rapid))
	refused(rapid, "a claim with Black's flag up", ruling(rapid, map[string]any{"matter": "flag_claim", "side": "white", "idempotency_key": "fc"}), http.StatusUnprocessableEntity, "A.5.3")
	refused(rapid, "an unknown position", ruling(rapid, map[string]any{"matter": "illegal_position", "observed": "kings", "idempotency_key": "ip0"}), http.StatusUnprocessableEntity, "A.5.4")
	if m := len(s.eventLog(rapid)); m != n {
		t.Errorf("refused rulings appended %d events", m-n)
	}
	a := mustOK(t, ruling(rapid, map[string]any{"matter": "illegal_position", "observed": "both_kings_in_check", "idempotency_key": "ip1"}), "illegal position observed")
	if d := a.events()[0]["data"].(map[string]any); d["article"] != "A.5.4" || d["decision"] != "game_continues" || d["matter"] != "illegal_position" {
		t.Errorf("illegal position observed: %v", d)
	}
	s.move(rapid, "w", "Nc3", "m3") // the next move completed
	a = mustOK(t, ruling(rapid, map[string]any{"matter": "illegal_position", "observed": "both_kings_in_check", "next_move_completed": true, "idempotency_key": "ip2"}), "still on the board")
	if d := a.events()[0]["data"].(map[string]any); d["article"] != "A.5.4" || d["decision"] != "draw" || d["profile"] != "fide-2023" {
		t.Errorf("illegal position still there: %v", d)
	}
	g := waitGameState(t, s, rapid, func(g map[string]any) bool { return g["result"] != "*" })
	if g["result"] != "1/2-1/2" || g["termination"] != "arbiter" {
		t.Errorf("the game after A.5.4: %v %v, want 1/2-1/2 by the arbiter", g["result"], g["termination"])
	}
	refused(rapid, "a claim after the game", ruling(rapid, map[string]any{"matter": "flag_claim", "side": "black", "idempotency_key": "fc2"}), http.StatusConflict, "over")

	// Standard play: an illegal position comes of an illegal move (7.5.1).
	std := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "std"})
	s.move(std, "w", "e4", "s1")
	n = len(s.eventLog(std))
	refused(std, "standard play", ruling(std, map[string]any{"matter": "illegal_position", "observed": "pawn_on_last_rank", "next_move_completed": true, "idempotency_key": "std-ip"}), http.StatusUnprocessableEntity, "7.5.1")
	if m := len(s.eventLog(std)); m != n {
		t.Errorf("the refused ruling appended %d events", m-n)
	}

	// Blitz, 2 seconds: White's flag falls; the watcher's ruling cites
	// A.5.5, and a claim afterwards finds the game over.
	blitz := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "2", "idempotency_key": "blitz"})
	g = waitGameState(t, s, blitz, func(g map[string]any) bool { return g["result"] != "*" })
	if g["result"] != "0-1" {
		t.Errorf("blitz flag: %v", g["result"])
	}
	var flag map[string]any
	for _, e := range s.eventLog(blitz) {
		if d, _ := e["data"].(map[string]any); e["type"] == "arbiter.ruling_given" && d["matter"] == "flag_fall" {
			flag = d
		}
	}
	if flag == nil || flag["article"] != "6.9" || !strings.Contains(flag["explanation"].(string), "A.5.5") {
		t.Errorf("the watcher's flag ruling %v, want 6.9 citing A.5.5", flag)
	}
	refused(blitz, "a claim after the flag was called", ruling(blitz, map[string]any{"matter": "flag_claim", "side": "black", "idempotency_key": "blitz-fc"}), http.StatusConflict, "over")

	s.stop()
	for _, id := range []string{rapid, std, blitz} {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}

// TestLawsRapidSupervised: a rapid game the arbiter fully supervises
// (supervised on POST /api/games or the tournament, 2023 A.4; blitz B.3)
// is played under the Competition Rules: an illegal position is an
// illegal move's matter (422 naming 7.5.1) and a claim on time rests on
// 6.9, not A.5.3. A standard or 1997 game cannot be said supervised (400
// naming the field), and a tournament's games carry it.
func TestLawsRapidSupervised(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "900+10", "supervised": true, "idempotency_key": "sup"})
	if d := s.eventLog(id)[0]["data"].(map[string]any); d["supervised"] != true || d["mode"] != "rapid" {
		t.Errorf("created %v, want rapid and supervised", d)
	}
	s.move(id, "w", "e4", "m1")
	n := len(s.eventLog(id))
	for _, c := range []struct {
		body    map[string]any
		article string
	}{
		{map[string]any{"matter": "illegal_position", "observed": "both_kings_in_check", "next_move_completed": true}, "7.5.1"},
		{map[string]any{"matter": "flag_claim", "side": "white"}, "(6.9)"},
	} {
		c.body["by"], c.body["idempotency_key"] = "arb", c.body["matter"]
		if a := s.post("/api/games/"+id+"/rulings", c.body); a.status != http.StatusUnprocessableEntity || !strings.Contains(a.raw, c.article) {
			t.Errorf("supervised %v: %d %s, want 422 naming %s", c.body["matter"], a.status, a.raw, c.article)
		}
	}
	if m := len(s.eventLog(id)); m != n {
		t.Errorf("refused rulings appended %d events", m-n)
	}
	for _, bad := range []map[string]any{
		{"white": "w", "black": "b", "time_control": "5400+30", "supervised": true, "idempotency_key": "b1"},
		{"white": "w", "black": "b", "time_control": "900+10", "laws_profile": "fide-1997", "supervised": true, "idempotency_key": "b2"},
	} {
		if a := s.post("/api/games", bad); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "supervised") {
			t.Errorf("%v: %d %s, want 400 naming supervised", bad, a.status, a.raw)
		}
	}
	if a := s.post("/api/tournaments", map[string]any{"name": "S", "system": "round-robin", "time_control": "5400", "supervised": true, "idempotency_key": "ts"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "supervised") {
		t.Errorf("a standard tournament supervised: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "sv", "name": "Supervised rapid", "system": "round-robin", "time_control": "900+10",
		"supervised": true, "idempotency_key": "sv"}), "tournament")
	for _, p := range []string{"p1", "p2"} {
		mustOK(t, s.post("/api/tournaments/sv/players", map[string]any{"player_id": p, "name": p, "idempotency_key": p}), "player")
	}
	mustOK(t, s.post("/api/tournaments/sv/rounds", map[string]any{"idempotency_key": "r1"}), "pair")
	gid := s.round("sv", 1)["boards"].([]any)[0].(map[string]any)["game_id"].(string)
	waitGame(t, s, gid)
	if d := s.eventLog(gid)[0]["data"].(map[string]any); d["supervised"] != true {
		t.Errorf("the tournament's game %v, want supervised", d)
	}
}
