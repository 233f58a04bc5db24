package ports

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiterapp "github.com/hakem-chess/hakem/services/arbiter/app"
	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
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

// rulingRequest is the body of POST /api/games/{id}/rulings.
type rulingRequest struct {
	Matter   string       `json:"matter" bounds:"len=32"`
	Side     events.Color `json:"side" bounds:"len=8"`
	Touched  []string     `json:"touched" bounds:"len=8,item=16"`
	First    events.Color `json:"first" bounds:"len=8"`
	Penalty  string       `json:"penalty" bounds:"len=32"`
	AmountMs int64        `json:"amount_ms" bounds:"min=0,max=86400000"`
	Points   float64      `json:"points" bounds:"min=0,max=3"`
	// OpponentPoints (loss, 2023 12.9.6), Fine (fine, 12.9.7) and
	// ExcludedRounds (exclusion, 12.9.8): see arbiterapp.HandRuling.
	OpponentPoints *float64 `json:"opponent_points" bounds:"min=0,max=3"`
	Fine           string   `json:"fine" bounds:"len=200"`
	ExcludedRounds []int    `json:"excluded_rounds" bounds:"len=20,min=1,max=99"`
	Distraction    bool     `json:"distraction"`
	LatenessMs     int64    `json:"lateness_ms" bounds:"min=0,max=86400000"`
	Result         string   `json:"result" bounds:"len=8"`
	Reason         string   `json:"reason" bounds:"len=1000"`
	Article        string   `json:"article" bounds:"len=100"`
	By             string   `json:"by" bounds:"len=64"`
	IdempotencyKey string   `json:"idempotency_key" bounds:"len=128"`
	// Judgement and AddTime are the arbiter's judgement of a pending
	// quickplay-finish claim (matter quickplay_claim: draw, postpone,
	// reject; add_time: two minutes to the opponent when postponing).
	Judgement string `json:"judgement" bounds:"len=16"`
	AddTime   bool   `json:"add_time"`
}

// RulingRoutes are the patterns of the arbiter's hand rulings: served by
// the arbiter service's process (Rulings), the one whose NATS user may write
// game.<id>.arbiter, and forwarded to it (hakem.http.arbiter) by a gateway
// that runs without it. The games service's process does not serve them.
var RulingRoutes = []string{
	"POST /api/games/{id}/rulings",
}

// Rulings is the port the arbiter service answers the hand rulings with
// (RulingRoutes). Its App's Arbiter writes as the arbiter; its queries
// read the games' logs (a pending draw claim, an annulled game's replay).
type Rulings struct{ HTTP }

// Register mounts RulingRoutes.
func (p Rulings) Register(mux *http.ServeMux) {
	mux.HandleFunc(RulingRoutes[0], p.ruling)
}

// illegal records a completed illegal move seen on the board and the
// arbiter's ruling on it: game.illegal_move_reported, then
// arbiter.ruling_given (+ arbiter.penalty_imposed); the clocks service adds
// the opponent's time and the games service ends a lost game from the
// ruling, as for a claim. The report is the games service's event (this
// route is served by its process); the ruling is the arbiter's: given here
// when the arbiter runs in the same process (h.App.Arbiter set), else by
// the arbiter service's consumer group arbiter-claims from the report, and
// awaited here (up to replayWait; after it, a 202 with the report alone,
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
// after replayWait, or when the game ended before the arbiter ruled).
func (h HTTP) awaitIllegalRuling(ctx context.Context, id, reportID string) ([]events.Envelope, error) {
	return awaitLog(ctx, h, id, func(recs []app.Recorded, g *domain.Game) ([]events.Envelope, bool) {
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

// awaitLog polls the log of game id every 20 ms, for at most replayWait,
// until found says it holds what a handler waits for, and returns what
// found took from it (the zero T after replayWait). A game not in the log
// yet is waited for; another error of the read ends the wait.
func awaitLog[T any](ctx context.Context, h HTTP, id string, found func([]app.Recorded, *domain.Game) (T, bool)) (T, error) {
	var none T
	ctx, cancel := context.WithTimeout(ctx, replayWait)
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
		case errors.As(err, &ref) && errors.Is(err, domain.ErrNotFound), ctx.Err() != nil:
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

// ruling records an arbiter's hand ruling (see arbiterapp.HandRuling:
// e.g. matter "both_at_fault" with its "reason", the ruling that both
// players lose, laws.BothAtFault, after which the games service ends the
// game 0-0 from the ruling's event), or,
// for matter "draw_claim", the ruling on the pending claim: the arbiter
// service rules on every claim at once through the Laws (laws.ClaimDraw),
// so this only makes it rule now when it has not (e.g. it was down); the
// console's arbiter confirms what the Laws say, he does not overrule it.
func (h HTTP) ruling(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	var req rulingRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if h.App.Arbiter == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "the arbiter service does not run in this process")
		return
	}
	if req.By == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "by: missing (the arbiter's id)")
		return
	}
	if req.IdempotencyKey == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "idempotency_key: missing")
		return
	}
	m := meta(r, httpjson.CommandKey(r, req.IdempotencyKey, req), "arbiter", req.By)
	if events.Matter(req.Matter) == events.MatterDrawClaim {
		recs, g, err := h.App.Queries.Events.Handle(r.Context(), id)
		if err != nil {
			fail(w, err)
			return
		}
		if _, pending := g.Claim(); !pending {
			httpjson.Error(w, http.StatusConflict, "no_claim", "no draw claim is pending: the arbiter rules on each claim when it is made (see the game's events)")
			return
		}
		for i := len(recs) - 1; i >= 0; i-- {
			if recs[i].Envelope.Type == (events.DrawClaimed{}).EventType() {
				evs, err := h.App.Arbiter.RuleOnClaim(r.Context(), recs[i].Envelope)
				if err != nil {
					failRuling(w, err)
					return
				}
				httpjson.Write(w, http.StatusOK, outcome{GameID: id, Events: evs, Version: lastSeq(evs)})
				return
			}
		}
	}
	evs, repeated, err := h.App.Arbiter.Rule(r.Context(), id, arbiterapp.HandRuling{Matter: events.Matter(req.Matter), Side: req.Side,
		Touched: req.Touched, First: req.First, Penalty: req.Penalty, AmountMs: req.AmountMs, Points: req.Points,
		OpponentPoints: req.OpponentPoints, Fine: req.Fine, Rounds: req.ExcludedRounds, Distraction: req.Distraction, LatenessMs: req.LatenessMs,
		Result: events.Result(req.Result), Reason: req.Reason, Article: req.Article, Judgement: req.Judgement, AddTime: req.AddTime}, m)
	if err != nil {
		failRuling(w, err)
		return
	}
	version := lastSeq(evs)
	replay, pending, err := h.replayAnnulled(r.Context(), evs)
	if err != nil {
		// the ruling is recorded; the games-replays consumer group
		// orders and creates the replay, and a retry with the same key
		// answers with them
		failRuling(w, err)
		return
	}
	for _, e := range replay {
		if e.Aggregate.ID == id {
			version = max(version, e.Seq)
		}
	}
	status := http.StatusOK
	if pending {
		status = http.StatusAccepted
	}
	httpjson.Write(w, status, outcome{GameID: id, Events: append(evs, replay...), Version: version, Repeated: repeated})
}

