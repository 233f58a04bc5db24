// Package ports is the clocks service's HTTP JSON API, mounted by the
// gateway.
package ports

import (
	"net/http"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/clocks/app"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// HTTP serves the clocks API.
type HTTP struct {
	Clocks *app.Clocks
}

// Register mounts:
//
//	POST /api/games/{id}/clock/start   {"idempotency_key","by"}: start White's clock
//	POST /api/games/{id}/clock/pause   {"idempotency_key","by","reason"}: the arbiter stops the clocks
//	POST /api/games/{id}/clock/resume  {"idempotency_key","by"}
//	POST /api/games/{id}/clock/adjust  {"idempotency_key","by","side","delta_ms","reason","article"}
//	GET  /api/games/{id}/clock         both clocks now
func (h HTTP) Register(mux *http.ServeMux) {
	h.RegisterCommands(mux)
	h.RegisterQueries(mux)
}

// CommandRoutes are the patterns of the clocks commands (forwarded by a
// gateway without the clocks service).
var CommandRoutes = []string{
	"POST /api/games/{id}/clock/start",
	"POST /api/games/{id}/clock/pause",
	"POST /api/games/{id}/clock/resume",
	"POST /api/games/{id}/clock/adjust",
}

// RegisterCommands mounts the commands only.
func (h HTTP) RegisterCommands(mux *http.ServeMux) {
	for i, f := range []http.HandlerFunc{h.start, h.pause, h.resume, h.adjust} {
		mux.HandleFunc(CommandRoutes[i], f)
	}
}

// RegisterQueries mounts the reads only.
func (h HTTP) RegisterQueries(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/games/{id}/clock", h.get)
}

// Queries is the port of a process that reads clocks and leaves the
// commands to the clocks service elsewhere.
type Queries struct{ HTTP }

// Register mounts the reads.
func (q Queries) Register(mux *http.ServeMux) { q.RegisterQueries(mux) }

// Commands is the port the clocks service answers forwarded commands with.
type Commands struct{ HTTP }

// Register mounts the commands.
func (c Commands) Register(mux *http.ServeMux) { c.RegisterCommands(mux) }

type startRequest struct {
	IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
	// By is who starts the clock (an arbiter's id); "api" if empty.
	By      string `json:"by" bounds:"len=64"`
	Reason  string `json:"reason,omitempty" bounds:"len=1000"`
	Side    string `json:"side,omitempty" bounds:"len=8"`
	DeltaMs int64  `json:"delta_ms,omitempty" bounds:"min=-86400000,max=86400000"`
	Article string `json:"article,omitempty" bounds:"len=100"`
}

type outcome struct {
	GameID   string            `json:"game_id"`
	Version  uint64            `json:"version"`
	Repeated bool              `json:"repeated,omitempty"`
	Events   []events.Envelope `json:"events"`
}

func gameID(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	if err := events.Game(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "game "+id+" not found: "+err.Error())
		return "", false
	}
	return id, true
}

func (h HTTP) start(w http.ResponseWriter, r *http.Request) {
	h.command(w, r, func(id string, req startRequest, m gamelog.Meta) (app.Outcome, error) {
		return h.Clocks.StartClock(r.Context(), id, m)
	})
}

func (h HTTP) pause(w http.ResponseWriter, r *http.Request) {
	h.command(w, r, func(id string, req startRequest, m gamelog.Meta) (app.Outcome, error) {
		return h.Clocks.Pause(r.Context(), id, req.Reason, m)
	})
}

func (h HTTP) resume(w http.ResponseWriter, r *http.Request) {
	h.command(w, r, func(id string, req startRequest, m gamelog.Meta) (app.Outcome, error) {
		return h.Clocks.Resume(r.Context(), id, m)
	})
}

func (h HTTP) adjust(w http.ResponseWriter, r *http.Request) {
	h.command(w, r, func(id string, req startRequest, m gamelog.Meta) (app.Outcome, error) {
		return h.Clocks.Adjust(r.Context(), id, events.Color(req.Side), time.Duration(req.DeltaMs)*time.Millisecond, req.Reason, req.Article, m)
	})
}

// command decodes an arbiter's clock command and answers with its events.
func (h HTTP) command(w http.ResponseWriter, r *http.Request, run func(id string, req startRequest, m gamelog.Meta) (app.Outcome, error)) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	var req startRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	by := req.By
	if by == "" {
		by = "api"
	}
	o, err := run(id, req, gamelog.Meta{IdempotencyKey: httpjson.CommandKey(r, req.IdempotencyKey, req),
		Actor: events.Actor{Role: "arbiter", ID: by}, CorrelationID: httpjson.CorrelationID(r)})
	if err != nil {
		fail(w, err)
		return
	}
	out := outcome{GameID: o.ID, Version: o.Version, Repeated: o.Repeated, Events: make([]events.Envelope, len(o.Events))}
	for i, e := range o.Events {
		out.Events[i] = e.Envelope
	}
	httpjson.Write(w, http.StatusOK, out)
}

// side is one clock as the API shows it.
type side struct {
	RemainingMs int64      `json:"remaining_ms"`
	Running     bool       `json:"running"`
	Moves       int        `json:"moves"`
	Period      int        `json:"period"`
	Flagged     bool       `json:"flagged"`
	FlagAt      *time.Time `json:"flag_at,omitempty"`
}

type reading struct {
	GameID    string    `json:"game_id"`
	StartedAt time.Time `json:"started_at"`
	At        time.Time `json:"at"`
	White     side      `json:"white"`
	Black     side      `json:"black"`
	// Damaged names the first message of the game's log that does not
	// decode or chain: the clocks are read as of the event before it.
	Damaged *eventstore.Damage `json:"damaged,omitempty"`
}

func (h HTTP) get(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	recs, _, err := h.Clocks.Store.Load(r.Context(), id)
	recs, damage, err := gamelog.Loaded(recs, err)
	if err != nil {
		fail(w, err)
		return
	}
	t, err := app.Fold(recs)
	if err != nil {
		fail(w, err)
		return
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "game "+id+" not found")
		return
	}
	now := time.Now().UTC()
	if h.Clocks.Now != nil {
		now = h.Clocks.Now().UTC()
	}
	wr, br, err := t.Reading(now)
	if err != nil {
		fail(w, err)
		return
	}
	conv := func(rd clock.Reading) side {
		s := side{RemainingMs: rd.Remaining.Milliseconds(), Running: rd.Running, Moves: rd.Moves, Period: rd.Period, Flagged: rd.Flagged}
		if rd.Flagged {
			at := t.Origin().Add(rd.FlagAt).UTC()
			s.FlagAt = &at
		}
		return s
	}
	httpjson.Write(w, http.StatusOK, reading{GameID: id, StartedAt: t.Origin().UTC(), At: now, White: conv(wr), Black: conv(br), Damaged: damage})
}

func fail(w http.ResponseWriter, err error) { httpjson.Refused(w, err, refusalStatus) }

// refusalStatus maps a refusal kind of the clocks domain to its HTTP
// status and error code.
func refusalStatus(kind error) (int, string) {
	switch kind {
	case gameclock.ErrInvalid:
		return http.StatusBadRequest, "invalid"
	case gameclock.ErrNotFound:
		return http.StatusNotFound, "not_found"
	case gameclock.ErrUntimed:
		return http.StatusConflict, "untimed"
	}
	return http.StatusConflict, "clock_state"
}
