package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The bearer tokens of TestAuthorisation's server: 32+ random-looking
// characters each; the arbiter's and one organiser's are listed in the file
// by their SHA-256 only.
var authTokens = map[string]string{
	"o1": "tok-o1-5f0c2a9e7b1d4c3a8e6f0b2d9c7a1e4f",
	"o2": "tok-o2-8d3b1f6a2c9e0d7b4a1f8c3e6b2d9a0c",
	"a1": "tok-a1-1e7c4b9a0f3d6e2c8b5a1d7f4c0e9b3a",
	"a2": "tok-a2-6a2d8f1c4e7b0a3d9c6f2e8b1a4d7c0f",
	"p1": "tok-p1-3c9f0e6b2a8d1c7f4e0b9a3d6c2f8e1b",
	"p2": "tok-p2-9b4e1a7d3f0c6b2e8a5d1f7c4b0e3a9d",
	"p3": "tok-p3-0d6a3c9f1b7e4d0a2c8f5b1e7d3a9c6f",
	"p4": "tok-p4-7f1b8e4a0d3c9f6b2e7a4d0c8b5f1e3a",
}

func writeTokensFile(t *testing.T) string {
	t.Helper()
	sha := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return hex.EncodeToString(h[:])
	}
	yaml := fmt.Sprintf(`tokens:
  - token: %s
    role: organiser
    subject: o1
    tournaments: [t-auth, t-new]
  - sha256: %s
    role: organiser
    subject: o2
    tournaments: [elsewhere]
  - sha256: %s
    role: arbiter
    subject: a1
    tournaments: [t-auth]
  - token: %s
    role: arbiter
    subject: a2
    tournaments: [elsewhere]
`, authTokens["o1"], sha(authTokens["o2"]), sha(authTokens["a1"]), authTokens["a2"])
	for _, p := range []string{"p1", "p2", "p3", "p4"} {
		yaml += fmt.Sprintf("  - token: %s\n    role: player\n    subject: %s\n", authTokens[p], p)
	}
	f := filepath.Join(t.TempDir(), "tokens.yaml")
	if err := os.WriteFile(f, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

// as sends a request with the bearer token of who ("" none, "bad" an
// unknown token).
func (s *server) as(who, method, path string, body map[string]any) answer {
	s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, s.base+path, r)
	if err != nil {
		s.t.Fatal(err)
	}
	switch who {
	case "":
	case "bad":
		req.Header.Set("Authorization", "Bearer tok-unknown-00000000000000000000000000")
	default:
		req.Header.Set("Authorization", "Bearer "+authTokens[who])
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

// ndjsonCount is the number of events of an NDJSON log read (-1 when the
// aggregate does not exist).
func (s *server) ndjsonCount(path string) int {
	s.t.Helper()
	a := s.do("GET", path+"?follow=false", "")
	if a.status == http.StatusNotFound {
		return -1
	}
	if a.status != http.StatusOK {
		s.t.Fatalf("GET %s: %d %s", path, a.status, a.raw)
	}
	return strings.Count(a.raw, "\n")
}

// TestAuthorisation runs hakem serve with a tokens file and sends every
// command to every role: each refusal is a 401 or 403 with a reason and
// appends nothing; each permitted command reaches its service; the actor
// of what is appended is the token's subject.
func TestAuthorisation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := startWith(t, []string{"--data", t.TempDir()}, []string{"HAKEM_AUTH_TOKENS_FILE=" + writeTokensFile(t)}, true)

	// set-up by the organiser o1
	if a := s.as("", "POST", "/api/tournaments", map[string]any{"id": "t-auth", "name": "Auth Open", "system": "round-robin", "time_control": "600+5", "idempotency_key": "t-t-auth"}); a.status != http.StatusUnauthorized {
		t.Fatalf("creating a tournament without a token: %d %s", a.status, a.raw)
	}
	if a := s.as("o1", "POST", "/api/tournaments", map[string]any{"id": "t-auth", "name": "Auth Open", "system": "round-robin", "time_control": "600+5", "idempotency_key": "t-t-auth"}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		if a := s.as("o1", "POST", "/api/tournaments/t-auth/players", map[string]any{"player_id": p, "name": fmt.Sprint("Player, ", i+1), "rating": 2000 - 10*i, "idempotency_key": p}); a.status != 200 {
			t.Fatalf("register %s: %d %s", p, a.status, a.raw)
		}
	}
	if a := s.as("o1", "POST", "/api/tournaments/t-auth/rounds", map[string]any{"idempotency_key": "pair1-t-auth"}); a.status != 200 {
		t.Fatalf("pair: %d %s", a.status, a.raw)
	}
	view := s.do("GET", "/api/tournaments/t-auth", "").body
	boards := view["rounds"].([]any)[0].(map[string]any)["boards"].([]any)
	var game, white, black, stranger string
	var games []string
	for _, x := range boards {
		b := x.(map[string]any)
		games = append(games, b["game_id"].(string))
		if b["white"] == "p1" || b["black"] == "p1" {
			game, white, black = b["game_id"].(string), b["white"].(string), b["black"].(string)
		}
	}
	for _, p := range []string{"p1", "p2", "p3", "p4"} {
		if p != white && p != black {
			stranger = p
		}
	}
	for _, g := range games {
		waitGame(t, s, g)
	}
	if a := s.as("a1", "POST", "/api/games/"+game+"/clock/start", map[string]any{"idempotency_key": "start-" + game}); a.status != 200 {
		t.Fatalf("the arbiter starts the clock: %d %s", a.status, a.raw)
	}

	// appended counts everything the commands below could append to
	appended := func() string {
		out := fmt.Sprint(s.ndjsonCount("/api/tournaments/t-auth/events"), s.ndjsonCount("/api/tournaments/t-new/events"), s.ndjsonCount("/api/games/g-new/events"))
		for _, g := range games {
			out += fmt.Sprint(" ", s.ndjsonCount("/api/games/"+g+"/events"))
		}
		return out
	}

	g := "/api/games/" + game
	routes := []struct {
		name, path string
		body       map[string]any
		allowed    []string // the roles whose token passes; "" = any player, checked by the service
	}{
		{"create tournament", "/api/tournaments", map[string]any{"id": "t-new", "name": "New", "system": "round-robin"}, []string{"o1"}},
		{"register", "/api/tournaments/t-auth/players", map[string]any{"player_id": "p9", "name": "Nine, P."}, []string{"o1", "a1"}},
		{"pair", "/api/tournaments/t-auth/rounds", map[string]any{}, []string{"o1", "a1"}},
		{"close round", "/api/tournaments/t-auth/rounds/1/close", map[string]any{}, []string{"o1", "a1"}},
		{"withdraw", "/api/tournaments/t-auth/withdrawals", map[string]any{"player_id": "p4", "reason": "ill"}, []string{"o1", "a1"}},
		{"bye", "/api/tournaments/t-auth/byes", map[string]any{"player_id": "p4", "round": 2}, []string{"o1", "a1"}},
		{"forbid pair", "/api/tournaments/t-auth/forbidden-pairs", map[string]any{"player_a": "p1", "player_b": "p2", "reason": "same club"}, []string{"o1", "a1"}},
		{"create game", "/api/games", map[string]any{"id": "g-new", "tournament_id": "t-auth", "white": "p1", "black": "p2", "time_control": "600+5"}, []string{"o1", "a1"}},
		{"move", g + "/moves", map[string]any{"move": "e4"}, []string{white, black, stranger}},
		{"draw offer", g + "/draw", map[string]any{"action": "offer"}, []string{white, black, stranger}},
		{"resign", g + "/resign", map[string]any{}, []string{white, black, stranger}},
		{"claim", g + "/claims", map[string]any{"reason": "fifty_moves"}, []string{white, black, stranger}},
		{"clock start", g + "/clock/start", map[string]any{}, []string{"a1"}},
		{"clock pause", g + "/clock/pause", map[string]any{"reason": "incident"}, []string{"a1"}},
		{"clock resume", g + "/clock/resume", map[string]any{}, []string{"a1"}},
		{"clock adjust", g + "/clock/adjust", map[string]any{"side": "white", "delta_ms": 60000, "reason": "x", "article": "6.10"}, []string{"a1"}},
	}
	roles := []string{"", "bad", "o1", "o2", "a1", "a2", "p1", "p2", "p3", "p4"}
	before := appended()
	for _, rt := range routes {
		for _, who := range roles {
			body := map[string]any{"idempotency_key": "k-" + rt.name + "-" + who}
			for k, v := range rt.body {
				body[k] = v
			}
			allowed := slices.Contains(rt.allowed, who)
			if allowed {
				// through the gateway, but refused by the service for the
				// missing idempotency key: proves the token passed
				// without changing anything
				delete(body, "idempotency_key")
			}
			a := s.as(who, "POST", rt.path, body)
			want := http.StatusForbidden
			switch {
			case who == "" || who == "bad":
				want = http.StatusUnauthorized
			case allowed:
				want = http.StatusBadRequest
			}
			if a.status != want {
				t.Errorf("%s as %q: %d %s, want %d", rt.name, who, a.status, a.raw, want)
			}
			if !allowed && (a.errorCode() == "" || !strings.Contains(a.raw, `"message"`)) {
				t.Errorf("%s as %q: no reason: %s", rt.name, who, a.raw)
			}
			if now := appended(); now != before {
				t.Fatalf("%s as %q (%d): appended: %s -> %s", rt.name, who, a.status, before, now)
			}
		}
	}
	// acting for someone else: refused by the gateway
	if a := s.as(white, "POST", g+"/moves", map[string]any{"player": black, "move": "e4", "idempotency_key": "for-black"}); a.status != http.StatusForbidden {
		t.Errorf("%s moving for %s: %d %s", white, black, a.status, a.raw)
	}
	if a := s.as("a1", "POST", g+"/clock/pause", map[string]any{"by": "a2", "idempotency_key": "as-a2"}); a.status != http.StatusForbidden {
		t.Errorf("a1 pausing as a2: %d %s", a.status, a.raw)
	}
	// a player not in the game: through the gateway, refused by the games service
	if a := s.as(stranger, "POST", g+"/moves", map[string]any{"move": "e4", "idempotency_key": "stranger"}); a.status < 400 || a.status >= 500 || a.status == 401 {
		t.Errorf("%s moving in %s's game: %d %s", stranger, white, a.status, a.raw)
	}
	if now := appended(); now != before {
		t.Fatalf("refusals appended: %s -> %s", before, now)
	}
	// reads are public
	for _, path := range []string{"/api/tournaments/t-auth", g, g + "/clock", g + "/pgn", "/api/web/tournaments", "/livez"} {
		if a := s.as("", "GET", path, nil); a.status != 200 {
			t.Errorf("GET %s without a token: %d", path, a.status)
		}
	}

	// what the tokens allow lands, with the token's subject as actor
	actorOf := func(a answer) string {
		evs := a.events()
		if len(evs) == 0 {
			return ""
		}
		act, _ := evs[0]["actor"].(map[string]any)
		return fmt.Sprint(act["role"], ":", act["id"])
	}
	if a := s.as(white, "POST", g+"/moves", map[string]any{"move": "e4", "idempotency_key": "e4"}); a.status != 200 || actorOf(a) != "player:"+white {
		t.Errorf("white's move: %d %s (actor %s)", a.status, a.raw, actorOf(a))
	}
	if a := s.as("a1", "POST", g+"/clock/pause", map[string]any{"reason": "incident", "idempotency_key": "pause"}); a.status != 200 || !strings.HasSuffix(actorOf(a), ":a1") {
		t.Errorf("the arbiter's pause: %d %s (actor %s)", a.status, a.raw, actorOf(a))
	}
	if a := s.as("o1", "POST", "/api/tournaments", map[string]any{"id": "t-new", "name": "New", "system": "round-robin", "idempotency_key": "new-t-new"}); a.status != http.StatusCreated || !strings.HasSuffix(actorOf(a), ":o1") {
		t.Errorf("o1 creates t-new: %d %s (actor %s)", a.status, a.raw, actorOf(a))
	}
	if a := s.as("o1", "POST", "/api/tournaments", map[string]any{"id": "t-other", "name": "Other", "system": "round-robin", "idempotency_key": "other-t-other"}); a.status != http.StatusForbidden {
		t.Errorf("o1 creates a tournament outside its scope: %d %s", a.status, a.raw)
	}

	// no token in the logs
	logs := s.output()
	for who, tok := range authTokens {
		if strings.Contains(logs, tok) {
			t.Errorf("the log holds %s's token", who)
		}
	}
	if !strings.Contains(logs, "request refused") {
		t.Error("no refusal logged")
	}
}
