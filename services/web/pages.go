package web

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games"
)

//go:embed assets
var assets embed.FS

// Pages is the gateway port serving the web pages and their reads.
type Pages struct {
	// Games is the games service's application: its queries and its feed
	// of live events (reads only; commands go through the API).
	Games games.Application
	// Store is the event log, read for the list of tournaments.
	Store *events.Store
}

// pages maps each page's path to its HTML file.
var pages = map[string]string{
	"GET /{$}":              "assets/index.html",
	"GET /tournaments/{id}": "assets/tournament.html",
	"GET /games/{id}":       "assets/game.html",
	"GET /console":          "assets/console.html",
	"GET /replay/{id}":      "assets/replay.html",
}

// Register mounts the pages, their assets under /assets/ and the reads
// under /api/web/.
func (p Pages) Register(mux *http.ServeMux) {
	for route, file := range pages {
		mux.HandleFunc(route, page(file))
	}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	files := http.FileServerFS(static)
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", noDirs(files)))
	mux.HandleFunc("GET /api/web/tournaments", p.tournaments)
	mux.HandleFunc("GET /api/web/games/{id}/replay", p.replay)
	mux.HandleFunc("GET /api/web/live", p.live)
}

// page answers with one embedded HTML file.
func page(file string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := assets.ReadFile(file)
		if err != nil {
			http.Error(w, "page missing", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(b)
	}
}

// noDirs refuses directory listings of the assets.
func noDirs(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || r.URL.Path[len(r.URL.Path)-1] == '/' {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
