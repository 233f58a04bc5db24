package web

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/services/authz"
)

// TestPagesAndAssets: every page answers its HTML, and every asset a page
// or a module refers to is embedded and served with its type.
func TestPagesAndAssets(t *testing.T) {
	mux := http.NewServeMux()
	Pages{}.Register(mux)
	get := func(path string) (int, string, string) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		b, _ := io.ReadAll(rec.Result().Body)
		return rec.Code, rec.Header().Get("Content-Type"), string(b)
	}
	ref := regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"|from '\./([^']+)'`)
	seen := map[string]bool{}
	var check func(from, path string)
	check = func(from, path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		code, typ, body := get(path)
		if code != http.StatusOK {
			t.Errorf("%s refers to %s: %d", from, path, code)
			return
		}
		want := map[string]string{".js": "text/javascript", ".css": "text/css"}[path[strings.LastIndex(path, "."):]]
		if !strings.HasPrefix(typ, want) {
			t.Errorf("%s served as %q, want %q", path, typ, want)
		}
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			if m[1] != "" {
				check(path, m[1])
			} else {
				check(path, "/assets/"+m[2])
			}
		}
	}
	for _, path := range []string{"/", "/tournaments/open", "/games/g1", "/console", "/replay/g1"} {
		code, typ, body := get(path)
		if code != http.StatusOK || !strings.HasPrefix(typ, "text/html") || !strings.Contains(body, `<main id="page">`) {
			t.Errorf("%s: %d %s", path, code, typ)
			continue
		}
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			check(path, m[1])
		}
	}
	for _, want := range []string{"/assets/hakem.css", "/assets/hakem.js", "/assets/replay.js", "/assets/console.js"} {
		if !seen[want] {
			t.Errorf("%s not reached from the pages", want)
		}
	}
	if code, _, _ := get("/assets/"); code != http.StatusNotFound {
		t.Errorf("the assets folder is listed: %d", code)
	}
	if code, _, _ := get("/assets/nope.js"); code != http.StatusNotFound {
		t.Errorf("a missing asset: %d", code)
	}
}

// TestReadsRefuseBadInput: the reads answer a precise error for bad input
// and when this process lacks what they read.
func TestReadsRefuseBadInput(t *testing.T) {
	mux := http.NewServeMux()
	Pages{}.Register(mux)
	for _, tc := range []struct {
		path string
		code int
		has  string
	}{
		{"/api/web/live", http.StatusBadRequest, "game: give 1 to"},
		{"/api/web/live?game=a.b", http.StatusBadRequest, "character '.' not allowed"},
		{"/api/web/live?game=" + strings.Repeat("&game=g", maxLive+1), http.StatusBadRequest, "game: give 1 to"},
		{"/api/web/live?game=g1", http.StatusServiceUnavailable, "no live feed"},
		{"/api/web/tournaments", http.StatusServiceUnavailable, "no event store"},
		{"/api/web/games/a.b/replay", http.StatusNotFound, "not found"},
		{"/api/web/clocks", http.StatusBadRequest, "game: give 1 to"},
		{"/api/web/clocks?game=a.b", http.StatusBadRequest, "character '.' not allowed"},
		{"/api/web/tournaments/t1/live?boards=some", http.StatusBadRequest, `boards: \"some\" is neither current`},
		{"/api/web/access", http.StatusOK, `"authorisation":false`},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.has) {
			t.Errorf("%s: %d %s, want %d with %q", tc.path, rec.Code, rec.Body.String(), tc.code, tc.has)
		}
	}
}

// TestConsoleAccess: with tokens, the console answers 401 (sign-in page,
// HTML) without a token or with an unknown one, 403 for a player's or for
// an arbiter's out of the tournament's scope, the console for an arbiter
// in scope; every other page stays public.
func TestConsoleAccess(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tokens.yaml")
	yaml := "tokens:\n  - token: tok-arbiter-0123456789abcdef0123456789\n    role: arbiter\n    subject: a1\n    tournaments: [open]\n" +
		"  - token: tok-player-0123456789abcdef01234567890\n    role: player\n    subject: p1\n"
	if err := os.WriteFile(file, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := authz.LoadTokens(file)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	Pages{Tokens: tokens}.Register(mux)
	for _, tc := range []struct {
		path, cookie string
		code         int
		has          string
	}{
		{"/console", "", http.StatusUnauthorized, "sign in with your access token"},
		{"/console", "tok-unknown-00000000000000000000000000", http.StatusUnauthorized, "not valid"},
		{"/console", "tok-player-0123456789abcdef01234567890", http.StatusForbidden, "player p1"},
		{"/console?t=elsewhere", "tok-arbiter-0123456789abcdef0123456789", http.StatusForbidden, `"elsewhere" is not in the scope of arbiter a1`},
		{"/console?game=g1", "tok-arbiter-0123456789abcdef0123456789", http.StatusOK, "console.js"},
		{"/", "", http.StatusOK, "index.js"},
	} {
		req := httptest.NewRequest("GET", tc.path, nil)
		if tc.cookie != "" {
			req.AddCookie(&http.Cookie{Name: tokenCookie, Value: tc.cookie})
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if body := rec.Body.String(); rec.Code != tc.code || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") || !strings.Contains(html.UnescapeString(body), tc.has) {
			t.Errorf("%s (%q): %d %s, want %d with %q", tc.path, tc.cookie, rec.Code, rec.Header().Get("Content-Type"), tc.code, tc.has)
		}
		if tc.code == http.StatusUnauthorized && rec.Header().Get("WWW-Authenticate") == "" {
			t.Errorf("%s: 401 without WWW-Authenticate", tc.path)
		}
	}
}
