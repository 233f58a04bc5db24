package e2e

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// mustOK fails the test unless the request was answered 200 or 201; it
// returns the answer.
func mustOK(t *testing.T, a answer, what string) answer {
	t.Helper()
	if a.status != http.StatusOK && a.status != http.StatusCreated {
		t.Fatalf("%s: %d %s", what, a.status, a.raw)
	}
	return a
}

// waitUntil asks done every 50 ms and fails the test when it is not true
// within 30 s.
func waitUntil(t *testing.T, what string, done func() bool) {
	t.Helper()
	waitWithin(t, 30*time.Second, what, done)
}

// waitWithin is waitUntil with a limit of its own, for what waits on a
// retry outside Hakem (nats-server's mirrors resume in steps of seconds).
func waitWithin(t *testing.T, limit time.Duration, what string, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !done(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, limit)
		}
	}
}

// waitGameState waits until the games service shows game id and done
// holds for its view; it returns that view.
func waitGameState(t *testing.T, s *server, id string, done func(g map[string]any) bool) map[string]any {
	t.Helper()
	var view map[string]any
	waitUntil(t, "game "+id, func() bool {
		g := s.do("GET", "/api/games/"+id, "")
		view = g.body
		return g.status == http.StatusOK && done(g.body)
	})
	return view
}

// round is round n of tournament id as the tournament's view shows it.
func (s *server) round(id string, n int) map[string]any {
	return s.do("GET", "/api/tournaments/"+id, "").body["rounds"].([]any)[n-1].(map[string]any)
}

// playMoves plays the moves in turn, White first, each with the
// idempotency key "m" and the move.
func (s *server) playMoves(t *testing.T, game, white, black string, sans ...string) {
	t.Helper()
	for i, m := range sans {
		p := []string{white, black}[i%2]
		mustOK(t, s.post("/api/games/"+game+"/moves", map[string]string{"move": m, "player": p, "idempotency_key": "m-" + game + m}), game+" move "+m)
	}
}

// startSwiss creates the 3-round swiss-dutch tournament id with n players
// (prefix1 ... prefixn, "Player, prefix1" ..., rated 2000-20i), pairs
// round 1 and waits until the games service has every board's game. It
// returns the boards' game ids and players in board order.
func startSwiss(t *testing.T, s *server, id, name, prefix string, n int) (ids, whites, blacks []string) {
	t.Helper()
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": name, "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t--" + id + id}), "create")
	for i := 1; i <= n; i++ {
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": fmt.Sprint(prefix, i), "name": fmt.Sprint("Player, ", prefix, i),
			"rating": 2000 - 20*i, "idempotency_key": fmt.Sprint(prefix, i)}), "register")
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "p1-" + id}), "pair round 1")
	for _, x := range s.round(id, 1)["boards"].([]any) {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitGame(t, s, bd["game_id"].(string))
	}
	return ids, whites, blacks
}

// auditTournament runs hakem audit on tournament id's stored events (the
// server stopped) and fails the test unless it finds them sound.
func auditTournament(t *testing.T, data, id string) {
	t.Helper()
	if r := runAudit(t, "tournament", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
		t.Errorf("audit: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}

// startedGame creates a game with the fields given (its idempotency key
// among them) and starts its clock; it returns the game's id.
func startedGame(t *testing.T, s *server, fields map[string]any) string {
	t.Helper()
	a := s.post("/api/games", fields)
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id, _ := a.body["game_id"].(string)
	if st := s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "s-" + id}); st.status != http.StatusOK {
		t.Fatalf("clock: %d %s", st.status, st.raw)
	}
	return id
}
