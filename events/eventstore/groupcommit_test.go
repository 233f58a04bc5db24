package eventstore

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

// TestGroupCommit: many games written at once through a store that
// batches past 2 appends in flight, 4 at a time (and with two batches in
// flight; and from two waiting, 8 at a time), on a server that syncs
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
		{"two batches in flight", GroupCommit{Threshold: 2, Size: 4, Flights: 2}},
		{"batched from two waiting", GroupCommit{Threshold: 1, Size: 8}},
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
			writeGamesAtOnce(t, s)
			n := s.batchesCommitted.Load()
			if c.cfg.Off && n != 0 || !c.cfg.Off && n == 0 {
				t.Fatalf("%d batches committed with %+v", n, c.cfg)
			}
			t.Logf("%d batches committed", n)
		})
	}
}

// writeGamesAtOnce has two writers race on each of 24 games through s,
// with runCommand's conflicts, two-event commands and resent commands, and
// checks every game's log: each command once, versions without gaps, the
// chain intact.
func writeGamesAtOnce(t *testing.T, s *Store) {
	t.Helper()
	ctx := testCtx(t)
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
}

// TestGroupCommitCluster: the same races on a 3-node cluster with 3
// replicas, where a batch is one multi-entry Raft proposal: with small
// batches, and with the defaults of replicated streams, which batch from
// two appends waiting (48 writers here, fewer than the 32 alone and 128
// waiting the committer needed before).
func TestGroupCommitCluster(t *testing.T) {
	if !*long {
		t.Skip("starts a 3-node cluster: run with -long (bench/events.sh)")
	}
	for _, c := range []struct {
		name string
		cfg  GroupCommit
	}{
		{"batches of 4", GroupCommit{Threshold: 2, Size: 4}},
		{"defaults", GroupCommit{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			nc := startCluster(t)
			ctx := testCtx(t)
			var s *Store
			var err error
			for range 50 { // the meta leader may still be settling
				if s, err = Open(ctx, nc, Config{Replicas: 3, GroupCommit: c.cfg}); err == nil {
					break
				}
				time.Sleep(200 * time.Millisecond)
			}
			if err != nil {
				t.Fatal(err)
			}
			for range 100 { // the stream's leader may still be settling
				if _, _, err = s.Append(ctx, events.Game("settle"), events.WriterGames, events.Head{}, "settle", meta(), events.GameCreated{}); err == nil {
					break
				}
				time.Sleep(200 * time.Millisecond)
			}
			if err != nil {
				t.Fatal(err)
			}
			writeGamesAtOnce(t, s)
			batches, appends := s.Batched()
			if batches == 0 {
				t.Fatal("no batch committed")
			}
			t.Logf("%d batches of %.1f appends on average", batches, float64(appends)/float64(batches))
		})
	}
}

