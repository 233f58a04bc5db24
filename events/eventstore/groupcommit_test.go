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
// replicas, where a batch is one multi-entry Raft proposal.
func TestGroupCommitCluster(t *testing.T) {
	if !*long {
		t.Skip("starts a 3-node cluster: run with -long (bench/events.sh)")
	}
	nc := startCluster(t)
	ctx := testCtx(t)
	var s *Store
	var err error
	for range 50 { // the meta leader may still be settling
		if s, err = Open(ctx, nc, Config{Replicas: 3, GroupCommit: GroupCommit{Threshold: 2, Size: 4}}); err == nil {
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
	if n := s.batchesCommitted.Load(); n == 0 {
		t.Fatal("no batch committed")
	}
}

// TestGroupCommitFigures (bench/events.sh): 1,000 games appended to at
// once, 13 single-event commands each, on a server that syncs every write:
// the CPU per append of this process (client and server) without group
// commit, with batches of 64 and with the default size, alternating.
func TestGroupCommitFigures(t *testing.T) {
	if !*long {
		t.Skip("benchmark figures: run with -long (bench/events.sh)")
	}
	const games, plies = 1000, 12
	cfgs := []GroupCommit{{Off: true}, {Size: 64}, {}, {Off: true}, {Size: 64}, {}}
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
		name := "off"
		if !gc.Off {
			s.cfg.GroupCommit.defaults()
			name = fmt.Sprintf("batches of %d past %d in flight", s.cfg.GroupCommit.Size, s.cfg.GroupCommit.Threshold)
		}
		figure("group commit %s: %d appends by %d games at once in %.2fs (%.0f/s), CPU %.1f µs per append, %d batches",
			name, n, games, elapsed.Seconds(), float64(n)/elapsed.Seconds(), float64(cpu.Microseconds())/float64(n), s.batchesCommitted.Load())
		nc.Close()
		srv.Shutdown()
	}
}
