package serve

import (
	"context"
	"errors"
	"io"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/rules/pgn"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	clocksdomain "github.com/hakem-chess/hakem/services/clocks/domain"
	clocksports "github.com/hakem-chess/hakem/services/clocks/ports"
	"github.com/hakem-chess/hakem/services/games"
	gamesadapters "github.com/hakem-chess/hakem/services/games/adapters"
	"github.com/hakem-chess/hakem/services/games/app/command"
	gamesdomain "github.com/hakem-chess/hakem/services/games/domain"
	gamesports "github.com/hakem-chess/hakem/services/games/ports"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// The games, the clocks and the arbiter are still wired here, as Plugs,
// from their app and ports packages (the ratchet of internal/archcheck
// lists these imports); pairing and scoring are built by their root
// packages.

// gamesApp is the games service's application on this process's store.
// It rules on a reported illegal move at once when the arbiter runs here
// too (its Arbiter; nil otherwise: the arbiter's consumer group
// arbiter-claims rules on the report).
func (h *host) gamesApp(arb games.Arbiter) games.Application {
	o := games.Options{
		Store:      gamesadapters.EventStore{Store: h.store},
		Feed:       gamesadapters.Feed{JS: h.js, Partitions: h.parts},
		Retries:    h.cfg.CommandRetries,
		CacheGames: 10000,
		Log:        h.log.With(wiring.Service("games")),
		Metrics:    h.metrics,
	}
	if h.cfg.Runs("arbiter") {
		o.Arbiter = arb
	}
	return games.NewApplication(o)
}

// tournament folds tournament id from the store (a tournament game's PGN
// names its players and its event; a round's games follow its creation).
func (h *host) tournament(ctx context.Context, id string) (*tournament.Tournament, error) {
	return foldTournament(ctx, h.store, id)
}

// foldTournament folds tournament id from store.
func foldTournament(ctx context.Context, store *eventstore.Store, id string) (*tournament.Tournament, error) {
	t := &tournament.Tournament{}
	_, _, err := boards.Load(ctx, store, id, t)
	return t, err
}

// gamePGN writes a game of store as the games service exports it, with
// tags set over its own (the pairing's broadcast of a tournament).
func gamePGN(store *eventstore.Store) func(ctx context.Context, w io.Writer, id string, tags []pgn.Tag) error {
	return func(ctx context.Context, w io.Writer, id string, tags []pgn.Tag) error {
		return gamesports.TournamentPGN(ctx, gamesadapters.EventStore{Store: store}, w, id, tags)
	}
}

// games is the games service: its reads and commands (less the arbiter's
// hand rulings) and its consumer groups.
func (h *host) games(app games.Application) wiring.Plug {
	players := func(ctx context.Context, id string) ([]events.PlayerRegistered, error) {
		t, err := h.tournament(ctx, id)
		if err != nil {
			return nil, err
		}
		return t.Players, nil
	}
	eventName := func(ctx context.Context, id string) (string, error) {
		t, err := h.tournament(ctx, id)
		if err != nil {
			return "", err
		}
		return t.Created.Name, nil
	}
	return wiring.Plug{
		Name:          "games",
		Queries:       []wiring.Port{gamesports.Queries{HTTP: gamesports.HTTP{App: app, Players: players, EventName: eventName}}},
		Commands:      gamesports.Commands{HTTP: gamesports.HTTP{App: app}},
		CommandRoutes: gamesports.CommandRoutes,
		Consumers: []wiring.Consumer{
			{Group: "games-results", Filter: "game.*." + string(events.WriterGames), Add: func(r *message.Router, sub message.Subscriber) error {
				return gamesports.AddResultCounter(r, sub, h.metrics)
			}},
			h.gamesRounds(app),
			h.gamesRulings(app),
			// an annulment's replay: ordered and created from the arbiter's
			// events (gamesports.Replays), healed by redelivery after a crash
			{Group: gamesports.ReplaysGroup, Filter: "game.*." + string(events.WriterArbiter), Add: func(r *message.Router, sub message.Subscriber) error {
				gamesports.AddReplays(r, sub, gamesports.Replays{App: app, Log: h.log.With(wiring.Service("games"))})
				return nil
			}},
		},
	}
}

// gamesRounds is the consumer group games-rounds: a round's games, a hand
// change's new games, and the end of the games a results sheet gives
// (pairing/domain desk.go).
func (h *host) gamesRounds(app games.Application) wiring.Consumer {
	roundGames := command.CreateRoundGamesHandler{Create: app.Commands.CreateGame, Tournament: func(ctx context.Context, id string) (events.TournamentCreated, error) {
		t, err := h.tournament(ctx, id)
		if err != nil {
			return events.TournamentCreated{}, err
		}
		return t.Created, nil
	}}
	paired, changed, entered := (events.RoundPaired{}).EventType(), (events.PairingChanged{}).EventType(), (events.ResultsEntered{}).EventType()
	return wiring.Consumer{Group: "games-rounds", Filter: "tournament.*." + string(events.WriterPairing), Handle: func(msg *message.Message) error {
		env, err := wiring.Envelope(msg, paired, changed, entered)
		if err != nil || env.Type == "" {
			return err
		}
		if env.Type == entered {
			_, err = command.EndBySheetHandler{Decider: app.Commands.MakeMove.Decider}.Handle(msg.Context(), env)
			return err
		}
		_, err = roundGames.Handle(msg.Context(), env)
		return err
	}}
}

// gamesRulings is the consumer group games-rulings: a ruling that ends
// the game ends it.
func (h *host) gamesRulings(app games.Application) wiring.Consumer {
	endByRuling := command.EndByRulingHandler{Decider: app.Commands.MakeMove.Decider}
	ruling := (events.RulingGiven{}).EventType()
	return wiring.Consumer{Group: "games-rulings", Filter: "game.*." + string(events.WriterArbiter), Handle: func(msg *message.Message) error {
		env, err := wiring.Envelope(msg, ruling)
		if err != nil || env.Type == "" {
			return err
		}
		_, err = endByRuling.Handle(msg.Context(), env)
		var ref *gamesdomain.Refusal
		if errors.As(err, &ref) {
			h.log.Warn("ruling not applied", wiring.GameID(env.Aggregate.ID), zap.Error(err))
			return nil
		}
		return err
	}}
}

// clocks is the clocks service: its reads and commands, the consumer
// group clocks-penalties and the watcher of the games' deadlines.
func (h *host) clocks() wiring.Plug {
	log := h.log.With(wiring.Service("clocks"))
	clocks := &clocksapp.Clocks{
		Store:   gamesadapters.EventStore{Store: h.store, Writer: events.WriterClocks},
		Retries: h.cfg.CommandRetries,
		Log:     log,
		Metrics: h.metrics,
	}
	penalty := (events.PenaltyImposed{}).EventType()
	return wiring.Plug{
		Name:          "clocks",
		Queries:       []wiring.Port{clocksports.Queries{HTTP: clocksports.HTTP{Clocks: clocks}}},
		Commands:      clocksports.Commands{HTTP: clocksports.HTTP{Clocks: clocks}},
		CommandRoutes: clocksports.CommandRoutes,
		Consumers: []wiring.Consumer{{Group: "clocks-penalties", Filter: "game.*." + string(events.WriterArbiter), Handle: func(msg *message.Message) error {
			env, err := wiring.Envelope(msg, penalty)
			if err != nil || env.Type == "" {
				return err
			}
			_, err = clocks.ApplyPenalty(msg.Context(), env)
			var ref *clocksdomain.Refusal
			if errors.As(err, &ref) {
				log.Warn("penalty not applied to the clock", wiring.GameID(env.Aggregate.ID), zap.Error(err))
				return nil
			}
			return err
		}}},
		Start: func(ctx context.Context) (func(), error) {
			return watchFlags(ctx, h.store, clocks, h.log), nil
		},
	}
}
