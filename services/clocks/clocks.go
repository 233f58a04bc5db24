package clocks

import (
	"context"
	"errors"
	"sync"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/clocks/app"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/clocks/ports"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Name is the service's name in the configuration (only) and the logs.
const Name = "clocks"

// Deps is what the clocks service is built from.
type Deps struct {
	Store   *eventstore.Store
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// Games follows game partition p's stream from stream sequence from
	// (the flag watch's read): hakem serve passes its tap of the partition
	// (eventstore.Tap), which the process's witness follows too, so that
	// each event reaches the process once for both. Store.FollowPartition
	// when nil.
	Games func(ctx context.Context, p int, from uint64, fn func(eventstore.Record) error) (uint64, error)
}

// New builds the clocks service for `hakem serve`: its reads and commands
// (ports), the consumer group clocks-penalties (a penalty of time the
// arbiter imposed, carried out on the clock) and, in its own process, the
// watch of every game's deadline (app.Watcher, one per game partition).
func New(d Deps) wiring.Plug {
	log := d.Log.With(wiring.Service(Name))
	clocks := &app.Clocks{
		Store:   gamelog.EventStore{Store: d.Store, Writer: events.WriterClocks},
		Retries: d.Retries,
		Log:     log,
		Metrics: d.Metrics,
	}
	penalty := (events.PenaltyImposed{}).EventType()
	return wiring.Plug{
		Name:          Name,
		Queries:       []wiring.Port{ports.Queries{HTTP: ports.HTTP{Clocks: clocks}}},
		Commands:      ports.Commands{HTTP: ports.HTTP{Clocks: clocks}},
		CommandRoutes: ports.CommandRoutes,
		Consumers: []wiring.Consumer{{Group: "clocks-penalties", Filter: "game.*." + string(events.WriterArbiter), Acts: []string{penalty}, Handle: func(msg *message.Message) error {
			env, err := wiring.Envelope(msg, penalty)
			if err != nil || env.Type == "" {
				return err
			}
			_, err = clocks.ApplyPenalty(msg.Context(), env)
			var ref *domain.Refusal
			if errors.As(err, &ref) {
				log.Warn("penalty not applied to the clock", wiring.GameID(env.Aggregate.ID), zap.Error(err))
				return nil
			}
			return err
		}}},
		Start: func(ctx context.Context) (func(), error) {
			games := d.Games
			if games == nil {
				games = d.Store.FollowPartition
			}
			return watchFlags(ctx, int(d.Store.Partitions()), games, clocks, d.Log), nil
		},
	}
}

// watchFlags starts the flag watch: a clock watcher per game partition
// (of parts), each following its stream with games from a checkpoint of
// its own. It returns the function that stops them.
func watchFlags(ctx context.Context, parts int, games func(ctx context.Context, p int, from uint64, fn func(eventstore.Record) error) (uint64, error), clocks *app.Clocks, log *zap.Logger) func() {
	watchCtx, stopWatch := context.WithCancel(ctx)
	var watching sync.WaitGroup
	for p := range parts {
		watcher := &app.Watcher{
			Clocks: clocks,
			Follow: func(ctx context.Context, from uint64, fn func(eventstore.Record) error) (uint64, error) {
				return games(ctx, p, from, fn)
			},
			Partition: p,
			Log:       log.With(wiring.Service(Name), zap.Int("partition", p)),
		}
		watching.Add(1)
		go func() {
			defer watching.Done()
			if err := watcher.Run(watchCtx); err != nil {
				log.Error("clock watcher stopped", zap.Error(err))
			}
		}()
	}
	return func() { stopWatch(); watching.Wait() }
}
