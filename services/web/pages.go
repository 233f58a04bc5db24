package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/authz"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

//go:embed assets
var assets embed.FS

// Pages is the gateway port serving the web pages and their reads.
type Pages struct {
	// Games follows a game's events live (the live streams; reads only,
	// commands go through the API).
	Games gamelog.Feed
	// Store is the event log, read for the list of tournaments, the hall
	// read, a game's replay and clocks (folded by the pages themselves:
	// reads.go) and whether a page's game or tournament exists.
	Store *eventstore.Store
	// Tournaments follows a tournament's events live (the hall's stream).
	Tournaments gamelog.Feed
	// Tokens are the gateway's access tokens (nil: the gateway runs open,
	// every page for everyone); the console is for arbiters and organisers
	// (access.go).
	Tokens *authz.Tokens
}

// subject is what a page is about: the aggregate its {id} names.
type subject int

const (
	none subject = iota
	aGame
	aTournament
)

// pageRoute is one page: its HTML file and the aggregate its id names.
type pageRoute struct {
	file  string
	about subject
}

// pages maps each page's path to its HTML file.
var pages = map[string]pageRoute{
	"GET /{$}":                        {"assets/index.html", none},
	"GET /tournaments/{id}":           {"assets/tournament.html", aTournament},
	"GET /tournaments/{id}/projector": {"assets/projector.html", aTournament},
	"GET /games/{id}":                 {"assets/game.html", aGame},
	"GET /console":                    {"assets/console.html", none},
	"GET /replay/{id}":                {"assets/replay.html", aGame},
}

// Register mounts the pages, their assets under /assets/, the favicon and
// the web manifest, the reads under /api/web/, and an HTML 404 page for
// any other path outside /api/.
func (p Pages) Register(mux *http.ServeMux) {
	for route, pg := range pages {
		mux.HandleFunc(route, p.page(pg))
	}
	static := loadStatic()
	mux.HandleFunc("GET /assets/", static.serve)
	mux.HandleFunc("GET /favicon.ico", static.file("favicon.svg"))
	mux.HandleFunc("GET /favicon.svg", static.file("favicon.svg"))
	mux.HandleFunc("GET /manifest.webmanifest", static.file("manifest.webmanifest"))
	mux.HandleFunc("GET /api/web/tournaments", p.tournaments)
	mux.HandleFunc("GET /api/web/tournaments/{id}/hall", p.hall)
	mux.HandleFunc("GET /api/web/tournaments/{id}/live", p.hallLive)
	mux.HandleFunc("GET /api/web/games/{id}/replay", p.replay)
	mux.HandleFunc("GET /api/web/live", p.live)
	mux.HandleFunc("GET /api/web/access", p.access)
	mux.HandleFunc("GET /api/web/clocks", p.clocks)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		errorPage(w, http.StatusNotFound, "No page at "+r.URL.Path+".")
	})
}

// page answers with one embedded HTML file: 404 when its game or
// tournament does not exist, 400 for a malformed id or an unknown view.
func (p Pages) page(pg pageRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		file := pg.file
		if pg.about == aTournament && r.URL.Query().Has("view") {
			switch v := r.URL.Query().Get("view"); v {
			case "projector":
				file = "assets/projector.html"
			case "", "page":
			default:
				errorPage(w, http.StatusBadRequest, fmt.Sprintf("view: %q is not a view of this page (projector, page).", v))
				return
			}
		}
		if file == "assets/console.html" && !p.consoleAllowed(w, r, r.URL.Query().Get("t")) {
			return
		}
		if t := r.URL.Query().Get("t"); t != "" && file == "assets/console.html" {
			if !p.found(w, r, events.Tournament(t)) {
				return
			}
		}
		switch pg.about {
		case aGame:
			if !p.found(w, r, events.Game(r.PathValue("id"))) {
				return
			}
		case aTournament:
			if !p.found(w, r, events.Tournament(r.PathValue("id"))) {
				return
			}
		}
		b, err := assets.ReadFile(file)
		if err != nil {
			errorPage(w, http.StatusInternalServerError, "page missing")
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(b)
	}
}

