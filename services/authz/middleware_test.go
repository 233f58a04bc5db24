package authz

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	tokPlayer  = "player-token-0123456789abcdef0123"
	tokArbiter = "arbiter-token-0123456789abcdef012"
	tokOrg     = "organiser-token-0123456789abcdef0"
)

// testAuthoriser has a player p1, an arbiter a1 of tournament t1 (given
// by hash) and an organiser o1 of every tournament.
func testAuthoriser(t *testing.T) *Authoriser {
	t.Helper()
	toks, err := NewTokens([]TokenEntry{
		{Token: tokPlayer, Role: "player", Subject: "p1"},
		{SHA256: Hash(tokArbiter), Role: "arbiter", Subject: "a1", Tournaments: []string{"t1"}},
		{Token: tokOrg, Role: "Organiser", Subject: "o1", Tournaments: []string{"*"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return &Authoriser{Tokens: toks, GameTournament: func(_ context.Context, id string) (string, error) {
		switch id {
		case "g1":
			return "t1", nil
		case "g2":
			return "t2", nil
		}
		return "", errors.New("game " + id + " not found")
	}}
}

func TestMiddleware(t *testing.T) {
	a := testAuthoriser(t)
	mux := http.NewServeMux()
	var got map[string]any
	reached := false
	for pattern := range Policy {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			reached = true
			got = nil
			b, _ := io.ReadAll(r.Body)
			_ = json.Unmarshal(b, &got)
			if r.Header.Get("Authorization") != "" {
				t.Errorf("%s: the Authorization header reached the handler", pattern)
			}
			w.WriteHeader(http.StatusOK)
		})
	}
	mux.HandleFunc("POST /api/unlisted", func(w http.ResponseWriter, r *http.Request) { reached = true })
	h := a.Wrap(mux, mux)
	tests := []struct {
		name, method, path, auth, body string
		want                           int
		actor                          string // the actor field the handler must see
	}{
		{"public read", "GET", "/api/games/g1", "", "", 200, ""},
		{"read with a bad token", "GET", "/api/games/g1", "Bearer nope", "", 401, ""},
		{"move without a token", "POST", "/api/games/g1/moves", "", `{"player":"p1","move":"e4"}`, 401, ""},
		{"not bearer", "POST", "/api/games/g1/moves", "Basic " + tokPlayer, `{"player":"p1"}`, 401, ""},
		{"own move", "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, `{"player":"p1","move":"e4"}`, 200, "p1"},
		{"own move, player omitted", "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, `{"move":"e4"}`, 200, "p1"},
		{"for the opponent", "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, `{"player":"p2","move":"e4"}`, 403, ""},
		{"for the opponent, by letter case", "POST", "/api/games/g1/moves", "bearer " + tokPlayer, `{"player":"p1","PLAYER":"p2","move":"e4"}`, 400, ""},
		{"for the opponent, in another case", "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, `{"pLayer":"p2"}`, 403, ""},
		{"not an object", "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, `null`, 400, ""},
		{"player starts a clock", "POST", "/api/games/g1/clock/start", "Bearer " + tokPlayer, `{}`, 403, ""},
		{"arbiter in scope", "POST", "/api/games/g1/clock/pause", "Bearer " + tokArbiter, `{"reason":"x"}`, 200, "a1"},
		{"arbiter out of scope", "POST", "/api/games/g2/clock/pause", "Bearer " + tokArbiter, `{}`, 403, ""},
		{"arbiter, unknown game", "POST", "/api/games/g9/clock/pause", "Bearer " + tokArbiter, `{}`, 403, ""},
		{"arbiter as someone else", "POST", "/api/games/g1/clock/pause", "Bearer " + tokArbiter, `{"by":"a2"}`, 403, ""},
		{"arbiter moves", "POST", "/api/games/g1/moves", "Bearer " + tokArbiter, `{"player":"a1"}`, 403, ""},
		{"organiser pairs", "POST", "/api/tournaments/t2/rounds", "Bearer " + tokOrg, `{"idempotency_key":"k"}`, 200, "o1"},
		{"arbiter pairs in scope", "POST", "/api/tournaments/t1/rounds", "Bearer " + tokArbiter, `{}`, 200, "a1"},
		{"arbiter pairs out of scope", "POST", "/api/tournaments/t2/rounds", "Bearer " + tokArbiter, `{}`, 403, ""},
		{"arbiter deletes a tournament", "DELETE", "/api/tournaments/t1", "Bearer " + tokArbiter, `{}`, 403, ""},
		{"arbiter creates a tournament", "POST", "/api/tournaments", "Bearer " + tokArbiter, `{"id":"t1"}`, 403, ""},
		{"arbiter withdraws in scope", "POST", "/api/tournaments/t1/withdrawals", "Bearer " + tokArbiter, `{}`, 200, "a1"},
		{"arbiter withdraws out of scope", "POST", "/api/tournaments/t2/withdrawals", "Bearer " + tokArbiter, `{}`, 403, ""},
		{"arbiter creates a game in scope", "POST", "/api/games", "Bearer " + tokArbiter, `{"tournament_id":"t1"}`, 200, "a1"},
		{"arbiter creates a game elsewhere", "POST", "/api/games", "Bearer " + tokArbiter, `{"tournament_id":"t2"}`, 403, ""},
		{"arbiter, tournament given twice", "POST", "/api/games", "Bearer " + tokArbiter, `{"tournament_id":"t1","Tournament_ID":"t2"}`, 400, ""},
		{"unlisted command", "POST", "/api/unlisted", "Bearer " + tokOrg, `{}`, 403, ""},
		{"no route", "DELETE", "/nowhere", "", "", 404, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reached = false
			r := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.auth != "" {
				r.Header.Set("Authorization", tc.auth)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.want {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.want, w.Body)
			}
			if tc.want != 200 {
				if reached {
					t.Error("a refused request reached the handler")
				}
				if tc.want != 404 && !strings.Contains(w.Body.String(), `"message"`) {
					t.Errorf("no reason given: %s", w.Body)
				}
				if strings.Contains(w.Body.String(), "token-0123") {
					t.Errorf("the answer quotes the token: %s", w.Body)
				}
				return
			}
			if tc.actor != "" {
				field := "player"
				if _, ok := got["by"]; ok {
					field = "by"
				}
				if got[field] != tc.actor || len(got) == 0 {
					t.Errorf("handler saw %v, want %s=%s", got, field, tc.actor)
				}
			}
		})
	}
}

func TestOpenAuthoriserLetsAllThrough(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games/{id}/moves", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	w := httptest.NewRecorder()
	(&Authoriser{}).Wrap(mux, mux).ServeHTTP(w, httptest.NewRequest("POST", "/api/games/g1/moves", strings.NewReader(`{"player":"anyone"}`)))
	if w.Code != 204 {
		t.Errorf("open gateway: %d", w.Code)
	}
}

func TestNewTokensRefuses(t *testing.T) {
	long := strings.Repeat("x", 40)
	tests := []struct {
		name string
		e    []TokenEntry
		want string
	}{
		{"none", nil, "no token"},
		{"short", []TokenEntry{{Token: "abc", Role: "player", Subject: "p"}}, "shorter"},
		{"both", []TokenEntry{{Token: long, SHA256: Hash(long), Role: "player", Subject: "p"}}, "not both"},
		{"bad hash", []TokenEntry{{SHA256: "zz", Role: "player", Subject: "p"}}, "64 hex"},
		{"role", []TokenEntry{{Token: long, Role: "king", Subject: "p"}}, "role"},
		{"public role", []TokenEntry{{Token: long, Role: "public", Subject: "p"}}, "role"},
		{"subject", []TokenEntry{{Token: long, Role: "arbiter"}}, "subject"},
		{"twice", []TokenEntry{{Token: long, Role: "arbiter", Subject: "a"}, {SHA256: Hash(long), Role: "player", Subject: "p"}}, "twice"},
	}
	for _, tc := range tests {
		_, err := NewTokens(tc.e)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), long) {
			t.Errorf("%s: the error quotes the token", tc.name)
		}
	}
}

func TestLoadTokens(t *testing.T) {
	dir := t.TempDir()
	yml := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(yml, []byte("tokens:\n  - sha256: "+Hash(tokArbiter)+"\n    role: arbiter\n    subject: a1\n    tournaments: [t1, t2]\n  - token: "+tokPlayer+"\n    role: player\n    subject: p1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	jsn := filepath.Join(dir, "tokens.json")
	if err := os.WriteFile(jsn, []byte(`{"tokens":[{"token":"`+tokOrg+`","role":"organiser","subject":"o1","tournaments":["*"]}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	toks, err := LoadTokens(yml)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := toks.Lookup(tokArbiter); !ok || g.Role != Arbiter || g.Subject != "a1" || !g.InScope("t2") || g.InScope("t3") {
		t.Errorf("arbiter: %+v %v", g, ok)
	}
	if g, ok := toks.Lookup(tokPlayer); !ok || g.Subject != "p1" {
		t.Errorf("player: %+v %v", g, ok)
	}
	if _, ok := toks.Lookup(tokOrg); ok {
		t.Error("a token from another file is accepted")
	}
	toks, err = LoadTokens(jsn)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := toks.Lookup(tokOrg); !ok || !g.InScope("anything") {
		t.Errorf("organiser: %+v %v", g, ok)
	}
	if _, err := LoadTokens(filepath.Join(dir, "missing.yaml")); err == nil {
		t.Error("a missing file is accepted")
	}
}
