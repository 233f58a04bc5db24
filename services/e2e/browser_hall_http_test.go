package e2e

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestBrowserHallHTTP: the pages answer the status codes browsers and
// crawlers expect — 404 for an unknown page, game or tournament, 400 for a
// malformed id or an unknown view, 200 for a page that exists —, every
// page has its language, the favicon (SVG at /favicon.ico and
// /favicon.svg) and the web manifest are served, the static assets carry
// Cache-Control and an ETag (a revalidation answers 304), and no page or
// asset refers to another host. The 404 page is shot at three sizes.
func TestBrowserHallHTTP(t *testing.T) {
	s := start(t, t.TempDir())
	registerHall(t, s, "hallhttp", 4, 2)
	mustOK(t, s.post("/api/tournaments/hallhttp/rounds", map[string]any{"idempotency_key": "r1-hallhttp"}), "pair")
	waitGame(t, s, "hallhttp-r1-b1")

	for _, tc := range []struct {
		path string
		code int
		has  string
	}{
		{"/no-such-page", http.StatusNotFound, "No page at /no-such-page"},
		{"/tournaments/nope", http.StatusNotFound, `No tournament &#34;nope&#34;`},
		{"/tournaments/nope/projector", http.StatusNotFound, "No tournament"},
		{"/games/nope", http.StatusNotFound, `No game &#34;nope&#34;`},
		{"/replay/nope", http.StatusNotFound, "No game"},
		{"/console?t=nope", http.StatusNotFound, "No tournament"},
		{"/assets/nope.js", http.StatusNotFound, "No file"},
		{"/tournaments/a.b", http.StatusBadRequest, "not a valid id"},
		{"/games/a.b", http.StatusBadRequest, "not a valid id"},
		{"/tournaments/hallhttp?view=bogus", http.StatusBadRequest, `view: &#34;bogus&#34;`},
		{"/tournaments/hallhttp", http.StatusOK, `<main id="page">`},
		{"/tournaments/hallhttp?view=projector", http.StatusOK, "projector.js"},
		{"/tournaments/hallhttp/projector", http.StatusOK, "projector.js"},
		{"/games/hallhttp-r1-b1", http.StatusOK, "game.js"},
		{"/replay/hallhttp-r1-b1", http.StatusOK, "replay.js"},
		{"/console?t=hallhttp", http.StatusOK, "console.js"},
		{"/", http.StatusOK, "index.js"},
	} {
		code, h, body := getRaw(t, s.base, tc.path, nil)
		if code != tc.code || !strings.Contains(body, tc.has) {
			t.Errorf("GET %s: %d, want %d with %q:\n%.400s", tc.path, code, tc.code, tc.has, body)
		}
		if !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(body, `<html lang="en">`) {
			t.Errorf("GET %s: %s without <html lang>", tc.path, h.Get("Content-Type"))
		}
	}
	// the API's own unknown routes stay JSON 404s
	if a := s.do("GET", "/api/nope", ""); a.status != http.StatusNotFound || a.errorCode() != "no_route" {
		t.Errorf("GET /api/nope: %d %s", a.status, a.raw)
	}
	if a := s.do("GET", "/api/tournaments/hallhttp/events?from=0&follow=false", ""); a.status != http.StatusBadRequest {
		t.Errorf("events from=0: %d %s", a.status, a.raw)
	}

	for _, p := range []string{"/favicon.ico", "/favicon.svg"} {
		code, h, body := getRaw(t, s.base, p, nil)
		if code != 200 || h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, "<svg") {
			t.Errorf("GET %s: %d %s", p, code, h.Get("Content-Type"))
		}
	}
	if code, h, body := getRaw(t, s.base, "/manifest.webmanifest", nil); code != 200 || h.Get("Content-Type") != "application/manifest+json" || !strings.Contains(body, `"start_url"`) {
		t.Errorf("manifest: %d %s", code, h.Get("Content-Type"))
	}

	// every asset reached from the pages: cached with an ETag, no other host
	external := regexp.MustCompile(`(?i)(?:src|href)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import\s+["']?(?:https?:)?//|from\s+["'](?:https?:)?//|fetch\(\s*["'](?:https?:)?//`)
	ref := regexp.MustCompile(`(?:src|href)="(/[^"]+)"|from '\./([^']+)'`)
	seen := map[string]bool{}
	queue := []string{"/", "/tournaments/hallhttp", "/tournaments/hallhttp/projector", "/games/hallhttp-r1-b1", "/replay/hallhttp-r1-b1", "/console", "/no-such-page"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		code, h, body := getRaw(t, s.base, p, nil)
		if code >= 500 {
			t.Errorf("GET %s: %d", p, code)
			continue
		}
		if m := external.FindString(body); m != "" {
			t.Errorf("%s refers to another host: %q", p, m)
		}
		if strings.HasPrefix(p, "/assets/") || strings.HasPrefix(p, "/favicon") {
			etag := h.Get("ETag")
			if etag == "" || !strings.Contains(h.Get("Cache-Control"), "max-age") {
				t.Errorf("%s: ETag %q, Cache-Control %q", p, etag, h.Get("Cache-Control"))
			} else if c, _, _ := getRaw(t, s.base, p, map[string]string{"If-None-Match": etag}); c != http.StatusNotModified {
				t.Errorf("%s revalidated with its ETag: %d, want 304", p, c)
			}
		}
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			if m[1] != "" {
				queue = append(queue, strings.SplitN(m[1], "?", 2)[0])
			} else {
				queue = append(queue, "/assets/"+m[2])
			}
		}
	}
	for _, want := range []string{"/assets/hall.js", "/assets/projector.js", "/favicon.svg", "/manifest.webmanifest"} {
		if !seen[want] {
			t.Errorf("%s not reached from the pages", want)
		}
	}

	browser := newBrowser(t)
	for i, b := range hallTabs(t, browser) {
		b.open(s.base + "/tournaments/nope")
		b.waitTrue("the 404 page", `document.documentElement.lang === 'en' && document.querySelector('h1').textContent.startsWith('404')`)
		shoot(t, b, viewports[i].name, "not-found")
		b.noJSErrors()
	}
}