// replayWait is how long the ruling endpoint waits for the games-replays
// consumer group to create an annulled game's replay before it answers
// without it.
const replayWait = 10 * time.Second

// replayAnnulled carries out what the Laws order after an annulment among
// a ruling's events evs (2023 7.2.1, 1997 7.1a: a new game is played): it
// records the arbiter's arbiter.replay_ordered on the annulled game (once,
// keyed by the annulment), then waits for the new game
// (arbiterapp.ReplayGameID, same pairing, game.created naming the
// annulled game in replay_of). The new game is not created here: the games
// service creates it from the order, in its consumer group games-replays
// (Replays, key ReplayKey), so that a process that dies after the order is
// recorded is healed by the order's redelivery, as every other reaction
// is; the same group records the order from the annulment when the
// process died before this request did. It returns the order's and the
// creation's events (none without an annulment), with pending set when
// the replay was not created within replayWait (the answer is then a 202
// with the order alone: the game follows, and a retry of the ruling with
// the same key answers with it).
func (h HTTP) replayAnnulled(ctx context.Context, evs []events.Envelope) ([]events.Envelope, bool, error) {
	for _, e := range evs {
		if e.Type != (events.GameAnnulled{}).EventType() {
			continue
		}
		rep, err := h.App.Arbiter.OrderReplay(ctx, e)
		if err != nil {
			return nil, false, err
		}
		out := append([]events.Envelope(nil), rep.Order...)
		created, err := h.awaitReplay(ctx, rep.GameID, rep.Order[len(rep.Order)-1].ID)
		if err != nil {
			return nil, false, err
		}
		if created == nil {
			return out, true, nil
		}
		return append(out, *created), false, nil
	}
	return nil, false, nil
}

// awaitReplay polls the log of game id until it holds the game.created
// caused by the replay order orderID, and returns it (nil after
// replayWait).
func (h HTTP) awaitReplay(ctx context.Context, id, orderID string) (*events.Envelope, error) {
	return awaitLog(ctx, h, id, func(recs []app.Recorded, _ *domain.Game) (*events.Envelope, bool) {
		for _, r := range recs {
			if r.Envelope.Type == (events.GameCreated{}).EventType() && r.Envelope.CausationID == orderID {
				env := r.Envelope
				return &env, true
			}
		}
		return nil, false
	})
}

func lastSeq(evs []events.Envelope) uint64 {
	if len(evs) == 0 {
		return 0
	}
	return evs[len(evs)-1].Seq
}

// failRuling answers an arbiter's error: a ruling the Laws refuse is a 422
// with the Laws' reason.
func failRuling(w http.ResponseWriter, err error) {
	var ref *domain.Refusal
	if !errors.As(err, &ref) && errors.Is(err, arbiterapp.ErrBadRuling) {
		httpjson.Error(w, http.StatusUnprocessableEntity, "ruling_refused", err.Error())
		return
	}
	fail(w, err)
}
