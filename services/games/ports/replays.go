package ports

import (
	"context"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/handlers"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// ReplaysGroup is the consumer group (on game.*.arbiter) through which the
// games service carries out the replay the Laws order after an annulment
// (2023 7.2.1, 1997 7.1a).
const ReplaysGroup = "games-replays"

// ReplayKey is the idempotency key under which the games service creates
// the game ordered by order (an arbiter.replay_ordered envelope):
// "replay-<order id>". The ruling endpoint and the games-replays consumer
// group use it alike, so the replay is created once however often the
// order is delivered.
func ReplayKey(order events.Envelope) string { return "replay-" + order.ID }

// Replays carries out an annulment's replay (2023 7.2.1, 1997 7.1a) as a
// reaction to the arbiter's events in the consumer group games-replays,
// so that a process that dies at any point between the annulment and the
// new game is healed by the redelivery of what it had not acknowledged:
//   - arbiter.game_annulled: the arbiter's arbiter.replay_ordered
//     (handlers.Arbiter's OrderReplay, keyed by the annulment, where the
//     arbiter runs in this process), when the process died before the
//     ruling's request recorded it;
//   - arbiter.replay_ordered: the new game (CreateReplay, keyed by
//     ReplayKey).
//
// The order is written as the arbiter, like the hand rulings this process
// serves: a process connected as the deployed games NATS user (which may
// not write game.*.arbiter) cannot, and the annulment stays unacknowledged
// until the poison queue takes it.
type Replays struct {
	App handlers.Application
	Log *zap.Logger
}

// CreateReplay creates, once, the game that the arbiter.replay_ordered
// envelope order names: the annulled game's pairing (tournament, round,
// board, players and colours, time control, laws profile and start
// position) with game.created's replay_of naming the annulled game, caused
// by the order and carrying its correlation id.
func (r Replays) CreateReplay(ctx context.Context, order events.Envelope) (decide.Outcome, error) {
	ev, err := events.Decode(order)
	if err != nil {
		return decide.Outcome{}, fmt.Errorf("replay order %s: %w", order.ID, err)
	}
	o, ok := ev.(*events.ReplayOrdered)
	if !ok {
		return decide.Outcome{}, fmt.Errorf("event %s is a %s, not a replay order", order.ID, order.Type)
	}
	annulled := order.Aggregate.ID
	_, g, err := r.App.Queries.Events.Handle(ctx, annulled)
	if err != nil {
		return decide.Outcome{}, err
	}
	setup := g.Setup()
	setup.ReplayOf = annulled
	return r.App.Commands.CreateGame.Handle(ctx, command.CreateGame{GameID: o.ReplayGameID, Setup: setup,
		Meta: gamelog.Meta{IdempotencyKey: ReplayKey(order), Actor: events.Actor{Role: "system", ID: "arbiter"},
			CorrelationID: order.CorrelationID, CausationID: order.ID}})
}

// Handle reacts to an annulment or a replay order (see Replays); every
// other event is passed over. A refusal (the annulled game unknown, the
// replay's id taken by another game or not to be named, no replay to
// order) cannot be healed by a redelivery: it is logged and the event
// acknowledged.
func (r Replays) Handle(ctx context.Context, env events.Envelope) error {
	var err error
	switch env.Type {
	case (events.GameAnnulled{}).EventType():
		if r.App.Arbiter == nil {
			return nil
		}
		err = r.App.Arbiter.OrderReplay(ctx, env)
	case (events.ReplayOrdered{}).EventType():
		_, err = r.CreateReplay(ctx, env)
	default:
		return nil
	}
	var ref *domain.Refusal
	if errors.As(err, &ref) || errors.Is(err, refusal.ErrBadRuling) {
		if r.Log != nil {
			r.Log.Warn("replay not carried out", wiring.GameID(env.Aggregate.ID), zap.String("event_id", env.ID), zap.Error(err))
		}
		return nil
	}
	return err
}

// AddReplays adds to router the handler of the consumer group
// games-replays, reading the arbiter's events of every game
// (game.*.arbiter) through sub.
func AddReplays(router *message.Router, sub message.Subscriber, r Replays) {
	annulled, ordered := (events.GameAnnulled{}).EventType(), (events.ReplayOrdered{}).EventType()
	router.AddConsumerHandler(ReplaysGroup, "game.*."+string(events.WriterArbiter), sub, func(msg *message.Message) error {
		// the type is read first from the store's layout: only an
		// annulment or a replay order (or an envelope laid out otherwise)
		// is decoded
		if t, ok := wiring.EventType(msg.Payload); ok && string(t) != annulled && string(t) != ordered {
			return nil
		}
		var env events.Envelope
		if err := env.UnmarshalJSON(msg.Payload); err != nil {
			return fmt.Errorf("event %s: %w", msg.UUID, err)
		}
		return r.Handle(msg.Context(), env)
	})
}
