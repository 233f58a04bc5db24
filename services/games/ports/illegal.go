package ports

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// illegalRequest is the body of POST /api/games/{id}/illegal-moves.
type illegalRequest struct {
	Offender   events.Color `json:"offender" bounds:"len=8"`
	Move       string       `json:"move" bounds:"len=32"`
	ReportedBy string       `json:"reported_by" bounds:"len=16"`
	// Kind is the irregularity (2023 7.5.2-7.5.4): illegal_move (the
	// default), pawn_not_replaced, press_without_move (no move), two_hands.
	Kind string `json:"kind" bounds:"len=24"`
	// By is who reports: the player's id, or the arbiter's.
	By             string `json:"by" bounds:"len=64"`
	IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
}

// illegal records a completed illegal move seen on the board and the
// arbiter's ruling on it: game.illegal_move_reported, then
// arbiter.ruling_given (+ arbiter.penalty_imposed); the clocks service adds
// the opponent's time and the games service ends a lost game from the
// ruling, as for a claim. The report is the games service's event (this
// route is served by its process); the ruling is the arbiter's: given here
// when the arbiter runs in the same process (h.App.Arbiter set), else by
// the arbiter service's consumer group arbiter-claims from the report, and
// awaited here (up to rulingWait; after it, a 202 with the report alone,
// and a retry with the same key answers with the ruling).
func (h HTTP) illegal(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	var req illegalRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	role := req.ReportedBy
	if role == "" {
		role = "arbiter"
	}
	if req.By == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "by: missing (who reports the illegal move)")
		return
	}
	o, err := h.App.Commands.ReportIllegal.Handle(r.Context(), command.ReportIllegal{GameID: id, Offender: req.Offender,
		Move: req.Move, ReportedBy: req.ReportedBy, Kind: req.Kind, Meta: meta(r, httpjson.CommandKey(r, req.IdempotencyKey, req), role, req.By)})
	if err != nil {
		fail(w, err)
		return
	}
	out := answer(o)
	status := http.StatusOK
	for _, rec := range o.Events {
		if rec.Envelope.Type != (events.IllegalMoveReported{}).EventType() {
			continue
		}
		var ruling []events.Envelope
		if h.App.Arbiter != nil {
			ruling, err = h.App.Arbiter.RuleOnIllegal(r.Context(), rec.Envelope)
		} else {
			ruling, err = h.awaitIllegalRuling(r.Context(), id, rec.Envelope.ID)
		}
		if err != nil {
			// the report is recorded; a retry with the same key rules on it
			failRuling(w, err)
			return
		}
		if len(ruling) == 0 && h.App.Arbiter == nil {
			status = http.StatusAccepted
		}
		out.Events = append(out.Events, ruling...)
	}
	httpjson.Write(w, status, out)
}

// awaitIllegalRuling polls the log of game id until it holds the arbiter's
// ruling on the illegal-move report reportID (arbiter.ruling_given, which
// the arbiter service's consumer group arbiter-claims writes from the
// report), and returns the arbiter's events caused by the report (none
// after rulingWait, or when the game ended before the arbiter ruled).
func (h HTTP) awaitIllegalRuling(ctx context.Context, id, reportID string) ([]events.Envelope, error) {
	return awaitLog(ctx, h, id, func(recs []gamelog.Recorded, g *domain.Game) ([]events.Envelope, bool) {
		var out []events.Envelope
		ruled := false
		for _, r := range recs {
			if r.Envelope.CausationID == reportID && strings.HasPrefix(r.Envelope.Type, "arbiter.") {
				out = append(out, r.Envelope)
				ruled = ruled || r.Envelope.Type == (events.RulingGiven{}).EventType()
			}
		}
		if ruled {
			return out, true
		}
		return nil, g.Finished() // ended before the arbiter ruled: nothing to rule on
	})
}

// awaitLog polls the log of game id every 20 ms, for at most rulingWait,
// until found says it holds what a handler waits for, and returns what
// found took from it (the zero T after rulingWait). A game not in the log
// yet is waited for; another error of the read ends the wait.
func awaitLog[T any](ctx context.Context, h HTTP, id string, found func([]gamelog.Recorded, *domain.Game) (T, bool)) (T, error) {
	var none T
	ctx, cancel := context.WithTimeout(ctx, rulingWait)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		recs, g, err := h.App.Queries.Events.Handle(ctx, id)
		var ref *domain.Refusal
		switch {
		case err == nil:
			if v, ok := found(recs, g); ok {
				return v, nil
			}
		case errors.As(err, &ref) && errors.Is(err, refusal.ErrGameNotFound), ctx.Err() != nil:
		default:
			return none, err
		}
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return none, nil
			}
			return none, ctx.Err()
		case <-tick.C:
		}
	}
}

// rulingWait is how long the report of an illegal move waits for the
// arbiter service's ruling on it before it answers without it.
const rulingWait = 10 * time.Second

// failRuling answers an arbiter's error: a ruling the Laws refuse is a 422
// with the Laws' reason.
func failRuling(w http.ResponseWriter, err error) {
	var ref *domain.Refusal
	if !errors.As(err, &ref) && errors.Is(err, refusal.ErrBadRuling) {
		httpjson.Error(w, http.StatusUnprocessableEntity, "ruling_refused", err.Error())
		return
	}
	fail(w, err)
}
