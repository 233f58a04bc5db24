package authz

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// tokensFile writes the tokens file with content and gives it the
// modification time at (so that every version differs, whatever the file
// system's time resolution).
func tokensFile(t *testing.T, path, content string, at time.Time) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

func entry(token, role, subject string) string {
	return "  - token: " + token + "\n    role: " + role + "\n    subject: " + subject + "\n    tournaments: [\"*\"]\n"
}

// TestTokensFollowTheFile: a changed tokens file is read again at the
// first request at least RefreshInterval after the last look; a revoked
// token is refused from then on, a new one accepted. A changed file that
// is broken (not YAML, an invalid entry, gone) keeps the previous tokens,
// and says so once per version, in an error and a log line that quote no
// token.
func TestTokensFollowTheFile(t *testing.T) {
	const tokNew = "new-arbiter-token-0123456789abcdef"
	path := filepath.Join(t.TempDir(), "tokens.yaml")
	base := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	tokensFile(t, path, "tokens:\n"+entry(tokArbiter, "arbiter", "a1")+entry(tokPlayer, "player", "p1"), base)
	toks, err := LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	clock := base
	toks.now = func() time.Time { return clock }
	toks.next.Store(clock.Add(RefreshInterval).UnixNano())
	core, logs := observer.New(zap.DebugLevel)
	a := &Authoriser{Tokens: toks, Log: zap.New(core)}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games/{id}/clock/pause", func(w http.ResponseWriter, r *http.Request) {})
	h := a.Wrap(mux, mux)
	status := func(token string) int {
		req := httptest.NewRequest("POST", "/api/games/g1/clock/pause", strings.NewReader(`{}`))
		req.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code
	}
	a.GameTournament = testAuthoriser(t).GameTournament
	if got := status(tokArbiter); got != http.StatusOK {
		t.Fatalf("arbiter before the rotation: %d", got)
	}

	// Rotation: the arbiter's token is replaced by a new one.
	tokensFile(t, path, "tokens:\n"+entry(tokNew, "arbiter", "a1")+entry(tokPlayer, "player", "p1"), base.Add(time.Minute))
	if got := status(tokArbiter); got != http.StatusOK {
		t.Errorf("within RefreshInterval of the last look the old token is still in force: got %d", got)
	}
	clock = clock.Add(RefreshInterval)
	if got := status(tokArbiter); got != http.StatusUnauthorized {
		t.Errorf("the revoked token after the reload: %d, want 401", got)
	}
	if got := status(tokNew); got != http.StatusOK {
		t.Errorf("the new token after the reload: %d, want 200", got)
	}
	if logs.FilterMessage("tokens file reloaded").Len() != 1 {
		t.Errorf("reload not logged once: %v", logs.All())
	}

	// Broken versions of the file: the previous tokens stay in force.
	broken := []struct{ name, content string }{
		{"not YAML", "tokens: [ {token: " + tokOrg + ", role: organiser\n"},
		{"a token too short", "tokens:\n" + entry("short", "organiser", "o1") + entry(tokOrg, "organiser", "o1")},
		{"no token at all", "tokens: " + tokOrg + "\n"},
		{"gone", ""},
	}
	for i, b := range broken {
		if b.name == "gone" {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		} else {
			tokensFile(t, path, b.content, base.Add(time.Duration(i+2)*time.Minute))
		}
		clock = clock.Add(RefreshInterval)
		reloaded, err := toks.Refresh()
		if reloaded || err == nil {
			t.Errorf("%s: reloaded %v, error %v; want the previous tokens kept with an error", b.name, reloaded, err)
		} else if strings.Contains(err.Error(), tokOrg) || strings.Contains(err.Error(), tokNew) {
			t.Errorf("%s: the error quotes a token: %v", b.name, err)
		}
		clock = clock.Add(RefreshInterval)
		if reloaded, err := toks.Refresh(); reloaded || err != nil {
			t.Errorf("%s: looked at again unchanged: reloaded %v, error %v; want nothing (said once)", b.name, reloaded, err)
		}
		if got := status(tokNew); got != http.StatusOK {
			t.Errorf("%s: the token in force before: %d, want 200", b.name, got)
		}
		if got := status(tokOrg); got != http.StatusUnauthorized {
			t.Errorf("%s: a token of the broken file: %d, want 401", b.name, got)
		}
	}
	// Through the middleware, a broken version is logged once, without a
	// token.
	tokensFile(t, path, "tokens: [ {token: "+tokOrg+"\n", base.Add(time.Hour))
	clock = clock.Add(RefreshInterval)
	status(tokNew)
	if n := logs.FilterMessage("tokens file changed but not reloaded").Len(); n != 1 {
		t.Errorf("the broken file logged %d times, want 1", n)
	}
	for _, e := range logs.All() {
		line := e.Message + fmt.Sprint(e.ContextMap())
		for _, tok := range []string{tokArbiter, tokPlayer, tokNew, tokOrg} {
			if strings.Contains(line, tok) {
				t.Errorf("a log line quotes a token: %s", line)
			}
		}
	}
	// Fixed again: the file's tokens are in force.
	tokensFile(t, path, "tokens:\n"+entry(tokOrg, "arbiter", "a2"), base.Add(2*time.Hour))
	clock = clock.Add(RefreshInterval)
	if got := status(tokOrg); got != http.StatusOK {
		t.Errorf("the repaired file's token: %d, want 200", got)
	}
	if got := status(tokNew); got != http.StatusUnauthorized {
		t.Errorf("a token the repaired file no longer lists: %d, want 401", got)
	}
}

// TestTokensFromNewTokensNeverChange: a set built in memory has no file to
// follow.
func TestTokensFromNewTokensNeverChange(t *testing.T) {
	toks := testAuthoriser(t).Tokens
	if reloaded, err := toks.Refresh(); reloaded || err != nil {
		t.Errorf("Refresh of an in-memory set: %v, %v", reloaded, err)
	}
}
