// Package ports is the pairing service's HTTP JSON API.
package ports

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/pairing/app"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// HTTP serves the tournaments API:
//
//	POST /api/tournaments                      {"id","name","system","rounds","time_control","laws_profile","point_system","tiebreaks","rated","quickplay_finish"?,
//	                                            "city","federation","start_date","end_date","type","chief_arbiter","deputy_arbiters","round_dates","initial_colour" (all optional),"idempotency_key","by"}
//	POST /api/tournaments/{id}/players         {"player_id","name","rating","fide_id","federation","title","rated_games"?,"birth_year"?,"reached_2400"?,"sex"?,"idempotency_key","by"},
//	                                            or {"players":[…],"idempotency_key","by"}, or a text/csv list (register_list.go)
//	POST /api/tournaments/{id}/rounds          {"idempotency_key","by"}: pair the next round
//	POST /api/tournaments/{id}/rounds/{n}/close {"idempotency_key","by"}
//	POST /api/tournaments/{id}/withdrawals     {"player_id","from_round"?,"reason","idempotency_key","by"}
//	POST /api/tournaments/{id}/byes            {"player_id","round","points"?,"idempotency_key","by"}: a Swiss only
//	POST /api/tournaments/{id}/forbidden-pairs {"player_a","player_b","reason","idempotency_key","by"}: a Swiss only
//	POST /api/tournaments/{id}/expulsions      {"player_id","reason","article"?,"idempotency_key","by"}: the arbiter expels a player
//	POST /api/tournaments/{id}/exclusions      {"player_id","excluded_rounds","reason","article"?,"idempotency_key","by"}: from rounds (2023 12.9.8)
//	POST /api/tournaments/import               a TRF file (text/plain): the tournament with its players and rounds (import.go)
//	DELETE /api/tournaments/{id}               {"reason","idempotency_key","by"}: a tournament created by mistake, before round 1
//	POST /api/tournaments/{id}/repair          {"by","reason","idempotency_key"}: the arbiter voids a damaged log's bad messages
//	GET  /api/tournaments/{id}                 players, rounds with results, standings
//	GET  /api/tournaments/{id}/events          the tournament's events as NDJSON, live (?follow=false, ?from=N)
//	GET  /api/tournaments/{id}/trf             the tournament as a TRF-26 file
//	GET  /api/tournaments/{id}/standings       standings, crosstable and rating changes: the scoring service (scoring/ports)
//	GET  /api/tournaments/{id}/crosstable
//	GET  /api/tournaments/{id}/ratings
type HTTP struct {
	Pairing *app.Pairing
	// Feed follows a tournament's events (GET .../events).
	Feed gamelog.Feed
	// GamePGN writes a game as the games service exports it, with the
	// tags given set over its own (GET .../pgn: the broadcast of the
	// rounds; the games' ports.TournamentPGN in `hakem serve`).
	GamePGN func(ctx context.Context, w io.Writer, gameID string, tags []pgn.Tag) error
}

// CommandRoutes are the patterns of the commands (forwarded by a gateway
// without the pairing service).
var CommandRoutes = []string{
	"POST /api/tournaments",
	"POST /api/tournaments/{id}/players",
	"POST /api/tournaments/{id}/rounds",
	"POST /api/tournaments/{id}/rounds/{n}/close",
	"POST /api/tournaments/{id}/withdrawals",
	"POST /api/tournaments/{id}/byes",
	"POST /api/tournaments/{id}/forbidden-pairs",
	"POST /api/tournaments/{id}/expulsions",
	"POST /api/tournaments/{id}/exclusions",
	ImportRoute,
	"DELETE /api/tournaments/{id}",
	EntryRoutes[0], EntryRoutes[1], EntryRoutes[2], // entries.go
	DeskRoutes[0], DeskRoutes[1], DeskRoutes[2], DeskRoutes[3], // desk.go: registered by registerDesk
	RepairRoute, // repair.go
}

