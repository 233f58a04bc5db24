package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// roleHeader is the header in which the gateway passes the role a request
// was authorised as (httpjson.RoleHeader); a client's copy must be ignored.
const roleHeader = "X-Hakem-Role"

// asForging sends a request with the bearer token of who ("" none) and,
// unless forged is "", a role header of the client's own.
func (s *server) asForging(who, forged, method, path string, body map[string]any) answer {
	s.t.Helper()
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(method, s.base+path, strings.NewReader(string(b)))
	if err != nil {
		s.t.Fatal(err)
	}
	if who != "" {
		req.Header.Set("Authorization", "Bearer "+authTokens[who])
	}
	if forged != "" {
		req.Header.Set(roleHeader, forged)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// actor is "role:id" of an event.
func actor(e map[string]any) string {
	act, _ := e["actor"].(map[string]any)
	return fmt.Sprint(act["role"], ":", act["id"])
}

// TestAuthorisedActorRole: with tokens on, what is appended records the
// role the request was authorised as, not a role the port assumes: a game
// created by an arbiter is the arbiter's, a tournament created by an
// organiser the organiser's, an entry made by an arbiter the arbiter's;
// a role header sent by the client is ignored. Once with the services in
// the gateway's process, once forwarded to them over NATS.
func TestAuthorisedActorRole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	tokens := []string{"HAKEM_AUTH_TOKENS_FILE=" + writeTokensFile(t)}
	setups := []struct {
		name  string
		start func(t *testing.T) *server
	}{
		{"one process", func(t *testing.T) *server {
			return startWith(t, []string{"--data", t.TempDir()}, tokens, true)
		}},
		{"forwarded over NATS", func(t *testing.T) *server {
			natsAddr := freeAddr(t)
			data := t.TempDir()
			startWith(t, []string{"--data", data, "--only", "games,clocks,pairing,scoring"}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
			waitTCP(t, natsAddr)
			return startWith(t, []string{"--only", "gateway", "--nats", natsURL(t, data, natsAddr, "gateway"), "--data", t.TempDir()}, append(tokens, joined), true)
		}},
	}
	for _, setup := range setups {
		t.Run(setup.name, func(t *testing.T) {
			s := setup.start(t)
			// the organiser creates the tournament, claiming to be an arbiter;
			// retried while the services' subscriptions come up
			var created answer
			for deadline := time.Now().Add(30 * time.Second); ; {
				created = s.asForging("o1", "arbiter", "POST", "/api/tournaments", map[string]any{"id": "t-auth", "name": "Actor Open", "system": "swiss-dutch", "rounds": 3, "time_control": "600+5", "idempotency_key": "t-t-auth"})
				if created.status != http.StatusServiceUnavailable || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if evs := created.events(); created.status != http.StatusCreated || len(evs) == 0 || actor(evs[0]) != "organiser:o1" {
				t.Fatalf("o1 creates the tournament: %d %s", created.status, created.raw)
			}
			for _, p := range []string{"p1", "p2"} {
				a := s.asForging("o1", "", "POST", "/api/tournaments/t-auth/players", map[string]any{"player_id": p, "name": "Player, " + p, "rating": 2000, "idempotency_key": p})
				if evs := a.events(); a.status != http.StatusOK || len(evs) == 0 || actor(evs[0]) != "organiser:o1" {
					t.Fatalf("o1 registers %s: %d %s", p, a.status, a.raw)
				}
			}
			// an entry by the arbiter, claiming to be the organiser
			a := s.asForging("a1", "organiser", "POST", "/api/tournaments/t-auth/forbidden-pairs", map[string]any{"player_a": "p1", "player_b": "p2", "reason": "same club", "idempotency_key": "fp-t-auth"})
			if evs := a.events(); a.status != http.StatusOK || len(evs) == 0 || actor(evs[0]) != "arbiter:a1" {
				t.Errorf("a1 forbids a pair: %d %s", a.status, a.raw)
			}

			// games outside the pairing, by the arbiter and the organiser
			games := []struct {
				who, forged, id, want string
			}{
				{"a1", "", "g-arbiter", "arbiter:a1"},
				{"a1", "organiser", "g-forged", "arbiter:a1"},
				{"o1", "", "g-organiser", "organiser:o1"},
				{"o1", "arbiter", "g-organiser-forged", "organiser:o1"},
			}
			for _, g := range games {
				a := s.asForging(g.who, g.forged, "POST", "/api/games", map[string]any{"id": g.id, "tournament_id": "t-auth", "white": "p1", "black": "p2", "time_control": "600+5", "idempotency_key": g.id})
				evs := a.events()
				if a.status != http.StatusCreated || len(evs) == 0 || evs[0]["type"] != "game.created" || actor(evs[0]) != g.want {
					t.Errorf("%s creates %s (role header %q): %d %s, want actor %s", g.who, g.id, g.forged, a.status, a.raw, g.want)
					continue
				}
				// as recorded, not only as answered
				if log := s.eventLog(g.id); len(log) == 0 || log[0]["type"] != "game.created" || actor(log[0]) != g.want {
					t.Errorf("%s's recorded log: %v, want the game.created of %s", g.id, log, g.want)
				}
			}
			// without a token, a role header opens nothing
			if a := s.asForging("", "organiser", "POST", "/api/games", map[string]any{"id": "g-none", "tournament_id": "t-auth", "white": "p1", "black": "p2", "time_control": "600+5", "idempotency_key": "none-g-none"}); a.status != http.StatusUnauthorized {
				t.Errorf("no token, role header organiser: %d %s", a.status, a.raw)
			}
		})
	}
}
