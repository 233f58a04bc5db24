package serve

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// streamGuardInterval is how often the stream guard compares the streams'
// configurations: HAKEM_STREAM_GUARD_INTERVAL (a Go duration), default 10 s.
func streamGuardInterval() (time.Duration, error) {
	v := os.Getenv("HAKEM_STREAM_GUARD_INTERVAL")
	if v == "" {
		return 10 * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("HAKEM_STREAM_GUARD_INTERVAL %q: a positive duration such as 10s", v)
	}
	return d, nil
}

// startStreamGuard runs guard (the store's Config.Guard) on js: a first
// check now, the baseline of every stream as the store opened it, then one
// every HAKEM_STREAM_GUARD_INTERVAL until the returned stop. A change
// (limits, retention, deny flags, subjects, a stream deleted or recreated)
// is logged as an error, sets the gauge hakem_stream_guard_ok to 0, and
// the appends into that event stream are refused (503 stream_changed).
// When a later check finds the configuration put back and no message lost,
// the writes are allowed again, logged, and the gauge back at 1; a stream
// that lost messages stays refused until serve restarts on a whole one.
func startStreamGuard(ctx context.Context, guard *eventstore.StreamGuard, js jetstream.JetStream, metrics *wiring.Metrics, log *zap.Logger) (func(), error) {
	interval, err := streamGuardInterval()
	if err != nil {
		return nil, err
	}
	guard.JS = js
	guard.Extra = []string{"KV_HAKEM_SEALED", events.CheckpointStream}
	log = log.With(zap.String("component", "stream-guard"))
	check := func(ctx context.Context) {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		found, err := guard.Check(cctx)
		for _, c := range found {
			if c.Restored {
				log.Warn("a stream's configuration is the expected one again: writes into it are allowed", zap.String("stream", c.Stream))
				continue
			}
			log.Error("a stream's configuration changed: writes into it are refused", zap.String("stream", c.Stream), zap.String("change", c.Reason), zap.Bool("messages_lost", c.Lost))
		}
		if err != nil && ctx.Err() == nil {
			log.Warn("stream guard: check failed; again at the next interval", zap.Error(err))
		}
	}
	check(ctx)
	gauge := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "hakem_stream_guard_ok",
		Help: "1 while every stream's configuration is the one hakem serve started on, 0 while one differs or lost messages (writes into it refused).",
	}, func() float64 {
		if guard.OK() {
			return 1
		}
		return 0
	})
	if err := metrics.Registry.Register(gauge); err != nil {
		return nil, err
	}
	gctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-gctx.Done():
				return
			case <-tick.C:
				check(gctx)
			}
		}
	}()
	log.Info("stream guard on", zap.Duration("interval", interval))
	return func() { cancel(); <-done }, nil
}
