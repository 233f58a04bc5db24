package e2e

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestAnnulmentReplay: the arbiter finds that a game started from an
// incorrect initial position (2023 7.2.1): the game is annulled and, as
// the Laws order, a new game is played — the arbiter records the order
// (arbiter.replay_ordered, with the new game's id and the article) and the
// games service creates the replay from the order (consumer group
// games-replays; the ruling's answer waits for it) with the same pairing,
// its game.created naming the annulled game. The annulled game's clock
// stops. (TestAnnulmentReplayAfterCrash: the same when the process is
// killed before the replay is created.) A retry of
// the ruling creates nothing more;
// the replay is played; the audit finds both logs sound.
func TestAnnulmentReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	id := startedGame(t, s, map[string]any{"id": "open-r3-b2", "white": "w", "black": "b", "time_control": "600+5",
		"tournament_id": "open", "round": 3, "board": 2, "laws_profile": "fide-2023", "idempotency_key": "g-open-r3-b2"})
	s.move(id, "w", "e4", "m1-"+id)
	s.move(id, "b", "e5", "m2-"+id)

	body := map[string]any{"matter": "wrong_initial_position", "reason": "king and queen swapped", "by": "chief", "idempotency_key": "annul"}
	ruled := s.post("/api/games/"+id+"/rulings", body)
	if ruled.status != 200 {
		t.Fatalf("ruling: %d %s", ruled.status, ruled.raw)
	}
	var types []string
	for _, e := range ruled.events() {
		types = append(types, e["type"].(string))
	}
	if got := strings.Join(types, " "); got != "arbiter.ruling_given arbiter.game_annulled arbiter.replay_ordered game.created" {
		t.Fatalf("ruling's events: %s", got)
	}
	evs := ruled.events()
	order, _ := evs[2]["data"].(map[string]any)
	created := evs[3]
	replay, _ := order["replay_game_id"].(string)
	if replay != "open-r3-b2-replay" || order["article"] != "7.2.1" || order["reason"] != "king and queen swapped" ||
		evs[2]["causation_id"] != evs[1]["id"] {
		t.Errorf("replay order %v", evs[2])
	}
	cd, _ := created["data"].(map[string]any)
	if agg, _ := created["aggregate"].(map[string]any); agg["id"] != replay || created["causation_id"] != evs[2]["id"] {
		t.Errorf("replay created as %v", created)
	}
	for k, want := range map[string]any{"white": "w", "black": "b", "tournament_id": "open", "round": 3.0, "board": 2.0,
		"time_control": "600+5", "laws_profile": "fide-2023", "replay_of": id} {
		if cd[k] != want {
			t.Errorf("replay's %s: %v, want %v", k, cd[k], want)
		}
	}

	// the annulled game's clock stopped at the annulment
	c := s.do("GET", "/api/games/"+id+"/clock", "")
	wc, _ := c.body["white"].(map[string]any)
	bc, _ := c.body["black"].(map[string]any)
	if c.status != 200 || wc["running"] != false || bc["running"] != false {
		t.Errorf("annulled game's clock: %d %s", c.status, c.raw)
	}

	// a retry answers the same and creates nothing
	again := s.post("/api/games/"+id+"/rulings", body)
	if again.status != 200 || again.body["repeated"] != true || len(again.events()) != 4 {
		t.Errorf("retry: %d %s", again.status, again.raw)
	}
	if n := len(s.eventLog(replay)); n != 1 {
		t.Errorf("the replay has %d events after the retry, want its creation", n)
	}
	before := len(s.eventLog(id))
	if a := s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "wrong_initial_position", "by": "chief", "idempotency_key": "annul-2-" + id}); a.status != http.StatusConflict {
		t.Errorf("annulling the annulled game again: %d %s", a.status, a.raw)
	}
	if n := len(s.eventLog(id)); n != before {
		t.Errorf("a refused ruling appended %d events", n-before)
	}

	// the replay is played from the start
	if st := s.post("/api/games/"+replay+"/clock/start", map[string]string{"idempotency_key": "s-" + replay}); st.status != 200 {
		t.Fatalf("replay's clock: %d %s", st.status, st.raw)
	}
	s.move(replay, "w", "d4", "m1-"+replay)
	if g := s.game(replay); moves(g) != "d4" {
		t.Errorf("replay's moves: %v", g)
	}
	s.stop()
	for _, g := range []string{id, replay} {
		if r := runAudit(t, "game", g, "--data", data); r.code != 0 || !strings.Contains(r.stdout, "every event follows") {
			t.Errorf("audit of %s: exit %d\n%s\n%s", g, r.code, r.stdout, r.stderr)
		}
	}
}

