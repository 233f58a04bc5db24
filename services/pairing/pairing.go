package pairing

import (
	"context"
	"io"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing/app"
	"github.com/hakem-chess/hakem/services/pairing/ports"
	"go.uber.org/zap"
)

// Name is the service's name in the configuration (only) and the logs.
const Name = "pairing"

// Deps is what the pairing service is built from.
type Deps struct {
	Store *eventstore.Store
	// Feed follows a tournament's events (GET /api/tournaments/{id}/events).
	Feed    gamelog.Feed
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// Data is the data folder, where a FIDE rating list may be (a
	// registration given by FIDE id is filled from it).
	Data string
	// GamePGN writes a game as the games service exports it, with tags
	// set over its own (the broadcast of a tournament's rounds).
	GamePGN func(ctx context.Context, w io.Writer, gameID string, tags []pgn.Tag) error
}

// New builds the pairing service for `hakem serve`: the tournaments' reads
// and commands (pairing/ports), and the consumer group arbiter-expulsions,
// which a penalty of expulsion in a game of a tournament feeds
// (app.ExpelOnPenalty) and which runs where the arbiter does: its NATS
// user writes tournament.<id>.arbiter.
func New(d Deps) wiring.Plug {
	p := &app.Pairing{Store: d.Store, Retries: d.Retries, Log: d.Log.With(wiring.Service(Name)), Metrics: d.Metrics,
		RatingList: app.RatingListIn(d.Data)}
	h := ports.HTTP{Pairing: p, Feed: d.Feed, GamePGN: d.GamePGN}
	penalty := (events.PenaltyImposed{}).EventType()
	return wiring.Plug{
		Name:          Name,
		Queries:       []wiring.Port{ports.Queries{HTTP: h}},
		Commands:      ports.Commands{HTTP: h},
		CommandRoutes: ports.CommandRoutes,
		Consumers: []wiring.Consumer{{Group: "arbiter-expulsions", Filter: "game.*." + string(events.WriterArbiter), In: "arbiter",
			Handle: func(msg *message.Message) error {
				env, err := wiring.Envelope(msg, penalty)
				if err != nil || env.Type == "" {
					return err
				}
				_, err = p.ExpelOnPenalty(msg.Context(), env)
				return err
			}}},
	}
}
