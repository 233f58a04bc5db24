package standby

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"time"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// Machine is the process the standby's routes describe.
type Machine interface {
	// Status is this machine's role and streams now.
	Status(ctx context.Context) Status
	// Promote makes a standby the primary (ErrNotStandby on a primary,
	// ErrPrimaryConnected while the primary is still connected, unless
	// forced); it answers once the streams are the primary's, before the
	// process starts its services.
	Promote(ctx context.Context, r PromoteRequest) (Status, error)
}

// PromoteRequest is the body of POST /api/standby/promote.
type PromoteRequest struct {
	// By is who promotes (set from the bearer token when there is one).
	By string `json:"by"`
	// Force promotes even while the primary is still connected: the old
	// primary must then be stopped at once (it would take writes of its
	// own).
	Force bool `json:"force"`
}

// ErrNotStandby is Promote's answer on a primary.
var ErrNotStandby = errors.New("this machine is already the primary")

// ErrPrimaryConnected is Promote's answer while the standby is still
// connected to a live primary: two primaries would each take writes.
var ErrPrimaryConnected = errors.New("the primary is still connected to this standby: stop it first (or promote with force, and stop it at once)")

// HTTP is the gateway port of the standby's routes, on a primary and on a
// standby alike:
//
//	GET  /api/standby          Status (JSON): role, primary, lag per stream
//	GET  /standby              a page saying which machine is live
//	POST /api/standby/promote  make this standby the primary (hakem promote)
type HTTP struct {
	Machine Machine
}

// Register implements gateway.Port.
func (h HTTP) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/standby", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Write(w, http.StatusOK, h.Machine.Status(r.Context()))
	})
	mux.HandleFunc("GET /standby", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = page.Execute(w, h.Machine.Status(r.Context()))
	})
	mux.HandleFunc("POST /api/standby/promote", func(w http.ResponseWriter, r *http.Request) {
		var body PromoteRequest
		if !httpjson.Decode(w, r, &body) {
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
		defer cancel()
		st, err := h.Machine.Promote(ctx, body)
		switch {
		case errors.Is(err, ErrNotStandby):
			httpjson.Error(w, http.StatusConflict, "not_standby", err.Error())
		case errors.Is(err, ErrPrimaryConnected):
			httpjson.Error(w, http.StatusConflict, "primary_connected", err.Error())
		case err != nil:
			httpjson.Error(w, http.StatusServiceUnavailable, "promote_failed", err.Error())
		default:
			httpjson.Write(w, http.StatusOK, st)
		}
	})
}

// Refuse answers a write on a standby: 503, error code standby, naming the
// primary, with Retry-After.
func Refuse(w http.ResponseWriter, primary string) {
	w.Header().Set("Retry-After", "5")
	httpjson.Error(w, http.StatusServiceUnavailable, "standby",
		"this machine is a standby of the primary "+primary+": it serves reads only; send writes to the primary, or promote this machine (hakem promote) if the primary is gone")
}

var page = template.Must(template.New("standby").Funcs(template.FuncMap{
	"live": func(s Status) bool { return s.Role == RolePrimary },
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="2">
<title>Hakem: {{if live .}}primary (live){{else}}standby{{end}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 50rem; }
.role { font-size: 2rem; font-weight: bold; padding: .5rem 1rem; border-radius: .5rem; display: inline-block; }
.live { background: #1b5e20; color: #fff; }
.standby { background: #fff3cd; color: #5d4200; border: 2px solid #5d4200; }
table { border-collapse: collapse; margin-top: 1rem; }
th, td { border: 1px solid #999; padding: .25rem .75rem; text-align: left; }
</style>
</head>
<body>
<main>
<h1>Hakem: which machine is live</h1>
{{if live .}}
<p class="role live" id="role">This machine is the PRIMARY: it is live.</p>
<p>It takes every write (moves, results, rulings).{{if .PromotedAt}} It was a standby until {{.PromotedAt.Format "2006-01-02 15:04:05 UTC"}}.{{end}}
{{if .StandbyListen}} A standby {{if .Connected}}is connected{{else}}is <strong>not</strong> connected{{end}} (it connects to {{.StandbyListen}}).{{else}} No standby follows it.{{end}}</p>
{{else}}
<p class="role standby" id="role">This machine is a STANDBY: it is not live.</p>
<p>It follows the primary {{.Primary}}
({{if .Connected}}connected{{else}}<strong>not connected</strong>{{end}}), serves the reads and refuses every write.
It is {{.LagMessages}} message(s) behind; the primary was last heard from {{if lt .LastContactSeconds 0.0}}never{{else}}{{printf "%.1f" .LastContactSeconds}} s ago{{end}}.
If the primary is gone, run <code>hakem promote</code> against this machine and point the venue's address at it.</p>
{{end}}
<table>
<caption>Streams on this machine</caption>
<thead><tr><th scope="col">Stream</th><th scope="col">Last sequence</th><th scope="col">Behind the primary</th><th scope="col">Error</th></tr></thead>
<tbody>
{{range .Streams}}<tr><td>{{.Stream}}</td><td>{{.LastSeq}}</td><td>{{if .Mirror}}{{.LagMessages}}{{else}}-{{end}}</td><td>{{.Error}}</td></tr>
{{end}}</tbody>
</table>
</main>
</body>
</html>
`))
