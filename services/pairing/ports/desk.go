package ports

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/pairing/app"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// The arbiter's desk:
//
//	GET    /api/tournaments/{id}/rounds/{n}          the round: boards (start numbers, names, ratings, results), byes (U, H, Z, F), published
//	POST   /api/tournaments/{id}/rounds/{n}/results  {"results":[{"white","black","result","reason"?}],"reason"?,"idempotency_key","by"}
//	POST   /api/tournaments/{id}/rounds/{n}/publish  {"idempotency_key","by"}
//	DELETE /api/tournaments/{id}/rounds/{n}          {"reason"?,"idempotency_key","by"}: the pairing withdrawn, to pair again
//	POST   /api/tournaments/{id}/rounds/{n}/changes  {"change":"swap","players":[a,b]} | {"change":"colours","board"} | {"change":"move","board","to"}, "reason"?, "idempotency_key", "by"
//	POST   /api/tournaments/{id}/byes                {"player" (or "player_id"),"round","kind"? (H, Z, F; default H),"points"?,"idempotency_key","by"}
//
// A player is named by his player id or his start number (a JSON number,
// or a string of digits that is no player's id).

// DeskRoutes are the desk's commands (forwarded, like CommandRoutes, by a
// gateway without the pairing service).
var DeskRoutes = []string{
	"POST /api/tournaments/{id}/rounds/{n}/results",
	"POST /api/tournaments/{id}/rounds/{n}/publish",
	"DELETE /api/tournaments/{id}/rounds/{n}",
	"POST /api/tournaments/{id}/rounds/{n}/changes",
}

// registerDesk mounts the desk's commands.
func (h HTTP) registerDesk(mux *http.ServeMux) {
	for i, f := range []http.HandlerFunc{h.results, h.publish, h.unpair, h.change} {
		mux.HandleFunc(DeskRoutes[i], f)
	}
}

// registerDeskQueries mounts the desk's reads.
func (h HTTP) registerDeskQueries(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tournaments/{id}/rounds/{n}", h.roundView)
}

// playerRef is a player named by id (a JSON string) or start number (a
// JSON number), as domain.Tournament.Player reads it.
type playerRef string

// UnmarshalJSON accepts a string or a whole number.
func (p *playerRef) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*p = playerRef(s)
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("a player is a player id (string) or a start number, not %s", b)
	}
	*p = playerRef(strconv.Itoa(n))
	return nil
}

type sheetLine struct {
	White  playerRef     `json:"white" bounds:"len=64"`
	Black  playerRef     `json:"black" bounds:"len=64"`
	Result events.Result `json:"result" bounds:"len=16"`
	Reason string        `json:"reason" bounds:"len=1000"`
}

type deskRequest struct {
	Results        []sheetLine `json:"results" bounds:"len=5000"` // a whole sheet: up to 5,000 boards
	Reason         string      `json:"reason" bounds:"len=1000"`
	Change         string      `json:"change" bounds:"len=32"`
	Players        []playerRef `json:"players" bounds:"len=4,item=64"`
	Board          int         `json:"board" bounds:"min=0,max=10000"`
	To             int         `json:"to" bounds:"min=0,max=10000"`
	Player         playerRef   `json:"player" bounds:"len=64"`
	PlayerID       playerRef   `json:"player_id" bounds:"len=64"`
	Round          int         `json:"round" bounds:"min=0,max=99"`
	Kind           string      `json:"kind" bounds:"len=4"`
	Points         *float64    `json:"points" bounds:"min=0,max=10"`
	IdempotencyKey string      `json:"idempotency_key" bounds:"len=128"`
	By             string      `json:"by" bounds:"len=64"`
}

// deskMeta is the command's metadata, the actor the arbiter named by "by"
// (or the role the gateway authorised).
func deskMeta(r *http.Request, req deskRequest) events.Meta {
	m := meta(r, request{By: req.By})
	m.Actor.Role = httpjson.Role(r, "arbiter")
	return m
}

