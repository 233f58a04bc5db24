package e2e

// The figures of bench/durable.sh, run with -long: the event store's
// appends per second with the embedded server syncing every write before
// acknowledging it (sync_interval always, hakem serve's default) beside
// nats-server's own default (a sync every two minutes), in one run,
// alternating, on the same disk.

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
)

// syncRound appends moves for d with writers concurrent games on a fresh
// embedded server synced as cfg says, and returns the appends per second.
func syncRound(t *testing.T, cfg embedded.EmbeddedConfig, writers int, d time.Duration) float64 {
	t.Helper()
	cfg.Dir, cfg.Port = t.TempDir(), -1
	srv, err := embedded.StartEmbedded(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx := context.Background()
	store, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var n, failed atomic.Int64
	var wg sync.WaitGroup
	deadline := time.Now().Add(d)
	begin := time.Now()
	for w := range writers {
		wg.Go(func() {
			for g := 0; time.Now().Before(deadline); g++ {
				id := fmt.Sprintf("w%d-g%d", w, g)
				agg := events.Game(id)
				_, head, err := store.Append(ctx, agg, events.WriterGames, events.Head{}, id+"/c", events.Meta{}, events.GameCreated{White: "w", Black: "b"})
				if err != nil {
					failed.Add(1)
					return
				}
				n.Add(1)
				for ply := 1; ply <= 80 && time.Now().Before(deadline); ply++ {
					by := events.White
					if ply%2 == 0 {
						by = events.Black
					}
					if _, head, err = store.Append(ctx, agg, events.WriterGames, head, fmt.Sprint(id, "/", ply), events.Meta{},
						events.MovePlayed{Ply: ply, By: by, UCI: "e2e4", At: time.Now()}); err != nil {
						failed.Add(1)
						return
					}
					n.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if f := failed.Load(); f > 0 {
		t.Fatalf("%d writers failed", f)
	}
	return float64(n.Load()) / time.Since(begin).Seconds()
}

func TestSyncFigures(t *testing.T) {
	if !*long {
		t.Skip("sync figures: run with -long (bench/durable.sh)")
	}
	settings := []struct {
		name string
		cfg  embedded.EmbeddedConfig
	}{
		{"always", embedded.EmbeddedConfig{SyncAlways: true}},
		{"2m", embedded.EmbeddedConfig{SyncInterval: 2 * time.Minute}},
	}
	for _, writers := range []int{1, 64} {
		rates := make([][]float64, len(settings))
		for range 4 { // alternating rounds: a busy moment hurts both alike
			for i, s := range settings {
				rates[i] = append(rates[i], syncRound(t, s.cfg, writers, 1500*time.Millisecond))
			}
		}
		med := make([]float64, len(settings))
		for i := range settings {
			slices.Sort(rates[i])
			med[i] = (rates[i][1] + rates[i][2]) / 2
		}
		fmt.Printf("durable appends, %d writer(s): sync always %.0f appends/s, sync every 2m %.0f appends/s (median of 4 alternating rounds each): always costs %.1fx\n",
			writers, med[0], med[1], med[1]/med[0])
	}
}
