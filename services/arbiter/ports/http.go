// Package ports is the arbiter service's HTTP JSON API: the hand rulings
// (POST /api/games/{id}/rulings), served by the arbiter service's process,
// the one whose NATS user may write game.<id>.arbiter, and forwarded to it
// (hakem.http.arbiter) by a gateway that runs without it.
package ports

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/arbiter/app"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// RulingRoutes are the patterns of the arbiter's hand rulings (Rulings).
// The games service's process does not serve them.
var RulingRoutes = []string{
	"POST /api/games/{id}/rulings",
}

// Rulings is the port the arbiter service answers the hand rulings with
// (RulingRoutes). Its Arbiter writes as the arbiter and reads the games'
// logs (a pending draw claim, an annulled game's replay).
type Rulings struct {
	Arbiter *app.Arbiter
}

// Register mounts RulingRoutes.
func (p Rulings) Register(mux *http.ServeMux) {
	mux.HandleFunc(RulingRoutes[0], p.ruling)
}

// rulingRequest is the body of POST /api/games/{id}/rulings. Its fields,
// their order and tags are the command's hash (httpjson.CommandKey): a
// retry with the same key must hash the same.
type rulingRequest struct {
	Matter   string       `json:"matter" bounds:"len=32"`
	Side     events.Color `json:"side" bounds:"len=8"`
	Touched  []string     `json:"touched" bounds:"len=8,item=16"`
	First    events.Color `json:"first" bounds:"len=8"`
	Penalty  string       `json:"penalty" bounds:"len=32"`
	AmountMs int64        `json:"amount_ms" bounds:"min=0,max=86400000"`
	Points   float64      `json:"points" bounds:"min=0,max=3"`
	// OpponentPoints (loss, 2023 12.9.6), Fine (fine, 12.9.7) and
	// ExcludedRounds (exclusion, 12.9.8): see arbiter.HandRuling.
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
	// Observed and NextMoveCompleted are the illegal position the arbiter
	// observes (matter illegal_position, 2023 A.5.4).
	Observed          string `json:"observed" bounds:"len=32"`
	NextMoveCompleted bool   `json:"next_move_completed"`
}

// outcome is the answer to a ruling: the events it produced, as the games
// service answers its commands.
type outcome struct {
	GameID   string            `json:"game_id"`
	Version  uint64            `json:"version"`
	Repeated bool              `json:"repeated,omitempty"`
	Events   []events.Envelope `json:"events"`
}