// found says whether agg has events, answering the error page if not: 400
// for an id that cannot name one, 404 for none recorded, 409 for a log
// damaged from its first message, 503 when the log cannot be read. A
// damaged log is read as the API reads it (eventstore.LoadTolerant): up to
// its last good event and past a repair's voided messages, so the page of
// a quarantined or repaired game or tournament is served and shows what
// the API answers. A process without the event store serves the page (the
// page then reports what the API says).
func (p Pages) found(w http.ResponseWriter, r *http.Request, agg events.Aggregate) bool {
	if err := agg.Check(); err != nil {
		errorPage(w, http.StatusBadRequest, fmt.Sprintf("%s %q: not a valid id (%v).", agg.Kind, agg.ID, err))
		return false
	}
	if p.Store == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	envs, _, damage, err := p.Store.LoadTolerant(ctx, agg)
	if err != nil {
		errorPage(w, http.StatusServiceUnavailable, fmt.Sprintf("%s %q cannot be read now: %v", agg.Kind, agg.ID, err))
		return false
	}
	if len(envs) == 0 && damage != nil {
		errorPage(w, http.StatusConflict, fmt.Sprintf("The log of %s %q is damaged at seq %d (%s): an arbiter repairs it.", agg.Kind, agg.ID, damage.Seq, damage.Reason))
		return false
	}
	if len(envs) == 0 {
		errorPage(w, http.StatusNotFound, fmt.Sprintf("No %s %q here.", agg.Kind, agg.ID))
		return false
	}
	return true
}

// errorPage answers an HTML page with status and message.
func errorPage(w http.ResponseWriter, status int, message string) {
	b, err := assets.ReadFile("assets/error.html")
	if err != nil {
		http.Error(w, message, status)
		return
	}
	b = bytes.Replace(b, []byte("{{status}}"), []byte(fmt.Sprintf("%d %s", status, http.StatusText(status))), 2)
	b = bytes.Replace(b, []byte("{{message}}"), []byte(html.EscapeString(message)), 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// asset is one embedded static file with its strong validator.
type asset struct {
	data  []byte
	etag  string
	ctype string
}

// staticFiles are the embedded assets, read once.
type staticFiles map[string]asset

func loadStatic() staticFiles {
	out := staticFiles{}
	err := fs.WalkDir(assets, "assets", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := assets.ReadFile(name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ctype := mime.TypeByExtension(path.Ext(name))
		switch path.Ext(name) {
		case ".webmanifest":
			ctype = "application/manifest+json"
		case ".svg":
			ctype = "image/svg+xml"
		}
		out[strings.TrimPrefix(name, "assets/")] = asset{data: b, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, ctype: ctype}
		return nil
	})
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	return out
}

// staticMaxAge is how long a browser may use an asset without asking
// again; after that it revalidates with its ETag (304 when unchanged).
const staticMaxAge = "public, max-age=300, must-revalidate"

// serve answers /assets/NAME with its ETag and Cache-Control (no listing).
func (s staticFiles) serve(w http.ResponseWriter, r *http.Request) {
	s.send(w, r, strings.TrimPrefix(r.URL.Path, "/assets/"))
}

// file answers one named asset at its own path (the favicon, the manifest).
func (s staticFiles) file(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { s.send(w, r, name) }
}

func (s staticFiles) send(w http.ResponseWriter, r *http.Request, name string) {
	a, ok := s[name]
	if !ok || strings.HasSuffix(name, ".html") {
		errorPage(w, http.StatusNotFound, "No file /assets/"+name+".")
		return
	}
	w.Header().Set("ETag", a.etag)
	w.Header().Set("Cache-Control", staticMaxAge)
	if a.ctype != "" {
		w.Header().Set("Content-Type", a.ctype)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(a.data))
}