// TestGroupCommitFigures (bench/events.sh): 1,000 games appended to at
// once, 13 single-event commands each, on a server that syncs every write:
// the CPU per append of this process (client and server) without group
// commit, with up to eight batches of 128 in flight at once (close to the
// committer before it kept one batch in flight), with one batch of up to
// 256 in flight and with the defaults (one of up to 1,000), alternating.
func TestGroupCommitFigures(t *testing.T) {
	if !*long {
		t.Skip("benchmark figures: run with -long (bench/events.sh)")
	}
	const games, plies = 1000, 12
	cfgs := []GroupCommit{{Off: true}, {Size: 128, Flights: 8}, {Size: 256}, {}}
	cfgs = append(cfgs, cfgs...)
	for ci, gc := range cfgs {
		srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir(), SyncAlways: true})
		if err != nil {
			t.Fatal(err)
		}
		nc, err := srv.Connect()
		if err != nil {
			t.Fatal(err)
		}
		ctx := testCtx(t)
		s, err := Open(ctx, nc, Config{GroupCommit: gc})
		if err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, games)
		var wg sync.WaitGroup
		cpu0, t0 := cpuTime(), time.Now()
		for g := range games {
			wg.Go(func() {
				agg := events.Game(fmt.Sprintf("f%d-%d", ci, g))
				_, head, err := s.Append(ctx, agg, events.WriterGames, events.Head{}, agg.ID+"/c", meta(), events.GameCreated{White: "w", Black: "b"})
				for p := 0; p < plies && err == nil; p++ {
					_, head, err = s.Append(ctx, agg, events.WriterGames, head, fmt.Sprint(agg.ID, "/", p), meta(),
						events.MovePlayed{Ply: p + 1, By: events.White, UCI: "e2e4", At: fixedNow()})
				}
				if err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		elapsed, cpu := time.Since(t0), cpuTime()-cpu0
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		n := games * (plies + 1)
		g := s.cfg.GroupCommit
		name := "off"
		if !g.Off {
			name = fmt.Sprintf("batches of up to %d past %d alone, %d in flight", g.Size, g.Threshold, g.Flights)
		}
		batches, batched := s.batchesCommitted.Load(), s.batchedAppends.Load()
		figure("group commit %s: %d appends by %d games at once in %.2fs (%.0f/s), CPU %.1f µs per append, %d batches of %.0f on average (%.0f%% of the appends)",
			name, n, games, elapsed.Seconds(), float64(n)/elapsed.Seconds(), float64(cpu.Microseconds())/float64(n),
			batches, float64(batched)/float64(max(batches, 1)), 100*float64(batched)/float64(n))
		nc.Close()
		srv.Shutdown()
	}
}

// TestCommitterNext: what the committer sends next from the appends
// waiting, by its counts of appends alone and batches in flight: a batch
// once enough wait and one may fly, never more than Size; the waiting
// released to go alone only when no batch flies and few go alone.
func TestCommitterNext(t *testing.T) {
	for _, c := range []struct {
		name                    string
		cfg                     GroupCommit
		replicas                int
		alone, flying, waiting  int
		batch, released         int
		aloneAfter, flyingAfter int
		waitingAfter            int
	}{
		{"one replica: too few wait, many alone", GroupCommit{}, 1, 32, 0, 31, 0, 0, 32, 0, 31},
		{"one replica: a threshold's worth waits", GroupCommit{}, 1, 32, 0, 32, 32, 0, 32, 1, 0},
		{"one replica: a batch flies, the next waits", GroupCommit{}, 1, 0, 1, 500, 0, 0, 0, 1, 500},
		{"one replica: the batch answered, all waiting go", GroupCommit{}, 1, 3, 0, 700, 700, 0, 3, 1, 0},
		{"one replica: no more than Size", GroupCommit{}, 1, 0, 0, 1500, 1000, 0, 0, 1, 500},
		{"one replica: few wait, few alone: released", GroupCommit{}, 1, 5, 0, 10, 0, 10, 15, 0, 0},
		{"one replica: few wait, a batch flies: they wait", GroupCommit{}, 1, 0, 1, 10, 0, 0, 0, 1, 10},
		{"replicated: two wait, one alone", GroupCommit{}, 3, 1, 0, 2, 2, 0, 1, 1, 0},
		{"replicated: one waits, one alone", GroupCommit{}, 3, 1, 0, 1, 0, 0, 1, 0, 1},
		{"replicated: one waits, none in flight: released", GroupCommit{}, 3, 0, 0, 1, 0, 1, 1, 0, 0},
		{"two flights: a second batch leaves", GroupCommit{Flights: 2}, 3, 0, 1, 40, 40, 0, 0, 2, 0},
		{"size over the server's limit is clamped", GroupCommit{Size: 5000}, 1, 0, 0, 3000, 1000, 0, 0, 1, 2000},
		{"small size", GroupCommit{Threshold: 2, Size: 4}, 1, 2, 0, 9, 4, 0, 2, 1, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.cfg
			g.defaults(c.replicas)
			cm := &committer{threshold: g.Threshold, size: g.Size, flights: g.Flights, alone: c.alone, flying: c.flying}
			for range c.waiting {
				cm.waiting = append(cm.waiting, &queued{})
			}
			first := cm.waiting
			batch, released := cm.nextLocked()
			if len(batch) != c.batch || len(released) != c.released {
				t.Fatalf("batch %d, released %d; want %d, %d", len(batch), len(released), c.batch, c.released)
			}
			if cm.alone != c.aloneAfter || cm.flying != c.flyingAfter || len(cm.waiting) != c.waitingAfter {
				t.Fatalf("after: alone %d, flying %d, waiting %d; want %d, %d, %d",
					cm.alone, cm.flying, len(cm.waiting), c.aloneAfter, c.flyingAfter, c.waitingAfter)
			}
			// first come, first sent
			if len(batch) > 0 && batch[0] != first[0] || len(cm.waiting) > 0 && len(batch) > 0 && cm.waiting[0] != first[len(batch)] {
				t.Fatal("the batch is not the longest-waiting appends")
			}
		})
	}
}
