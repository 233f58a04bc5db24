// Package ports is the games service's HTTP JSON API, mounted by the
// gateway under /api/games.
package ports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/handlers"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// HTTP serves the games API.
type HTTP struct {
	App handlers.Application
	// Players reads a tournament's registered players (nil: the PGN of a
	// tournament's game names its players by id).
	Players func(ctx context.Context, tournamentID string) ([]events.PlayerRegistered, error)
	// EventName reads a tournament's name, the PGN's Event tag (nil: the
	// tournament's id).
	EventName func(ctx context.Context, tournamentID string) (string, error)
}

// Register mounts the games API on mux:
//
//	POST /api/games                      create a game
//	GET  /api/games/{id}                 the game: position, moves, status
//	POST /api/games/{id}/moves           a move {"move","player","idempotency_key"}
//	POST /api/games/{id}/draw            {"action":"offer|accept|decline","player","idempotency_key"}
//	POST /api/games/{id}/resign          {"player","idempotency_key"}
//	POST /api/games/{id}/claims          {"player","reason":"threefold_repetition|fifty_moves","intended_move","idempotency_key"}
//	POST /api/games/{id}/illegal-moves   {"offender","move","reported_by":"player|arbiter","by","idempotency_key"}: report and ruling
//	GET  /api/games/{id}/events          the game's events as NDJSON, live (?follow=false to stop at the end, ?from=N)
//	GET  /api/games/{id}/pgn             the game in PGN
func (h HTTP) Register(mux *http.ServeMux) {
	h.RegisterCommands(mux)
	h.RegisterQueries(mux)
}

// CommandRoutes are the patterns of the games commands: what a gateway
// without the games service forwards to it (see httpnats). The arbiter's
// hand rulings (POST /api/games/{id}/rulings) are the arbiter service's
// (services/arbiter/ports).
var CommandRoutes = []string{
	"POST /api/games",
	"POST /api/games/{id}/moves",
	"POST /api/games/{id}/draw",
	"POST /api/games/{id}/resign",
	"POST /api/games/{id}/claims",
	"POST /api/games/{id}/illegal-moves",
	"POST /api/games/{id}/repair",
}

// RegisterCommands mounts the commands only (CommandRoutes).
func (h HTTP) RegisterCommands(mux *http.ServeMux) {
	commands := []http.HandlerFunc{h.create, h.move, h.draw, h.resign, h.claim, h.illegal, h.repair}
	for i, route := range CommandRoutes {
		mux.HandleFunc(route, commands[i])
	}
}

// RegisterQueries mounts the reads only; any process can serve them from
// the log.
func (h HTTP) RegisterQueries(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/games/{id}", h.get)
	mux.HandleFunc("GET /api/games/{id}/events", h.events)
	mux.HandleFunc("GET /api/games/{id}/pgn", h.pgn)
}

// Queries is the port of a process that serves the games' reads and leaves
// the commands to the games service elsewhere.
type Queries struct{ HTTP }

// Register mounts the reads.
func (q Queries) Register(mux *http.ServeMux) { q.RegisterQueries(mux) }

// Commands is the port the games service answers forwarded commands with.
type Commands struct{ HTTP }

// Register mounts the commands.
func (c Commands) Register(mux *http.ServeMux) { c.RegisterCommands(mux) }

// createRequest is the body of POST /api/games.
type createRequest struct {
	// ID is the game id; when empty it is derived from the idempotency key,
	// so that a retried creation names the same game.
	ID           string `json:"id" bounds:"len=64"`
	TournamentID string `json:"tournament_id" bounds:"len=64"`
	Round        int    `json:"round" bounds:"min=0,max=99"`
	Board        int    `json:"board" bounds:"min=0,max=9999"`
	White        string `json:"white" bounds:"len=64"`
	Black        string `json:"black" bounds:"len=64"`
	LawsProfile  string `json:"laws_profile" bounds:"len=32"`
	TimeControl  string `json:"time_control" bounds:"len=64"`
	StartFEN     string `json:"start_fen" bounds:"len=128"`
	// QuickplayFinish announces the quickplay-finish rules for the game (2023 Guidelines III, 1997 art. 10).
	QuickplayFinish bool `json:"quickplay_finish"`
	// Mode is standard, rapid or blitz (2023 Appendices A, B); default: from the time control (A.1, B.1).
	Mode string `json:"mode" bounds:"len=16"`
	// LateDefaultMs is the event's default time for a late arrival (1997 6.6, 2023 6.7.1); default: the profile's.
	LateDefaultMs *int64 `json:"late_default_ms" bounds:"min=0,max=86400000"`
	// Supervised: a rapid or blitz game the arbiter fully supervises (2023 A.4, B.3): the Competition Rules apply, not A.5.
	Supervised     bool   `json:"supervised"`
	IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
	// By is who creates the game (an organiser or arbiter id); "api" if empty.
	By string `json:"by" bounds:"len=64"`
}

