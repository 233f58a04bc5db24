// Package handlers gathers the games service's command and query handlers
// on one store into its Application, the use cases its ports call (the
// wild-workouts app.Application; games.New builds it).
package handlers

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/query"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Application is the games service's use cases, ready for a port to call.
type Application struct {
	Commands Commands
	Queries  Queries
	// Feed follows a game's events live.
	Feed gamelog.Feed
	// Arbiter is the arbiter service when it runs in the same process
	// (Options.Arbiter; nil otherwise: its consumer groups rule on the
	// reports and order the replays).
	Arbiter Arbiter
}

// Arbiter is what the games service asks of the arbiter service at once
// when both run in one process (the arbiter's root package gives it to
// `hakem serve`; the games service does not import the arbiter): its
// ruling on a reported illegal move, which POST
// /api/games/{id}/illegal-moves answers with, and the order of an annulled
// game's replay, which the consumer group games-replays records when the
// process died before the ruling's request did. Both write as the arbiter
// on the same event store, once per event. The hand rulings (POST
// /api/games/{id}/rulings) are the arbiter service's own (its process, whose
// NATS user may write game.<id>.arbiter, answers them).
type Arbiter interface {
	// RuleOnIllegal rules on a game.illegal_move_reported envelope and
	// returns the ruling's envelopes; a ruling the Laws cannot give wraps
	// refusal.ErrBadRuling.
	RuleOnIllegal(ctx context.Context, report events.Envelope) ([]events.Envelope, error)
	// OrderReplay records the arbiter.replay_ordered of an
	// arbiter.game_annulled envelope.
	OrderReplay(ctx context.Context, annulment events.Envelope) error
}

// Commands are the games service's command handlers.
type Commands struct {
	CreateGame command.CreateGameHandler
	MakeMove   command.MakeMoveHandler
	Draw       command.DrawHandler
	Resign     command.ResignHandler
	ClaimDraw  command.ClaimDrawHandler
	// ReportIllegal records a completed illegal move seen on the board.
	ReportIllegal command.ReportIllegalHandler
	// RepairLog voids the messages of a damaged log (game.log_repaired).
	RepairLog command.RepairLogHandler
}

// Queries are the games service's queries.
type Queries struct {
	Game   query.GameHandler
	Events query.EventsHandler
}

// Options wires an Application.
type Options struct {
	Store   gamelog.Store
	Feed    gamelog.Feed
	Retries int
	// CacheGames is how many games' logs the command side keeps in memory
	// (see decide.Config).
	CacheGames int
	Now        func() time.Time
	Log        *zap.Logger
	Metrics    *wiring.Metrics
	// Arbiter is the arbiter service in the same process (nil when it
	// runs elsewhere).
	Arbiter Arbiter
}

// New builds the games service's handlers on one store.
func New(o Options) Application {
	d := command.NewDecider(decide.Config{Store: o.Store, Retries: o.Retries, Now: o.Now, Log: o.Log, Metrics: o.Metrics, Cache: o.CacheGames})
	return Application{
		Arbiter: o.Arbiter,
		Commands: Commands{
			CreateGame:    command.CreateGameHandler{Decider: d},
			MakeMove:      command.MakeMoveHandler{Decider: d},
			Draw:          command.DrawHandler{Decider: d},
			Resign:        command.ResignHandler{Decider: d},
			ClaimDraw:     command.ClaimDrawHandler{Decider: d},
			ReportIllegal: command.ReportIllegalHandler{Decider: d},
			RepairLog:     command.RepairLogHandler{Decider: d},
		},
		Queries: Queries{
			Game:   query.GameHandler{Store: o.Store},
			Events: query.EventsHandler{Store: o.Store},
		},
		Feed: o.Feed,
	}
}
