package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
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
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.has) {
			t.Errorf("%s: %d %s, want %d with %q", tc.path, rec.Code, rec.Body.String(), tc.code, tc.has)
		}
	}
}
