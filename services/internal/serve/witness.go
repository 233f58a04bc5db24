package serve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/gateway"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/internal/witness"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// startWitness starts, where the gateway runs, the checkpointer: signed
// checkpoints of the chain heads to the CHECKPOINTS stream, to
// <data>/checkpoints.ndjson and to GET /api/checkpoints, on a connection of
// its own (as the gateway's user on the embedded server). It returns the
// port of GET /api/checkpoints and its stop.
func startWitness(ctx context.Context, n *wiring.NATS, cfg wiring.Config, games followGames, log *zap.Logger) (gateway.Port, func(), error) {
	nc, err := n.Connect(wiring.WitnessConn)
	if err != nil {
		return nil, nil, err
	}
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	st, err := eventstore.Open(octx, nc, eventstore.Config{Provisioned: true, Partitions: events.GamePartitions(cfg.GamePartitions)})
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("checkpointer: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	if !cfg.NATSProvisioned {
		// a server this process configures (not one an admin provisioned)
		if _, err := js.CreateOrUpdateStream(octx, witness.StreamConfig(max(cfg.StreamReplicas, 1))); err != nil {
			nc.Close()
			return nil, nil, fmt.Errorf("checkpointer: stream %s: %w", events.CheckpointStream, err)
		}
	}
	if err := os.MkdirAll(cfg.Data, 0o700); err != nil {
		nc.Close()
		return nil, nil, err
	}
	if _, err := js.Stream(octx, events.CheckpointStream); err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("checkpointer: stream %s: %w (hakem provision makes it)", events.CheckpointStream, err)
	}
	signer, err := events.LoadOrCreateCheckpointKey(cfg.KeysDir)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("checkpointer: %w", err)
	}
	interval := cfg.CheckpointInterval
	if interval <= 0 {
		interval = 10 * time.Second
	}
	c := &witness.Checkpointer{Store: st, JS: js, Signer: signer, File: filepath.Join(cfg.Data, witness.FileName),
		Interval: interval, Log: log.With(wiring.Service("witness")), Games: games}
	wctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := c.Run(wctx); err != nil {
			log.Error("checkpointer stopped", zap.Error(err))
		}
	}()
	return c, func() {
		stop()
		<-done
		// the last heads, witnessed before the process ends
		fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := c.Flush(fctx); err != nil {
			log.Warn("last checkpoint not published", zap.Error(err))
		}
		nc.Close()
	}, nil
}

// followGames follows game partition p's stream from stream sequence from
// (eventstore.Store.FollowPartition's signature).
type followGames = func(ctx context.Context, p int, from uint64, fn func(eventstore.Record) error) (uint64, error)

// gameTaps returns how the process's flag watch and witness follow the
// game partitions: through one tap of each (eventstore.Tap) on the host's
// store, so that every event reaches the process once for both, instead
// of once for each (a copy of the message, its headers parsed, its
// envelope decoded: the witness's own read was as dear per move as the
// watch's).
func gameTaps(st *eventstore.Store) (followGames, error) {
	taps := make([]*eventstore.Tap, int(st.Partitions()))
	for p := range taps {
		t, err := st.PartitionTap(p)
		if err != nil {
			return nil, err
		}
		taps[p] = t
	}
	return func(ctx context.Context, p int, from uint64, fn func(eventstore.Record) error) (uint64, error) {
		if p < 0 || p >= len(taps) {
			return 0, fmt.Errorf("events: game partition %d of %d", p, len(taps))
		}
		return taps[p].Follow(ctx, from, fn)
	}, nil
}
