package serve

import (
	"context"
	"sync"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
)

// groupOver is a consumer group's subscriber over streams: the one
// stream's, or with several game partitions a durable consumer of the
// group's name on each partition's stream, their messages handed to one
// handler (wiring.PartitionedGroup).
func groupOver(conn *nats.Conn, streams []string, group string, parts events.GamePartitions,
	subscribe func(*nats.Conn, string, string, *zap.Logger) (message.Subscriber, error), log *zap.Logger) (message.Subscriber, error) {
	var subs []message.Subscriber
	for _, stream := range streams {
		sub, err := subscribe(conn, stream, group, log)
		if err != nil {
			return nil, err
		}
		subs = append(subs, sub)
	}
	if len(subs) == 1 {
		return subs[0], nil
	}
	return wiring.PartitionedGroup(parts, subs), nil
}

// watchFlags starts the flag watch: a clock watcher per game partition,
// each following its stream from a checkpoint of its own. It returns the
// function that stops them.
func watchFlags(ctx context.Context, store *eventstore.Store, clocks *clocksapp.Clocks, log *zap.Logger) func() {
	watchCtx, stopWatch := context.WithCancel(ctx)
	var watching sync.WaitGroup
	for p := range int(store.Partitions()) {
		watcher := &clocksapp.Watcher{
			Clocks: clocks,
			Follow: func(ctx context.Context, from uint64, fn func(eventstore.Record) error) (uint64, error) {
				return store.FollowPartition(ctx, p, from, fn)
			},
			Partition: p,
			Log:       log.With(wiring.Service("clocks"), zap.Int("partition", p)),
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