// Register mounts the whole API.
func (h HTTP) Register(mux *http.ServeMux) {
	h.RegisterCommands(mux)
	h.RegisterQueries(mux)
}

// RegisterCommands mounts the commands only.
func (h HTTP) RegisterCommands(mux *http.ServeMux) {
	for i, f := range []http.HandlerFunc{h.create, h.register, h.pair, h.close, h.withdraw, h.bye, h.forbid, h.expel, h.exclude, h.importFile, h.delete, h.setTiebreaks, h.correct, h.remove} {
		mux.HandleFunc(CommandRoutes[i], f)
	}
	h.registerDesk(mux)
	mux.HandleFunc(RepairRoute, h.repair)
}

// RegisterQueries mounts the reads only.
func (h HTTP) RegisterQueries(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tournaments/{id}", h.get)
	mux.HandleFunc("GET /api/tournaments/{id}/events", h.events)
	mux.HandleFunc("GET /api/tournaments/{id}/trf", h.trf)
	h.registerDeskQueries(mux)
	h.RegisterPGN(mux)
}

// trf serves the tournament as a TRF-26 file.
func (h HTTP) trf(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	t, _, ok := h.tournament(w, r, id)
	if !ok {
		return
	}
	read, err := h.Pairing.Boards(r.Context(), t)
	if err != nil {
		fail(w, err)
		return
	}
	var buf bytes.Buffer
	if err := WriteTRF(&buf, t, read.Results, read.Penalties); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", id+".trf"))
	_, _ = w.Write(buf.Bytes())
}

// events streams the tournament's events as NDJSON: the recorded ones,
// then each new one, until the client leaves (?follow=false: the recorded
// ones only; ?from=N: from its event N on, to resume after a dropped
// connection).
func (h HTTP) events(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	from, follow, ok := httpjson.StreamQuery(w, r)
	if !ok {
		return
	}
	_, envs, ok := h.tournament(w, r, id)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	if !follow || h.Feed == nil {
		for _, e := range envs {
			if e.Seq >= from && enc.Encode(e) != nil {
				return
			}
		}
		return
	}
	flusher, _ := w.(http.Flusher)
	if flusher != nil {
		flusher.Flush()
	}
	_ = h.Feed.Follow(r.Context(), id, from, func(e events.Envelope) error {
		if err := enc.Encode(e); err != nil {
			return err
		}
		if flusher != nil {
			flusher.Flush()
		}
		return nil
	})
}

// Queries is the port of a process that reads tournaments only.
type Queries struct{ HTTP }

// Register mounts the reads.
func (q Queries) Register(mux *http.ServeMux) { q.RegisterQueries(mux) }

// Commands is the port answering forwarded commands.
type Commands struct{ HTTP }

// Register mounts the commands.
func (c Commands) Register(mux *http.ServeMux) { c.RegisterCommands(mux) }