// ruling records an arbiter's hand ruling (see arbiter.HandRuling: e.g.
// matter "both_at_fault" with its "reason", the ruling that both players
// lose, laws.BothAtFault, after which the games service ends the game 0-0
// from the ruling's event), or, for matter "draw_claim", the ruling on the
// pending claim: the arbiter service rules on every claim at once through
// the Laws (laws.ClaimDraw), so this only makes it rule now when it has
// not (e.g. it was down); the console's arbiter confirms what the Laws
// say, he does not overrule it.
func (p Rulings) ruling(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := events.Game(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("game %q not found: %v", id, err))
		return
	}
	var req rulingRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if p.Arbiter == nil {
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
	m := gamelog.Meta{IdempotencyKey: httpjson.CommandKey(r, req.IdempotencyKey, req),
		Actor: events.Actor{Role: "arbiter", ID: req.By}, CorrelationID: httpjson.CorrelationID(r)}
	if events.Matter(req.Matter) == events.MatterDrawClaim && p.ruleOnClaim(w, r, id) {
		return
	}
	evs, repeated, err := p.Arbiter.Rule(r.Context(), id, arbiter.HandRuling{Matter: events.Matter(req.Matter), Side: req.Side,
		Touched: req.Touched, First: req.First, Penalty: req.Penalty, AmountMs: req.AmountMs, Points: req.Points,
		OpponentPoints: req.OpponentPoints, Fine: req.Fine, Rounds: req.ExcludedRounds, Distraction: req.Distraction, LatenessMs: req.LatenessMs,
		Result: events.Result(req.Result), Reason: req.Reason, Article: req.Article, Judgement: req.Judgement, AddTime: req.AddTime,
		Observed: req.Observed, NextMoveCompleted: req.NextMoveCompleted}, m)
	if err != nil {
		failRuling(w, err)
		return
	}
	version := lastSeq(evs)
	replay, pending, err := p.replayAnnulled(r.Context(), evs)
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

// ruleOnClaim answers matter draw_claim: the arbiter's ruling on the draw
// claim pending on game id (409 no_claim without one). It is false, having
// answered nothing, when the claim pending is not a game.draw_claimed of
// the log: the ruling is then the hand ruling's.
func (p Rulings) ruleOnClaim(w http.ResponseWriter, r *http.Request, id string) bool {
	claim, pending, err := p.Arbiter.PendingClaim(r.Context(), id)
	switch {
	case err != nil:
		fail(w, err)
	case !pending:
		httpjson.Error(w, http.StatusConflict, "no_claim", "no draw claim is pending: the arbiter rules on each claim when it is made (see the game's events)")
	case claim.ID == "":
		return false
	default:
		evs, err := p.Arbiter.RuleOnClaim(r.Context(), claim)
		if err != nil {
			failRuling(w, err)
			return true
		}
		httpjson.Write(w, http.StatusOK, outcome{GameID: id, Events: evs, Version: lastSeq(evs)})
	}
	return true
}

// replayWait is how long the ruling endpoint waits for the games-replays
// consumer group to create an annulled game's replay before it answers
// without it.
const replayWait = 10 * time.Second

// replayAnnulled carries out what the Laws order after an annulment among
// a ruling's events evs (2023 7.2.1, 1997 7.1a: a new game is played): it
// records the arbiter's arbiter.replay_ordered on the annulled game (once,
// keyed by the annulment), then waits for the new game
// (app.ReplayGameID, same pairing, game.created naming the annulled game
// in replay_of). The new game is not created here: the games service
// creates it from the order, in its consumer group games-replays, so that
// a process that dies after the order is recorded is healed by the
// order's redelivery, as every other reaction is; the same group records
// the order from the annulment when the process died before this request
// did. It returns the order's and the creation's events (none without an
// annulment), with pending set when the replay was not created within
// replayWait (the answer is then a 202 with the order alone: the game
// follows, and a retry of the ruling with the same key answers with it).
func (p Rulings) replayAnnulled(ctx context.Context, evs []events.Envelope) ([]events.Envelope, bool, error) {
	for _, e := range evs {
		if e.Type != (events.GameAnnulled{}).EventType() {
			continue
		}
		rep, err := p.Arbiter.OrderReplay(ctx, e)
		if err != nil {
			return nil, false, err
		}
		out := append([]events.Envelope(nil), rep.Order...)
		created, err := p.awaitReplay(ctx, rep.GameID, rep.Order[len(rep.Order)-1].ID)
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

// awaitReplay polls the log of game id every 20 ms, for at most
// replayWait, until it holds the game.created caused by the replay order
// orderID, and returns it (nil after replayWait). A game not in the log
// yet is waited for; another error of the read ends the wait.
func (p Rulings) awaitReplay(ctx context.Context, id, orderID string) (*events.Envelope, error) {
	ctx, cancel := context.WithTimeout(ctx, replayWait)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		recs, _, err := p.Arbiter.Store.Load(ctx, id)
		recs, _, err = gamelog.Loaded(recs, err)
		switch {
		case err == nil:
			for _, r := range recs {
				if r.Envelope.Type == (events.GameCreated{}).EventType() && r.Envelope.CausationID == orderID {
					env := r.Envelope
					return &env, nil
				}
			}
		case ctx.Err() != nil:
		default:
			return nil, fmt.Errorf("loading game %s: %w", id, err)
		}
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, nil
			}
			return nil, ctx.Err()
		case <-tick.C:
		}
	}
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
	var ref *refusal.Refusal
	if !errors.As(err, &ref) && errors.Is(err, refusal.ErrBadRuling) {
		httpjson.Error(w, http.StatusUnprocessableEntity, "ruling_refused", err.Error())
		return
	}
	fail(w, err)
}

// fail answers an error as the games service answers its commands': a
// refusal as a 4xx with its precise reason (httpjson.GameStatus),
// anything else as a 5xx.
func fail(w http.ResponseWriter, err error) {
	var ref *refusal.Refusal
	if !errors.As(err, &ref) && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	httpjson.Refused(w, err, httpjson.GameStatus)
}
