package arbiter

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/arbiter/app"
	"github.com/hakem-chess/hakem/services/arbiter/ports"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Name is the service's name in the configuration (only) and the logs.
const Name = "arbiter"

// Deps is what the arbiter service is built from.
type Deps struct {
	Store   *eventstore.Store
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
}

// Service is the arbiter service as `hakem serve` runs it: its Plug, and
// the rulings a games service in the same process asks for at once (the
// games service's Arbiter: RuleOnIllegal, OrderReplay).
type Service struct {
	wiring.Plug
	rulings *app.Arbiter
}

// New builds the arbiter service: its hand rulings (ports.Rulings, POST
// /api/games/{id}/rulings), served by its process (its NATS user is the one
// that may write game.<id>.arbiter), and its consumer groups: it rules on
// every draw claim and every reported illegal move (both the games
// service's events: arbiter-claims) once, keyed by the event, and on every
// flag fall (the clocks service's: arbiter-flags).
func New(d Deps) Service {
	arb := &app.Arbiter{
		Store:   gamelog.EventStore{Store: d.Store, Writer: events.WriterArbiter},
		Retries: d.Retries,
		Log:     d.Log.With(wiring.Service(Name)),
		Metrics: d.Metrics,
	}
	claimed, illegal, flag := (events.DrawClaimed{}).EventType(), (events.IllegalMoveReported{}).EventType(), (events.FlagFell{}).EventType()
	return Service{rulings: arb, Plug: wiring.Plug{Name: Name, Commands: ports.Rulings{Arbiter: arb}, CommandRoutes: ports.RulingRoutes,
		Consumers: []wiring.Consumer{
			{Group: "arbiter-claims", Filter: "game.*." + string(events.WriterGames), Acts: []string{claimed, illegal}, Handle: func(msg *message.Message) error {
				env, err := wiring.Envelope(msg, claimed, illegal)
				if err != nil || env.Type == "" {
					return err
				}
				if env.Type == claimed {
					_, err = arb.RuleOnClaim(msg.Context(), env)
				} else {
					_, err = arb.RuleOnIllegal(msg.Context(), env)
				}
				return err
			}},
			{Group: "arbiter-flags", Filter: "game.*." + string(events.WriterClocks), Acts: []string{flag}, Handle: func(msg *message.Message) error {
				env, err := wiring.Envelope(msg, flag)
				if err != nil || env.Type == "" {
					return err
				}
				_, err = arb.RuleOnFlag(msg.Context(), env)
				return err
			}},
		}}}
}

// RuleOnIllegal rules on a reported illegal move (a
// game.illegal_move_reported envelope) once, keyed by the report
// (app.Arbiter.RuleOnIllegal).
func (s Service) RuleOnIllegal(ctx context.Context, report events.Envelope) ([]events.Envelope, error) {
	return s.rulings.RuleOnIllegal(ctx, report)
}

// OrderReplay records, once, the replay the Laws order after an
// annulment (an arbiter.game_annulled envelope: app.Arbiter.OrderReplay).
func (s Service) OrderReplay(ctx context.Context, annulment events.Envelope) error {
	_, err := s.rulings.OrderReplay(ctx, annulment)
	return err
}