type request struct {
	ID             string             `json:"id" bounds:"len=64"`
	Name           string             `json:"name" bounds:"chars=100"`
	System         string             `json:"system" bounds:"len=32"`
	Rounds         int                `json:"rounds" bounds:"min=0,max=99"`
	TimeControl    string             `json:"time_control" bounds:"len=64"`
	LawsProfile    string             `json:"laws_profile" bounds:"len=32"`
	PointSystem    events.PointSystem `json:"point_system" bounds:"len=8,item=16,min=-10,max=10"`
	Tiebreaks      []string           `json:"tiebreaks" bounds:"len=32,item=32"`
	Rated          bool               `json:"rated"`
	PlayerID       string             `json:"player_id" bounds:"len=64"`
	Rating         int                `json:"rating" bounds:"min=0,max=3500"`
	FideID         string             `json:"fide_id" bounds:"len=16"`
	Federation     string             `json:"federation" bounds:"len=8"`
	Title          string             `json:"title" bounds:"len=8"`
	IdempotencyKey string             `json:"idempotency_key" bounds:"len=128"`
	By             string             `json:"by" bounds:"len=64"`
	FromRound      int                `json:"from_round" bounds:"min=0,max=99"`
	Reason         string             `json:"reason" bounds:"len=1000"`
	Round          int                `json:"round" bounds:"min=0,max=99"`
	Points         float64            `json:"points" bounds:"min=0,max=10"`
	PlayerA        string             `json:"player_a" bounds:"len=64"`
	PlayerB        string             `json:"player_b" bounds:"len=64"`
	Article        string             `json:"article" bounds:"len=100"`
	// ExcludedRounds are the rounds of an exclusion (2023 12.9.8).
	ExcludedRounds []int `json:"excluded_rounds" bounds:"len=99,min=1,max=99"`
	RatedGames     int   `json:"rated_games" bounds:"min=0,max=100000"`
	// Players is a list of players to register at once (register_list.go).
	Players       []playerEntry `json:"players" bounds:"len=10000"`
	Sex           string        `json:"sex" bounds:"len=1"`
	TiebreakRules string        `json:"tiebreak_rules" bounds:"len=4"`
	InitialColour string        `json:"initial_colour" bounds:"len=5"`
	MissedRounds  string        `json:"missed_rounds" bounds:"len=1"`
	BirthYear     int           `json:"birth_year" bounds:"min=0,max=2100"`
	Reached2400   bool          `json:"reached_2400"`
	// The rating report's fields of the tournament (TRF-26 022-132;
	// "federation" is the tournament's at creation, the player's at
	// registration).
	City           string   `json:"city" bounds:"chars=100"`
	StartDate      string   `json:"start_date" bounds:"len=10"`
	EndDate        string   `json:"end_date" bounds:"len=10"`
	Type           string   `json:"type" bounds:"chars=100"`
	ChiefArbiter   string   `json:"chief_arbiter" bounds:"chars=100"`
	DeputyArbiters []string `json:"deputy_arbiters" bounds:"len=16,item=100"`
	RoundDates     []string `json:"round_dates" bounds:"len=99,item=10"`
	// QuickplayFinish announces the quickplay-finish rules (2023 Guidelines III, 1997 art. 10).
	QuickplayFinish bool `json:"quickplay_finish"`
	// Mode overrides the kind of its games (standard, rapid, blitz); default: each game's from the control.
	Mode string `json:"mode" bounds:"len=16"`
	// LateDefaultMs is the event's default time for a late arrival (1997 6.6, 2023 6.7.1), carried by its games.
	LateDefaultMs *int64 `json:"late_default_ms" bounds:"min=0,max=86400000"`
	// Supervised: its rapid or blitz games are fully supervised (2023 A.4, B.3), carried by its games.
	Supervised bool `json:"supervised"`

	// commandKey is IdempotencyKey bound to the command's hash
	// (httpjson.CommandKey): the key the handlers store.
	commandKey string
}

// meta is the command's metadata: the actor is "by" in the role the
// gateway authorised the request as (httpjson.Role), or "organiser" when
// it runs open.
func meta(r *http.Request, req request) events.Meta {
	by := req.By
	if by == "" {
		by = "api"
	}
	return events.Meta{Actor: events.Actor{Role: httpjson.Role(r, "organiser"), ID: by}, CorrelationID: httpjson.CorrelationID(r)}
}

type outcome struct {
	TournamentID string            `json:"tournament_id"`
	Version      uint64            `json:"version"`
	Repeated     bool              `json:"repeated,omitempty"`
	Events       []events.Envelope `json:"events"`
}

func (h HTTP) run(w http.ResponseWriter, r *http.Request, status int, do func(req request) (app.Outcome, error)) {
	var req request
	if !httpjson.Decode(w, r, &req) {
		return
	}
	h.runDecoded(w, r, req, status, do)
}

