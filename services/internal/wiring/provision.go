package wiring

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/witness"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// Group is one consumer group of hakem serve: a durable pull consumer
// that every copy of its service shares (see ConsumerGroup).
type Group struct {
	// Name is the durable consumer's name, "<service>-<what>".
	Name string
	// Service is the service that consumes through it.
	Service string
	// Stream is the stream it reads, Filter the subjects it reads.
	Stream, Filter string
}

// Groups lists every consumer group hakem serve subscribes with: what
// Provision creates, and the durable names deploy/nats/accounts.conf lets
// each service user bind to (and no other user).
var Groups = []Group{
	{Name: "games-results", Service: "games", Stream: events.KindGame.StreamName(), Filter: "game.*.games"},
	{Name: "games-rounds", Service: "games", Stream: events.KindTournament.StreamName(), Filter: "tournament.*.pairing"},
	{Name: "games-rulings", Service: "games", Stream: events.KindGame.StreamName(), Filter: "game.*.arbiter"},
	{Name: "clocks-penalties", Service: "clocks", Stream: events.KindGame.StreamName(), Filter: "game.*.arbiter"},
	{Name: "scoring-rounds", Service: "scoring", Stream: events.KindTournament.StreamName(), Filter: "tournament.*.pairing"},
	{Name: "arbiter-claims", Service: "arbiter", Stream: events.KindGame.StreamName(), Filter: "game.*.games"},
	{Name: "arbiter-flags", Service: "arbiter", Stream: events.KindGame.StreamName(), Filter: "game.*.clocks"},
	{Name: "arbiter-expulsions", Service: "arbiter", Stream: events.KindGame.StreamName(), Filter: "game.*.arbiter"},
	{Name: "games-replays", Service: "games", Stream: events.KindGame.StreamName(), Filter: "game.*.arbiter"},
}

// ClockWatchBucket is the key-value bucket of the clock watcher's
// checkpoint (clocks/app.CheckpointBucket, whose package imports this one;
// the end-to-end test of the provisioned services fails if they differ):
// Provision creates it, and only the clocks user may write it.
const ClockWatchBucket = "HAKEM_CLOCK_WATCH"

// Provisioned is what Provision created or updated.
type Provisioned struct {
	// Replicas is the replica count the streams were given.
	Replicas int
	// Streams and Consumers name what was created or updated.
	Streams, Consumers []string
}

// Provision creates or updates, through nc (a connection as the NATS admin
// user), everything the services of hakem serve need and, with
// nats_provisioned, only bind to: the event streams and the sealed-log
// bucket (eventstore.Open), the poison stream, the clock watcher's checkpoint
// bucket (ClockWatchBucket) and the durable consumer of every consumer
// group (Groups). Streams get replicas, or more when they already
// have more (never scaled down). Running it again is harmless.
//
// parts is the game partition count: the game streams are GAMES or the
// partitions GAMES_0 .. GAMES_{N-1}, each with a durable consumer of every
// consumer group on the games (filtering PartitionTopic's subjects).
func Provision(ctx context.Context, nc *nats.Conn, replicas int, parts events.GamePartitions, log *zap.Logger) (Provisioned, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return Provisioned{}, err
	}
	names := append([]string{"KV_HAKEM_SEALED", "KV_" + ClockWatchBucket, PoisonTopic}, parts.AllStreams()...)
	r, err := StreamReplicas(ctx, js, replicas, log, names...)
	if err != nil {
		return Provisioned{}, err
	}
	out := Provisioned{Replicas: r}
	if _, err := eventstore.Open(ctx, nc, eventstore.Config{Replicas: r, Partitions: parts}); err != nil {
		return out, fmt.Errorf("provisioning the event store: %w", err)
	}
	out.Streams = append(out.Streams, parts.AllStreams()...)
	out.Streams = append(out.Streams, "KV_HAKEM_SEALED")
	if _, err := js.CreateOrUpdateStream(ctx, PoisonStreamConfig(r)); err != nil {
		return out, fmt.Errorf("provisioning the poison stream: %w", err)
	}
	out.Streams = append(out.Streams, PoisonTopic)
	if _, err := js.CreateOrUpdateStream(ctx, witness.StreamConfig(r)); err != nil {
		return out, fmt.Errorf("provisioning the checkpoints stream: %w", err)
	}
	out.Streams = append(out.Streams, events.CheckpointStream)
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      ClockWatchBucket,
		Description: "Hakem clock watcher's checkpoint (a cache; the GAMES stream stays the source of truth)",
		History:     1,
		Storage:     jetstream.FileStorage,
		Replicas:    r,
	}); err != nil {
		return out, fmt.Errorf("provisioning the bucket %s: %w", ClockWatchBucket, err)
	}
	out.Streams = append(out.Streams, "KV_"+ClockWatchBucket)
	for _, g := range Groups {
		streams := []string{g.Stream}
		if g.Stream == events.KindGame.StreamName() {
			streams = parts.StreamNames()
		}
		for p, stream := range streams {
			if _, err := js.CreateOrUpdateConsumer(ctx, stream, GroupConsumerConfig(g.Name, PartitionTopic(parts, p, g.Filter))); err != nil {
				return out, fmt.Errorf("provisioning consumer %s on %s: %w", g.Name, stream, err)
			}
			out.Consumers = append(out.Consumers, stream+"/"+g.Name)
		}
	}
	return out, nil
}
