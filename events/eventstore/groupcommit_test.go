package eventstore

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

// TestGroupCommit: many games written at once through a store that
// batches past 2 appends in flight, 4 at a time, on a server that syncs
// every write. Two writers race on each game (conflicts, which refuse a
// whole batch), some commands are two events (never batched), some are
// sent again as if their acknowledgement was lost (a duplicate, which
// refuses a batch too). Every command must land exactly once, each game's
// versions without gaps, its chain intact; batches did commit.
func TestGroupCommit(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  GroupCommit
	}{
		{"batched", GroupCommit{Threshold: 2, Size: 4}},
		{"off", GroupCommit{Off: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir(), SyncAlways: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(srv.Shutdown)
			nc, err := srv.Connect()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(nc.Close)
			ctx := testCtx(t)
			s, err := Open(ctx, nc, Config{GroupCommit: c.cfg})
			if err != nil {
				t.Fatal(err)
			}
			const games, writersPerGame, perWriter = 24, 2, 8
			writerOf := []events.Writer{events.WriterGames, events.WriterClocks}
			var wg sync.WaitGroup
			errs := make(chan error, games*writersPerGame)
			var conflicts sync.Map
			for g := range games {
				for w := range writersPerGame {
					wg.Go(func() {
						rng := rand.New(rand.NewPCG(uint64(g), uint64(w)))
						for c := range perWriter {
							key := fmt.Sprintf("g%d-w%d-c%d", g, w, c)
							if err := runCommand(ctx, s, events.Game(fmt.Sprint("gc", g)), writerOf[w], key, w, c, rng, &conflicts); err != nil {
								errs <- fmt.Errorf("%s: %w", key, err)
								return
							}
						}
					})
				}
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			for g := range games {
				log, head, err := s.LoadStream(ctx, events.Game(fmt.Sprint("gc", g)))
				if err != nil {
					t.Fatal(err)
				}
				if err := events.Verify(log); err != nil {
					t.Fatal(err)
				}
				seen := map[string]int{}
				for i, e := range log {
					if e.Seq != uint64(i+1) {
						t.Fatalf("game %d: event %d has version %d", g, i, e.Seq)
					}
					seen[e.IdempotencyKey]++
				}
				for w := range writersPerGame {
					for c := range perWriter {
						if key, want := fmt.Sprintf("g%d-w%d-c%d", g, w, c), eventsOf(w, c); seen[key] != want {
							t.Errorf("command %s: %d events, want %d", key, seen[key], want)
						}
					}
				}
				if head.Version != uint64(len(log)) {
					t.Fatalf("game %d: head %d, %d events", g, head.Version, len(log))
				}
			}
			n := s.batchesCommitted.Load()
			if c.cfg.Off && n != 0 || !c.cfg.Off && n == 0 {
				t.Fatalf("%d batches committed with %+v", n, c.cfg)
			}
			t.Logf("%d batches committed", n)
		})
	}
}