// playerRequest is the body of the commands a player sends.
type playerRequest struct {
	Player         string `json:"player" bounds:"len=64"`
	Move           string `json:"move,omitempty" bounds:"len=16"`
	Action         string `json:"action,omitempty" bounds:"len=16"`
	Reason         string `json:"reason,omitempty" bounds:"len=32"`
	IntendedMove   string `json:"intended_move,omitempty" bounds:"len=16"`
	IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
}

// Member returns the field a JSON key names (httpjson.Flat): a player's
// command is read without reflection.
func (p *playerRequest) Member(key []byte) *string {
	switch string(key) {
	case "player":
		return &p.Player
	case "move":
		return &p.Move
	case "action":
		return &p.Action
	case "reason":
		return &p.Reason
	case "intended_move":
		return &p.IntendedMove
	case "idempotency_key":
		return &p.IdempotencyKey
	}
	return nil
}

// AppendCommandJSON appends the command's JSON as httpjson.CommandHash
// hashes it (httpjson.CommandJSON): its members sorted by key, the empty
// ones that omitempty leaves out left out, idempotency_key left out.
func (p playerRequest) AppendCommandJSON(b []byte) ([]byte, bool) {
	b = append(b, '{')
	first, ok := true, true
	member := func(key, v string, omitEmpty bool) {
		if !ok || (omitEmpty && v == "") {
			return
		}
		b, ok = httpjson.AppendPlainMember(b, first, key, v)
		first = false
	}
	member("action", p.Action, true)
	member("intended_move", p.IntendedMove, true)
	member("move", p.Move, true)
	member("player", p.Player, false)
	member("reason", p.Reason, true)
	return append(b, '}'), ok
}

// outcome is the answer to every command: the events it produced.
type outcome struct {
	GameID   string            `json:"game_id"`
	Version  uint64            `json:"version"`
	Repeated bool              `json:"repeated,omitempty"`
	Events   []events.Envelope `json:"events"`
}

func answer(o decide.Outcome) outcome {
	out := outcome{GameID: o.ID, Version: o.Version, Repeated: o.Repeated, Events: make([]events.Envelope, len(o.Events))}
	for i, r := range o.Events {
		out.Events[i] = r.Envelope
	}
	return out
}