// roundNumber reads {n}; it answers 400 and returns false when it is no
// round number.
func roundNumber(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("round %q is not a round number", r.PathValue("n")))
		return 0, false
	}
	return n, true
}

// deskAnswer is a desk command's answer: the events, and for a correction
// made after the next round was paired, a word saying so.
type deskAnswer struct {
	outcome
	NextRoundPaired bool   `json:"next_round_paired,omitempty"`
	Message         string `json:"message,omitempty"`
}

func (h HTTP) desk(w http.ResponseWriter, r *http.Request, do func(n int, req deskRequest) (app.Outcome, error)) {
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	var req deskRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	// The key is bound to the command (one key, one command).
	req.IdempotencyKey = httpjson.CommandKey(r, req.IdempotencyKey, req)
	o, err := do(n, req)
	if err != nil {
		fail(w, err)
		return
	}
	a := deskAnswer{outcome: outcome{TournamentID: o.TournamentID, Version: o.Version, Repeated: o.Repeated, Events: o.Events}}
	if a.Events == nil {
		a.Events = []events.Envelope{}
	}
	var later []string
	for _, e := range o.Events {
		if ev, err := events.Decode(e); err == nil {
			if c, ok := ev.(*events.ResultCorrected); ok && c.NextRoundPaired {
				later = append(later, fmt.Sprintf("board %d", c.Board))
			}
		}
	}
	if len(later) > 0 {
		a.NextRoundPaired = true
		a.Message = fmt.Sprintf("round %d is already paired: its pairing is not changed by the correction of round %d %s", n+1, n, strings.Join(later, ", "))
	}
	httpjson.Write(w, http.StatusOK, a)
}

func (h HTTP) results(w http.ResponseWriter, r *http.Request) {
	h.desk(w, r, func(n int, req deskRequest) (app.Outcome, error) {
		sheet := make([]domain.SheetEntry, len(req.Results))
		for i, l := range req.Results {
			reason := l.Reason
			if reason == "" {
				reason = req.Reason
			}
			sheet[i] = domain.SheetEntry{White: string(l.White), Black: string(l.Black), Result: l.Result, Reason: reason}
		}
		return h.Pairing.EnterResults(r.Context(), r.PathValue("id"), n, sheet, deskMeta(r, req), req.IdempotencyKey)
	})
}

func (h HTTP) publish(w http.ResponseWriter, r *http.Request) {
	h.desk(w, r, func(n int, req deskRequest) (app.Outcome, error) {
		return h.Pairing.Publish(r.Context(), r.PathValue("id"), n, deskMeta(r, req), req.IdempotencyKey)
	})
}

func (h HTTP) unpair(w http.ResponseWriter, r *http.Request) {
	h.desk(w, r, func(n int, req deskRequest) (app.Outcome, error) {
		return h.Pairing.Unpair(r.Context(), r.PathValue("id"), n, strings.TrimSpace(req.Reason), deskMeta(r, req), req.IdempotencyKey)
	})
}

func (h HTTP) change(w http.ResponseWriter, r *http.Request) {
	h.desk(w, r, func(n int, req deskRequest) (app.Outcome, error) {
		c := domain.HandChange{Change: req.Change, Board: req.Board, To: req.To, Reason: req.Reason}
		for _, p := range req.Players {
			c.Players = append(c.Players, string(p))
		}
		return h.Pairing.ChangePairing(r.Context(), r.PathValue("id"), n, c, deskMeta(r, req), req.IdempotencyKey)
	})
}

// bye records a requested bye: the player by "player" (id or start
// number) or "player_id", its kind H (default), Z or F; "points" without a
// kind is the older form (0 a zero-point bye, else at most a draw's).
func (h HTTP) bye(w http.ResponseWriter, r *http.Request) {
	var req deskRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	req.IdempotencyKey = httpjson.CommandKey(r, req.IdempotencyKey, req)
	id := r.PathValue("id")
	o, err := h.byeRequest(r, id, req)
	if err != nil {
		fail(w, err)
		return
	}
	status := http.StatusOK
	httpjson.Write(w, status, outcome{TournamentID: o.TournamentID, Version: o.Version, Repeated: o.Repeated, Events: o.Events})
}

