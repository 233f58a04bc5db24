package games

import (
	"context"
	"errors"
	"io"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/handlers"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/games/ports"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Name is the service's name in the configuration (only) and the logs.
const Name = "games"

// Deps is what the games service is built from.
type Deps struct {
	Store *eventstore.Store
	// Feed follows a game's events (GET /api/games/{id}/events, the pages).
	Feed    gamelog.Feed
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// Arbiter is the arbiter service in the same process (nil when it runs
	// elsewhere: its consumer groups rule on the reports then).
	Arbiter handlers.Arbiter
}

// Service is the games service as `hakem serve` runs it: its Plug, and its
// Application, whose queries and feed the pages and the authorisation read.
type Service struct {
	wiring.Plug
	App   handlers.Application
	store *eventstore.Store
}

// New builds the games service: its reads and commands (ports; the
// arbiter's hand rulings are the arbiter service's) and its consumer
// groups: games-results (the count of game ends), games-rounds (a round's
// games, a hand change's, the end of the games a results sheet gives),
// games-rulings (a ruling that ends a game ends it) and games-replays (an
// annulled game's replay). A tournament's game reads its tournament (its
// players and name, for the PGN) from the tournament's events.
func New(d Deps) Service {
	log := d.Log.With(wiring.Service(Name))
	app := handlers.New(handlers.Options{
		Store:   gamelog.EventStore{Store: d.Store},
		Feed:    d.Feed,
		Retries: d.Retries,
		// the games in play (an ended game leaves the cache): an
		// Olympiad round of 2,000 boards, or 20,000 at once, with room
		CacheGames: 100000,
		Log:        log,
		Metrics:    d.Metrics,
		Arbiter:    d.Arbiter,
	})
	s := Service{App: app, store: d.Store}
	h := ports.HTTP{App: app, Players: s.players, EventName: s.eventName}
	s.Plug = wiring.Plug{
		Name:          Name,
		Queries:       []wiring.Port{ports.Queries{HTTP: h}},
		Commands:      ports.Commands{HTTP: ports.HTTP{App: app}},
		CommandRoutes: ports.CommandRoutes,
		Consumers: []wiring.Consumer{
			{Group: "games-results", Filter: "game.*." + string(events.WriterGames), Acts: []string{(events.GameEnded{}).EventType()}, Add: func(r *message.Router, sub message.Subscriber) error {
				return ports.AddResultCounter(r, sub, d.Metrics)
			}},
			s.rounds(log),
			s.rulings(log),
			// an annulment's replay: ordered and created from the arbiter's
			// events (ports.Replays), healed by redelivery after a crash
			{Group: ports.ReplaysGroup, Filter: "game.*." + string(events.WriterArbiter), Add: func(r *message.Router, sub message.Subscriber) error {
				ports.AddReplays(r, sub, ports.Replays{App: app, Log: log})
				return nil
			}},
		},
	}
	return s
}

// GamePGN writes game id as the games service exports it, with tags set
// over its own: the pairing service's broadcast of a tournament's rounds
// (pairing.Deps.GamePGN).
func (s Service) GamePGN(ctx context.Context, w io.Writer, id string, tags []pgn.Tag) error {
	return ports.TournamentPGN(ctx, gamelog.EventStore{Store: s.store}, w, id, tags)
}

// tournament folds tournament id from the store (a tournament game's PGN
// names its players and its event; a round's games follow its creation).
func (s Service) tournament(ctx context.Context, id string) (*tournament.Tournament, error) {
	t := &tournament.Tournament{}
	_, _, err := boards.Load(ctx, s.store, id, t)
	return t, err
}

// players reads a tournament's registered players.
func (s Service) players(ctx context.Context, id string) ([]events.PlayerRegistered, error) {
	t, err := s.tournament(ctx, id)
	if err != nil {
		return nil, err
	}
	return t.Players, nil
}

// eventName reads a tournament's name.
func (s Service) eventName(ctx context.Context, id string) (string, error) {
	t, err := s.tournament(ctx, id)
	if err != nil {
		return "", err
	}
	return t.Created.Name, nil
}

// rounds is the consumer group games-rounds: a round's games, a hand
// change's new games, and the end of the games a results sheet gives
// (pairing/domain desk.go). Each event is read with the tournament's good
// events up to it (boards.Recorded: the regulations of the round's
// games): a message published by hand on the tournament's subject, before
// or after, neither keeps a round from its games nor is acted on itself
// (refused, logged and acknowledged).
func (s Service) rounds(log *zap.Logger) wiring.Consumer {
	roundGames := command.CreateRoundGamesHandler{Create: s.App.Commands.CreateGame, Tournament: func(ctx context.Context, round events.Envelope) (events.TournamentCreated, error) {
		t := &tournament.Tournament{}
		if err := boards.Recorded(ctx, s.store, round, t); err != nil {
			return events.TournamentCreated{}, err
		}
		return t.Created, nil
	}}
	endBySheet := command.EndBySheetHandler{Decider: s.App.Commands.MakeMove.Decider}
	paired, changed, entered := (events.RoundPaired{}).EventType(), (events.PairingChanged{}).EventType(), (events.ResultsEntered{}).EventType()
	return wiring.Consumer{Group: "games-rounds", Filter: "tournament.*." + string(events.WriterPairing), Acts: []string{paired, changed, entered}, Handle: func(msg *message.Message) error {
		env, err := wiring.Envelope(msg, paired, changed, entered)
		if err != nil || env.Type == "" {
			return err
		}
		if env.Type == entered {
			// a sheet ends games: only one the tournament's log holds
			if err = boards.Recorded(msg.Context(), s.store, env, &tournament.Tournament{}); err == nil {
				_, err = endBySheet.Handle(msg.Context(), env)
			}
		} else {
			_, err = roundGames.Handle(msg.Context(), env)
		}
		if errors.Is(err, boards.ErrNotInLog) {
			log.Warn("a message published by hand on a tournament's subject, not acted on", wiring.TournamentID(env.Aggregate.ID), zap.Error(err))
			return nil
		}
		return err
	}}
}

// rulings is the consumer group games-rulings: a ruling that ends the
// game ends it.
func (s Service) rulings(log *zap.Logger) wiring.Consumer {
	endByRuling := command.EndByRulingHandler{Decider: s.App.Commands.MakeMove.Decider}
	ruling := (events.RulingGiven{}).EventType()
	return wiring.Consumer{Group: "games-rulings", Filter: "game.*." + string(events.WriterArbiter), Acts: []string{ruling}, Handle: func(msg *message.Message) error {
		env, err := wiring.Envelope(msg, ruling)
		if err != nil || env.Type == "" {
			return err
		}
		_, err = endByRuling.Handle(msg.Context(), env)
		var ref *domain.Refusal
		if errors.As(err, &ref) {
			log.Warn("ruling not applied", wiring.GameID(env.Aggregate.ID), zap.Error(err))
			return nil
		}
		return err
	}}
}
