package games

import (
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiterapp "github.com/hakem-chess/hakem/services/arbiter/app"
	"github.com/hakem-chess/hakem/services/games/adapters"

	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/query"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Application is the games service's use cases, ready for a port to call.
type Application struct {
	Commands Commands
	Queries  Queries
	// Feed follows a game's events live.
	Feed app.Feed
	// Arbiter rules on reported illegal moves at once when the arbiter
	// service runs in the same process, written as the arbiter writer on
	// the same event store (nil otherwise: the arbiter service's consumer
	// group arbiter-claims rules on the report). The hand rulings
	// (POST /api/games/{id}/rulings) are served by the arbiter service's
	// process (ports.RulingRoutes, hakem.http.arbiter), whose NATS user may
	// write game.<id>.arbiter.
	Arbiter *arbiterapp.Arbiter
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
	Store   app.Store
	Feed    app.Feed
	Retries int
	// CacheGames is how many games' logs the command side keeps in memory
	// (see decide.Config).
	CacheGames int
	Now        func() time.Time
	Log        *zap.Logger
	Metrics    *wiring.Metrics
}

// NewApplication builds the games service's handlers on one store.
func NewApplication(o Options) Application {
	d := command.NewDecider(decide.Config{Store: o.Store, Retries: o.Retries, Now: o.Now, Log: o.Log, Metrics: o.Metrics, Cache: o.CacheGames})
	var arbiter *arbiterapp.Arbiter
	if es, ok := o.Store.(adapters.EventStore); ok {
		arbiter = &arbiterapp.Arbiter{Store: adapters.EventStore{Store: es.Store, Writer: events.WriterArbiter},
			Retries: o.Retries, Now: o.Now, Log: o.Log, Metrics: o.Metrics}
	}
	return Application{
		Arbiter: arbiter,
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