// runDecoded is run on a request already decoded: the idempotency key is
// bound to the command (httpjson.CommandKey) before it is decided.
func (h HTTP) runDecoded(w http.ResponseWriter, r *http.Request, req request, status int, do func(req request) (app.Outcome, error)) {
	req.commandKey = httpjson.CommandKey(r, req.IdempotencyKey, req)
	o, err := do(req)
	if err != nil {
		fail(w, err)
		return
	}
	if o.Repeated {
		status = http.StatusOK
	}
	httpjson.Write(w, status, outcome{TournamentID: o.TournamentID, Version: o.Version, Repeated: o.Repeated, Events: o.Events})
}

func (h HTTP) create(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusCreated, func(req request) (app.Outcome, error) {
		id := req.ID
		if id == "" {
			sum := sha256.Sum256([]byte(req.IdempotencyKey))
			id = "t" + hex.EncodeToString(sum[:12])
		}
		return h.Pairing.Create(r.Context(), id, events.TournamentCreated{Name: req.Name, System: req.System, Rounds: req.Rounds,
			TimeControl: req.TimeControl, LawsProfile: req.LawsProfile, PointSystem: req.PointSystem, Tiebreaks: req.Tiebreaks, TiebreakRules: req.TiebreakRules, InitialColour: req.InitialColour, Rated: req.Rated, QuickplayFinish: req.QuickplayFinish, LateDefaultMs: req.LateDefaultMs,
			City: req.City, Federation: req.Federation, StartDate: req.StartDate, EndDate: req.EndDate, Type: req.Type,
			ChiefArbiter: req.ChiefArbiter, DeputyArbiters: req.DeputyArbiters, RoundDates: req.RoundDates, Mode: req.Mode, Supervised: req.Supervised},
			meta(r, req), req.commandKey)
	})
}

func (h HTTP) register(w http.ResponseWriter, r *http.Request) {
	if isCSV(r) {
		h.registerCSV(w, r) // register_list.go
		return
	}
	var req request
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if req.Players != nil {
		h.registerAll(w, r, req.Players, req, "")
		return
	}
	h.runDecoded(w, r, req, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.Register(r.Context(), r.PathValue("id"), events.PlayerRegistered{PlayerID: req.PlayerID, Name: req.Name,
			Rating: req.Rating, FideID: req.FideID, Federation: req.Federation, Title: req.Title,
			RatedGames: req.RatedGames, BirthYear: req.BirthYear, Reached2400: req.Reached2400, Sex: req.Sex, MissedRounds: req.MissedRounds}, meta(r, req), req.commandKey)
	})
}

func (h HTTP) pair(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.PairNext(r.Context(), r.PathValue("id"), meta(r, req), req.commandKey)
	})
}

func (h HTTP) close(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || n > domain.MaxRounds {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("round %q is not a round number (1 to %d)", r.PathValue("n"), domain.MaxRounds))
		return
	}
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.CloseRound(r.Context(), r.PathValue("id"), n, meta(r, req), req.commandKey)
	})
}

func (h HTTP) withdraw(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.Withdraw(r.Context(), r.PathValue("id"), events.PlayerWithdrawn{PlayerID: req.PlayerID,
			FromRound: req.FromRound, Reason: req.Reason}, meta(r, req), req.commandKey)
	})
}

func (h HTTP) forbid(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.Forbid(r.Context(), r.PathValue("id"), events.ForbiddenPairSet{PlayerA: req.PlayerA,
			PlayerB: req.PlayerB, Reason: req.Reason}, meta(r, req), req.commandKey)
	})
}

// view is a tournament as clients see it.
type view struct {
	ID        string                    `json:"id"`
	Created   events.TournamentCreated  `json:"tournament"`
	Players   []events.PlayerRegistered `json:"players"`
	Rounds    []round                   `json:"rounds"`
	Closed    int                       `json:"rounds_closed"`
	Finished  bool                      `json:"finished"`
	Standings []events.Standing         `json:"standings"`
	// Published is the last standings the scoring service published.
	Published *events.StandingsUpdated `json:"published_standings,omitempty"`
}

