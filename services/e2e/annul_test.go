package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestAnnulmentReplay: the arbiter finds that a game started from an
// incorrect initial position (2023 7.2.1): the game is annulled and, as
// the Laws order, a new game is played — the arbiter records the order
// (arbiter.replay_ordered, with the new game's id and the article) and the
// games service creates the replay with the same pairing, its game.created
// naming the annulled game. The annulled game's clock stops. A retry of
// the ruling creates nothing more;
// the replay is played; the audit finds both logs sound.
func TestAnnulmentReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	a := s.post("/api/games", map[string]any{"id": "open-r3-b2", "white": "w", "black": "b", "time_control": "600+5",
		"tournament_id": "open", "round": 3, "board": 2, "laws_profile": "fide-2023", "idempotency_key": "g"})
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id := a.body["game_id"].(string)
	s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "s"})
	s.move(id, "w", "e4", "m1")
	s.move(id, "b", "e5", "m2")

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
	if a := s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "wrong_initial_position", "by": "chief", "idempotency_key": "annul-2"}); a.status != http.StatusConflict {
		t.Errorf("annulling the annulled game again: %d %s", a.status, a.raw)
	}
	if n := len(s.eventLog(id)); n != before {
		t.Errorf("a refused ruling appended %d events", n-before)
	}

	// the replay is played from the start
	if st := s.post("/api/games/"+replay+"/clock/start", map[string]string{"idempotency_key": "s"}); st.status != 200 {
		t.Fatalf("replay's clock: %d %s", st.status, st.raw)
	}
	s.move(replay, "w", "d4", "m1")
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