// writeAnswer answers a command's outcome as httpjson.Write(w, status,
// answer(o)) would, byte for byte, without reflection: each envelope
// appended as the append sent it to the store (Recorded.JSON), or as its
// own MarshalJSON writes it (events.AppendJSON, into the
// answer's one buffer, sized beforehand and taken from a pool: the writer
// copies it, as io.Writer's contract says) and no second pass of
// encoding/json over the result to compact and check it.
func writeAnswer(w http.ResponseWriter, status int, o decide.Outcome) {
	n := 96 + len(o.ID)
	for i := range o.Events {
		e := &o.Events[i].Envelope
		// the envelope's keys, id, type and instant, and its variable parts
		n += 384 + len(e.Data) + len(e.Hash) + len(e.PrevHash) + len(e.Sig) + len(e.IdempotencyKey) +
			len(e.CorrelationID) + len(e.CausationID) + len(e.Aggregate.ID) + len(e.Actor.ID)
	}
	buf := answers.Get().(*[]byte)
	defer func() {
		if cap(*buf) <= maxPooledAnswer {
			answers.Put(buf)
		}
	}()
	if cap(*buf) < n {
		*buf = make([]byte, 0, n)
	}
	b, ok := appendAnswer((*buf)[:0], o)
	if !ok {
		httpjson.Write(w, status, answer(o))
		return
	}
	*buf = b
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// answers are the buffers of writeAnswer, reused: an answer of one
// command is a kilobyte or two.
var answers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledAnswer is the largest buffer put back in answers (a repair's
// answer may be large; it is not kept).
const maxPooledAnswer = 64 << 10

// appendAnswer appends the JSON of answer(o) and a newline to b; false
// when an envelope does not encode (left to encoding/json).
func appendAnswer(b []byte, o decide.Outcome) ([]byte, bool) {
	b = append(b, `{"game_id":`...)
	if plainID(o.ID) {
		b = append(append(append(b, '"'), o.ID...), '"')
	} else {
		id, err := json.Marshal(o.ID)
		if err != nil {
			return nil, false
		}
		b = append(b, id...)
	}
	b = append(b, `,"version":`...)
	b = strconv.AppendUint(b, o.Version, 10)
	if o.Repeated {
		b = append(b, `,"repeated":true`...)
	}
	b = append(b, `,"events":[`...)
	for i := range o.Events {
		if i > 0 {
			b = append(b, ',')
		}
		if r := &o.Events[i]; len(r.JSON) > 0 {
			b = append(b, r.JSON...) // as the store was sent it
			continue
		}
		var err error
		if b, err = events.AppendJSON(b, &o.Events[i].Envelope); err != nil {
			return nil, false
		}
	}
	return append(b, "]}\n"...), true
}

// plainID reports whether encoding/json writes id as it is between
// quotes (printable ASCII without '"', '\\', '<', '>' and '&'), as a
// game's id is.
func plainID(id string) bool {
	for i := 0; i < len(id); i++ {
		if c := id[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func meta(r *http.Request, key, role, id string) gamelog.Meta {
	return gamelog.Meta{IdempotencyKey: key, Actor: events.Actor{Role: role, ID: id}, CorrelationID: httpjson.CorrelationID(r)}
}

func (h HTTP) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if req.IdempotencyKey == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "idempotency_key: missing")
		return
	}
	if req.ID == "" {
		req.ID = DeriveGameID(req.IdempotencyKey)
	}
	if err := events.Game(req.ID).Check(); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "id: "+err.Error())
		return
	}
	by := req.By
	if by == "" {
		by = "api"
	}
	o, err := h.App.Commands.CreateGame.Handle(r.Context(), command.CreateGame{
		GameID: req.ID,
		Setup: events.GameCreated{TournamentID: req.TournamentID, Round: req.Round, Board: req.Board,
			White: req.White, Black: req.Black, TimeControl: req.TimeControl, LawsProfile: req.LawsProfile, StartFEN: req.StartFEN, QuickplayFinish: req.QuickplayFinish, Mode: req.Mode, Supervised: req.Supervised,
			LateDefaultMs: req.LateDefaultMs},
		// the role the gateway authorised the request as (an organiser's
		// or an arbiter's token); "organiser" when it runs open
		Meta: meta(r, httpjson.CommandKey(r, req.IdempotencyKey, req), httpjson.Role(r, "organiser"), by),
	})
	if err != nil {
		fail(w, err)
		return
	}
	status := http.StatusCreated
	if o.Repeated {
		status = http.StatusOK
	}
	writeAnswer(w, status, o)
}

// gameID reads and checks the {id} of the path.
func gameID(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	if err := events.Game(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("game %q not found: %v", id, err))
		return "", false
	}
	return id, true
}

func (h HTTP) playerCommand(w http.ResponseWriter, r *http.Request, run func(id string, req playerRequest, m gamelog.Meta) (decide.Outcome, error)) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	var req playerRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if req.Player == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "player: missing")
		return
	}
	// &req: the request itself, already on the heap (decoded into), not
	// a copy of it boxed for the interface
	o, err := run(id, req, meta(r, httpjson.CommandKey(r, req.IdempotencyKey, &req), httpjson.Role(r, "player"), req.Player))
	if err != nil {
		fail(w, err)
		return
	}
	writeAnswer(w, http.StatusOK, o)
}