func (h HTTP) byeRequest(r *http.Request, id string, req deskRequest) (app.Outcome, error) {
	ref := req.Player
	if ref == "" {
		ref = req.PlayerID
	}
	if ref == "" {
		return app.Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "player: missing (a player id or a start number)"}
	}
	b := events.ByeRequested{Round: req.Round, Kind: strings.ToUpper(strings.TrimSpace(req.Kind))}
	switch {
	case b.Kind == "" && req.Points == nil:
		b.Kind = domain.HalfPointBye
	case b.Kind == "" && *req.Points == 0:
		b.Kind = domain.ZeroPointBye // an explicit zero is a zero-point bye, not the default half point
	case req.Points != nil:
		b.Points = *req.Points
	}
	t, _, _, err := h.Pairing.Load(r.Context(), id)
	if err != nil {
		return app.Outcome{}, err
	}
	b.PlayerID = string(ref)
	if pid, ok := t.Player(string(ref)); ok {
		b.PlayerID = pid
	}
	m := meta(r, request{By: req.By})
	return h.Pairing.RequestBye(r.Context(), id, b, m, req.IdempotencyKey)
}

// roundPlayer is a player as a round's view names him.
type roundPlayer struct {
	StartNumber int    `json:"start_number"`
	PlayerID    string `json:"player_id"`
	Name        string `json:"name"`
	Rating      int    `json:"rating,omitempty"`
	Title       string `json:"title,omitempty"`
	Federation  string `json:"federation,omitempty"`
}

type roundBoard struct {
	Board  int           `json:"board"`
	White  roundPlayer   `json:"white"`
	Black  roundPlayer   `json:"black"`
	Result events.Result `json:"result"`
	GameID string        `json:"game_id"`
}

type roundBye struct {
	Player roundPlayer `json:"player"`
	Kind   string      `json:"kind"`
	Points float64     `json:"points"`
}

type roundAnswer struct {
	Round     int          `json:"round"`
	Published bool         `json:"published"`
	Closed    bool         `json:"closed"`
	Boards    []roundBoard `json:"boards"`
	Byes      []roundBye   `json:"byes"`
}

// roundView serves round n: 404 when it is not paired.
func (h HTTP) roundView(w http.ResponseWriter, r *http.Request) {
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	t, _, ok := h.tournament(w, r, r.PathValue("id"))
	if !ok {
		return
	}
	if n > len(t.Rounds) {
		httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("round %d is not paired (%d paired)", n, len(t.Rounds)))
		return
	}
	results, err := h.Pairing.Results(r.Context(), t)
	if err != nil {
		fail(w, err)
		return
	}
	player := func(id string) roundPlayer {
		for _, p := range t.Players {
			if p.PlayerID == id {
				return roundPlayer{StartNumber: t.StartNumber(id), PlayerID: id, Name: p.Name, Rating: p.Rating, Title: p.Title, Federation: p.Federation}
			}
		}
		return roundPlayer{PlayerID: id}
	}
	rp := t.Rounds[n-1]
	a := roundAnswer{Round: n, Published: t.Published(n), Closed: n <= t.Closed, Boards: []roundBoard{}, Byes: []roundBye{}}
	boards := slices.Clone(rp.Pairings)
	slices.SortFunc(boards, func(x, y events.Pairing) int { return x.Board - y.Board })
	for _, p := range boards {
		res := results[p.GameID]
		if res == "" {
			res = events.ResultUnfinished
		}
		a.Boards = append(a.Boards, roundBoard{Board: p.Board, White: player(p.White), Black: player(p.Black), Result: res, GameID: p.GameID})
	}
	for _, by := range rp.Byes {
		a.Byes = append(a.Byes, roundBye{Player: player(by.PlayerID), Kind: string(rune(t.ByeCode(by))), Points: by.Points})
	}
	httpjson.Write(w, http.StatusOK, a)
}