type round struct {
	Round  int          `json:"round"`
	Boards []board      `json:"boards"`
	Byes   []events.Bye `json:"byes,omitempty"`
}

type board struct {
	events.Pairing
	Result events.Result `json:"result"`
	// ReplayGameID is the game played in place of the board's annulled
	// game (its result is the board's).
	ReplayGameID string `json:"replay_game_id,omitempty"`
}

func (h HTTP) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	t, envs, ok := h.tournament(w, r, id)
	if !ok {
		return
	}
	results, replays, err := h.Pairing.ResultsPlayed(r.Context(), t)
	if err != nil {
		fail(w, err)
		return
	}
	v := view{ID: id, Created: t.Created, Players: t.Players, Closed: t.Closed, Finished: t.Done, Standings: t.Standings(results)}
	for i := len(envs) - 1; i >= 0; i-- {
		if envs[i].Type == (events.StandingsUpdated{}).EventType() {
			if ev, err := events.Decode(envs[i]); err == nil {
				v.Published = ev.(*events.StandingsUpdated)
			}
			break
		}
	}
	for _, rp := range t.Rounds {
		rd := round{Round: rp.Round, Byes: rp.Byes}
		for _, p := range rp.Pairings {
			rd.Boards = append(rd.Boards, board{Pairing: p, Result: results[p.GameID], ReplayGameID: replays[p.GameID]})
		}
		v.Rounds = append(v.Rounds, rd)
	}
	httpjson.Write(w, http.StatusOK, v)
}

// tournament loads the tournament id with its recorded events; when the id
// is malformed or names no tournament it answers 404, when loading fails it
// answers as fail does, and in both cases it returns ok false.
func (h HTTP) tournament(w http.ResponseWriter, r *http.Request, id string) (t *domain.Tournament, envs []events.Envelope, ok bool) {
	if err := events.Tournament(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
		return nil, nil, false
	}
	t, envs, _, err := h.Pairing.Load(r.Context(), id)
	if err != nil {
		fail(w, err)
		return nil, nil, false
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
		return nil, nil, false
	}
	return t, envs, true
}

func fail(w http.ResponseWriter, err error) { httpjson.Refused(w, err, refusalStatus) }

// refusalStatus maps a refusal kind of the pairing domain to its HTTP
// status and error code.
func refusalStatus(kind error) (int, string) {
	switch kind {
	case domain.ErrInvalid:
		return http.StatusBadRequest, "invalid"
	case domain.ErrNotFound:
		return http.StatusNotFound, "not_found"
	case domain.ErrExists:
		return http.StatusConflict, "exists"
	}
	return http.StatusConflict, "tournament_state"
}

// expel records the arbiter's expulsion of a player (the actor is the
// arbiter named by "by").
func (h HTTP) expel(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		m := meta(r, req)
		m.Actor.Role = httpjson.Role(r, "arbiter")
		return h.Pairing.Expel(r.Context(), r.PathValue("id"), events.PlayerExpelled{PlayerID: req.PlayerID,
			Article: req.Article, Reason: req.Reason}, m, req.commandKey)
	})
}

// exclude records the arbiter's exclusion of a player from rounds (the
// actor is the arbiter named by "by").
func (h HTTP) exclude(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		m := meta(r, req)
		m.Actor.Role = httpjson.Role(r, "arbiter")
		return h.Pairing.Exclude(r.Context(), r.PathValue("id"), events.PlayerExcluded{PlayerID: req.PlayerID,
			Rounds: req.ExcludedRounds, Article: req.Article, Reason: req.Reason}, m, req.commandKey)
	})
}

// delete deletes a tournament created by mistake, before round 1.
func (h HTTP) delete(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.Delete(r.Context(), r.PathValue("id"), events.TournamentDeleted{Reason: req.Reason}, meta(r, req), req.commandKey)
	})
}