// TestAnnulmentReplayTournament: in round 1 of a 4-player Swiss, the game
// on board 1 is annulled after 1.e4 e5 (wrong initial position, 2023
// 7.2.1) and its replay ordered; the round cannot close while the replay
// goes on, and closes once it ends (White resigns: 0-1). The tournament
// counts the replay's result for the board (the annulled game stays in
// the log, counted for nothing): the board reads 0-1, the standings give
// Black the point, the TRF has the replay's 0 and 1 with colours, the
// round's PGN lists the replay in board 1's place and leaves the annulled
// game out; round 2 pairs; the audit of the tournament re-derives it all.
func TestAnnulmentReplayTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	ids, whites, blacks := startSwiss(t, s, "an", "Annulled", "a", 4)
	boards := func() []any { return s.round("an", 1)["boards"].([]any) }
	s.playMoves(t, ids[0], whites[0], blacks[0], "e4", "e5")
	ruled := mustOK(t, s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "wrong_initial_position",
		"reason": "king and queen swapped", "by": "chief", "idempotency_key": "annul"}), "annul")
	replay := ids[0] + "-replay"
	if evs := ruled.events(); len(evs) != 4 || evs[3]["aggregate"].(map[string]any)["id"] != replay {
		t.Fatalf("the annulment's events: %s", ruled.raw)
	}
	s.playMoves(t, ids[1], whites[1], blacks[1], "e4", "e5", "Nf3")
	mustOK(t, s.post("/api/games/"+ids[1]+"/resign", map[string]string{"player": blacks[1], "idempotency_key": "r-" + ids[1]}), "resign board 2")
	waitGameState(t, s, ids[1], func(g map[string]any) bool { return g["result"] == "1-0" })

	// the replay goes on: the round is not over
	if a := s.post("/api/tournaments/an/rounds/1/close", map[string]any{"idempotency_key": "c0-an"}); a.status != http.StatusConflict {
		t.Errorf("closing round 1 while the replay goes on: %d %s", a.status, a.raw)
	}
	s.playMoves(t, replay, whites[0], blacks[0], "d4", "d5")
	mustOK(t, s.post("/api/games/"+replay+"/resign", map[string]string{"player": whites[0], "idempotency_key": "r-" + replay}), "resign the replay")
	waitGameState(t, s, replay, func(g map[string]any) bool { return g["result"] == "0-1" })
	if g := s.do("GET", "/api/games/"+ids[0], ""); g.body["result"] != "*" {
		t.Errorf("the annulled game's result: %v", g.body["result"])
	}
	mustOK(t, s.post("/api/tournaments/an/rounds/1/close", map[string]any{"idempotency_key": "c1-an"}), "close round 1")
	if got := []any{boards()[0].(map[string]any)["result"], boards()[1].(map[string]any)["result"]}; got[0] != "0-1" || got[1] != "1-0" {
		t.Errorf("the boards read %v, want 0-1 (the replay) and 1-0", got)
	}
	if b1, b2 := boards()[0].(map[string]any), boards()[1].(map[string]any); b1["game_id"] != ids[0] || b1["replay_game_id"] != replay || b2["replay_game_id"] != nil {
		t.Errorf("the boards name the annulled game and its replay: %v, %v", b1, b2)
	}
	st := mustOK(t, s.do("GET", "/api/tournaments/an/standings?after=1", ""), "standings")
	points := map[string]float64{}
	for _, x := range st.body["standings"].([]any) {
		sm := x.(map[string]any)
		points[sm["player_id"].(string)] = sm["points"].(float64)
	}
	if points[blacks[0]] != 1 || points[whites[0]] != 0 || points[whites[1]] != 1 || points[blacks[1]] != 0 {
		t.Errorf("standings after round 1: %v (board 1 %s-%s 0-1, board 2 %s-%s 1-0)", points, whites[0], blacks[0], whites[1], blacks[1])
	}
	text := s.do("GET", "/api/tournaments/an/trf", "").raw
	for _, want := range []string{`\d w 0`, `\d b 1`, `\d w 1`, `\d b 0`} {
		if n := len(regexp.MustCompile(want).FindAllString(text, -1)); n != 1 {
			t.Errorf("the TRF has %d %q in round 1, want 1:\n%s", n, want, text)
		}
	}
	pg := s.do("GET", "/api/tournaments/an/rounds/1/pgn", "")
	if pg.status != 200 || strings.Count(pg.raw, "[Event ") != 2 || !strings.Contains(pg.raw, `[GameId "`+replay+`"]`) ||
		strings.Contains(pg.raw, `[GameId "`+ids[0]+`"]`) || !strings.Contains(pg.raw, `[Result "0-1"]`) || !strings.Contains(pg.raw, "1. d4 d5") {
		t.Errorf("round 1's PGN: the replay in board 1's place, the annulled game left out:\n%s", pg.raw)
	}
	mustOK(t, s.post("/api/tournaments/an/rounds", map[string]any{"idempotency_key": "p2-an"}), "pair round 2")
	s.stop()
	auditTournament(t, data, "an")
}