func (h HTTP) move(w http.ResponseWriter, r *http.Request) {
	h.playerCommand(w, r, func(id string, req playerRequest, m gamelog.Meta) (decide.Outcome, error) {
		return h.App.Commands.MakeMove.Handle(r.Context(), command.MakeMove{GameID: id, Player: req.Player, Move: req.Move, Meta: m})
	})
}

func (h HTTP) draw(w http.ResponseWriter, r *http.Request) {
	h.playerCommand(w, r, func(id string, req playerRequest, m gamelog.Meta) (decide.Outcome, error) {
		var a command.DrawAnswer
		switch req.Action {
		case "offer":
			a = command.Offer
		case "accept":
			a = command.Accept
		case "decline":
			a = command.Decline
		default:
			return decide.Outcome{}, &domain.Refusal{Kind: refusal.ErrInvalid, Reason: fmt.Sprintf("action: %q is not one of offer, accept, decline", req.Action)}
		}
		return h.App.Commands.Draw.Handle(r.Context(), command.Draw{GameID: id, Player: req.Player, Action: a, Meta: m})
	})
}

func (h HTTP) claim(w http.ResponseWriter, r *http.Request) {
	h.playerCommand(w, r, func(id string, req playerRequest, m gamelog.Meta) (decide.Outcome, error) {
		return h.App.Commands.ClaimDraw.Handle(r.Context(), command.ClaimDraw{GameID: id, Player: req.Player, Reason: events.ClaimReason(req.Reason), Intended: req.IntendedMove, Meta: m})
	})
}

func (h HTTP) resign(w http.ResponseWriter, r *http.Request) {
	h.playerCommand(w, r, func(id string, req playerRequest, m gamelog.Meta) (decide.Outcome, error) {
		return h.App.Commands.Resign.Handle(r.Context(), command.Resign{GameID: id, Player: req.Player, Meta: m})
	})
}

func (h HTTP) get(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	g, err := h.App.Queries.Game.Handle(r.Context(), id)
	if err != nil {
		fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, g)
}

// events streams the game's events as NDJSON: one envelope per line, the
// recorded ones first, then each new one as it is written, until the
// client goes away or the server shuts down. ?follow=false ends the stream
// after the events recorded so far; ?from=N starts at the game's event N.
func (h HTTP) events(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	from, follow, ok := httpjson.StreamQuery(w, r)
	if !ok {
		return
	}
	recs, _, damage, err := h.App.Queries.Events.Read(r.Context(), id)
	if err != nil {
		fail(w, err)
		return
	}
	markDamaged(w, damage)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	flush := func() {
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	if !follow {
		for _, rec := range recs {
			if rec.Envelope.Seq >= from {
				if err := enc.Encode(rec.Envelope); err != nil {
					return
				}
			}
		}
		if damage != nil {
			_ = enc.Encode(map[string]any{"damaged": damage})
		}
		return
	}
	flush()
	err = h.App.Feed.Follow(r.Context(), id, from, func(e events.Envelope) error {
		if err := enc.Encode(e); err != nil {
			return err
		}
		flush()
		return nil
	})
	_ = err // the stream has begun; an error can only end it
}

func (h HTTP) pgn(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	recs, g, damage, err := h.App.Queries.Events.Read(r.Context(), id)
	if err != nil {
		fail(w, err)
		return
	}
	markDamaged(w, damage)
	var created time.Time
	if len(recs) > 0 {
		created = recs[0].Envelope.RecordedAt
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn")
	w.Header().Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", id+".pgn"))
	if err := WritePGNNotes(w, id, g, created, NotesOf(recs), h.playerTags(r.Context(), g)...); err != nil {
		// headers are gone; the truncated body is all the client gets
		_, _ = io.WriteString(w, "\n")
	}
}

// fail answers a command's error: a refusal as a 4xx with its precise
// reason, anything else as a 5xx.
func fail(w http.ResponseWriter, err error) {
	var ref *domain.Refusal
	if !errors.As(err, &ref) && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	httpjson.Refused(w, err, httpjson.GameStatus)
}
