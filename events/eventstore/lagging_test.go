package eventstore

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// openClusterStore opens the store on a fresh cluster with 3 replicas and
// creates game g (retrying while the meta and stream leaders settle).
func openClusterStore(t *testing.T, nc *nats.Conn, g events.Aggregate) (*Store, events.Head) {
	t.Helper()
	ctx := testCtx(t)
	var s *Store
	var err error
	for i := 0; i < 50; i++ {
		if s, err = Open(ctx, nc, Config{Replicas: 3, Now: fixedNow}); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	var h events.Head
	for i := 0; i < 100; i++ {
		if _, h, err = s.Append(ctx, g, events.WriterGames, events.Head{}, "create", meta(), events.GameCreated{}); err == nil {
			return s, h
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatal(err)
	return nil, events.Head{}
}

// appendRetrying appends one command, retrying with the same key while the
// connection moves to another node (a retry whose first attempt landed
// gets the original events back).
func appendRetrying(t *testing.T, s *Store, g events.Aggregate, head events.Head, key string, evs ...events.Event) events.Head {
	t.Helper()
	return appendRetryingAs(t, s, g, events.WriterGames, head, key, evs...)
}

// appendRetryingAs is appendRetrying by writer w.
func appendRetryingAs(t *testing.T, s *Store, g events.Aggregate, w events.Writer, head events.Head, key string, evs ...events.Event) events.Head {
	t.Helper()
	var err error
	for i := 0; i < 50; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var h events.Head
		_, h, err = s.Append(ctx, g, w, head, key, meta(), evs...)
		cancel()
		if err == nil {
			return h
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("append %s: %v", key, err)
	return events.Head{}
}

// streamFollower returns the index of a node that replicates GAMES but
// does not lead it.
func streamFollower(t *testing.T, s *Store) int {
	t.Helper()
	st, err := s.js.Stream(testCtx(t), "GAMES")
	if err != nil {
		t.Fatal(err)
	}
	ci := st.CachedInfo().Cluster
	if ci == nil {
		t.Fatal("GAMES has no cluster info")
	}
	for i := 0; i < 3; i++ {
		if name := fmt.Sprintf("n%d", i); name != ci.Leader {
			return i
		}
	}
	t.Fatal("no follower")
	return -1
}

// TestClusterLoadFromLaggingReplica: a node that replicates the game's
// stream is stopped, the game moves on (and is sealed) without it, the node
// is restarted, and the game is loaded at once, and again and again while
// it catches up, through a connection to that node ONLY (a direct get is
// answered by a local replica first). Every Load must return the whole
// acknowledged log. The test also counts how often a plain direct-get read
// through that node (what Load did before) came back short: in our runs the
// restarted replica itself never answered stale (it joins the direct-get
// group only once current), so every node also holds a lagging mirror in
// the same group (laggingMirror) and the game's last event of each round is
// one the mirrors lack; at least one plain read must have been stale.
func TestClusterLoadFromLaggingReplica(t *testing.T) {
	if !*long {
		t.Skip("starts a 3-node cluster and restarts a node: run with -long (bench/events.sh)")
	}
	c, nc := startTestCluster(t)
	g := events.Game("lag") // long, read from the stream
	s, head := openClusterStore(t, nc, g)
	sg := events.Game("lag-sealed") // short, sealed after every round
	var sealedHead events.Head
	// Every node also holds a lagging mirror of GAMES (laggingMirror),
	// which a direct get through that node may reach first, so that a
	// stale answer does not depend on timing alone.
	for i := 0; i < 3; i++ {
		laggingMirror(t, s, fmt.Sprintf("LAGGING%d", i), jetstream.StreamConfig{
			Replicas: 1, Placement: &jetstream.Placement{Tags: []string{fmt.Sprintf("node:n%d", i)}}})
	}
	ctx := testCtx(t)
	var err error
	if _, head, err = s.Append(ctx, g, events.WriterClocks, head, "clock-0", meta(), events.ClockStarted{}); err != nil {
		t.Fatal(err)
	}
	waitStale(t, s, g, head.Version)
	const rounds, commands, perCommand = 3, 2, 200
	var staleReads, reads, sealedLoads int
	for r := 0; r < rounds; r++ {
		victim := streamFollower(t, s)
		c.stopNode(victim)
		for k := 0; k < commands; k++ {
			evs := make([]events.Event, perCommand)
			for i := range evs {
				evs[i] = move(int(head.Version)+i+1, "e4")
			}
			head = appendRetrying(t, s, g, head, fmt.Sprintf("r%d-c%d", r, k), evs...)
		}
		head = appendRetryingAs(t, s, g, events.WriterClocks, head, fmt.Sprintf("r%d-clock", r), events.ClockPaused{})
		for k := 0; k < 3; k++ {
			sealedHead = appendRetrying(t, s, sg, sealedHead, fmt.Sprintf("s%d-%d", r, k), move(int(sealedHead.Version)+1, "d4"))
		}
		if _, err := s.Seal(testCtx(t), sg); err != nil {
			t.Fatal(err)
		}
		c.startNode(t, victim)

		nc2, err := nats.Connect(c.srvs[victim].ClientURL(), nats.NoReconnect())
		if err != nil {
			t.Fatal(err)
		}
		js2, _ := jetstream.New(nc2)
		var kv2 jetstream.KeyValue
		deadline := time.Now().Add(30 * time.Second)
		for {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			kv2, err = js2.KeyValue(ctx, s.cfg.SealBucket)
			cancel()
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the restarted node does not reach the bucket: %v", err)
			}
			time.Sleep(10 * time.Millisecond)
		}
		s2 := &Store{nc: nc2, js: js2, kv: kv2, cfg: s.cfg}
		for i := 0; i < 40; i++ {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			log, h, src, err := s2.LoadFrom(ctx, g)
			if err != nil {
				cancel()
				t.Fatalf("round %d, load %d through the restarted node: %v", r, i, err)
			}
			if h != head || uint64(len(log)) != head.Version || log[len(log)-1].Hash != head.Hash {
				cancel()
				t.Fatalf("round %d, load %d through the restarted node (%s): %d events, head %+v; want %d, %+v",
					r, i, src, len(log), h, head.Version, head)
			}
			log, h, src, err = s2.LoadFrom(ctx, sg)
			if err != nil || h != sealedHead || uint64(len(log)) != sealedHead.Version {
				cancel()
				t.Fatalf("round %d, load %d of the sealed game through the restarted node (%s): %d events, head %+v; want %+v: %v",
					r, i, src, len(log), h, sealedHead, err)
			}
			if src == FromSealed {
				sealedLoads++
			}
			var n uint64
			err = s2.scan(ctx, "GAMES", g.Filter(), 1, 0, func(stored) error { n++; return nil })
			cancel()
			if err == nil {
				reads++
				if n < head.Version {
					staleReads++
				}
			} else if !errors.Is(err, context.DeadlineExceeded) {
				t.Logf("plain direct read: %v", err)
			}
		}
		nc2.Close()
	}
	t.Logf("plain direct-get reads through the restarted node that missed acknowledged events: %d of %d; sealed game loaded from its copy %d times of %d",
		staleReads, reads, sealedLoads, rounds*40)
	if staleReads == 0 {
		t.Fatal("no plain direct read through the restarted node was stale: the test did not test anything")
	}
}

// laggingMirror creates, on the server behind s, a mirror of GAMES that
// answers GAMES' direct gets (MirrorDirect: it joins the same queue group
// as the stream's replicas) but only ever copies the games writer's
// subjects: a direct-get answerer that is deterministically behind the
// stream for every event of another writer. (Restarting a node of an
// in-process cluster did not make its replica answer stale in our runs:
// TestClusterLoadFromLaggingReplica logs how often it does.) It returns
// once the mirror answers direct gets.
func laggingMirror(t *testing.T, s *Store, name string, cfg jetstream.StreamConfig) {
	t.Helper()
	ctx := testCtx(t)
	cfg.Name = name
	cfg.Mirror = &jetstream.StreamSource{Name: "GAMES", FilterSubject: "game.*.games"}
	cfg.MirrorDirect = true
	if _, err := s.js.CreateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
}

// plainDirectRead is what Load did before it asked the leader: the
// aggregate's events through direct gets only. It returns how many came.
func plainDirectRead(t *testing.T, s *Store, g events.Aggregate) uint64 {
	t.Helper()
	var n uint64
	if err := s.scan(testCtx(t), "GAMES", g.Filter(), 1, 0, func(stored) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

// waitStale waits (up to 30 s) until a plain direct read of g comes back
// without all of its want events: the lagging answerer is in place.
func waitStale(t *testing.T, s *Store, g events.Aggregate, want uint64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for plainDirectRead(t, s, g) == want {
		if time.Now().After(deadline) {
			t.Fatal("no direct get answered from the lagging mirror")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLoadWithALaggingDirectAnswerer: with a direct-get answerer that lacks
// the clocks writer's events (laggingMirror), a plain direct read of a game
// comes back short or with a hole; Load, LoadStream, Seal and a retried
// Append's search must still see every acknowledged event, whichever
// answerer the server picks (50 loads each).
func TestLoadWithALaggingDirectAnswerer(t *testing.T) {
	s := openStore(t, Config{Now: fixedNow})
	ctx := testCtx(t)
	short, holed := events.Game("short"), events.Game("holed")
	_, hs, err := s.Append(ctx, short, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	_, hh, err := s.Append(ctx, holed, events.WriterGames, events.Head{}, "hc", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	laggingMirror(t, s, "LAGGING", jetstream.StreamConfig{})
	// short ends with a clocks event: the mirror's log of it is a prefix.
	hs0 := hs
	if _, hs, err = s.Append(ctx, short, events.WriterClocks, hs, "k", meta(), events.ClockStarted{}, events.ClockPaused{}); err != nil {
		t.Fatal(err)
	}
	// holed has a clocks event in the middle: the mirror's log ends at the
	// right event but lacks one before it.
	if _, hh, err = s.Append(ctx, holed, events.WriterClocks, hh, "hk", meta(), events.ClockStarted{}); err != nil {
		t.Fatal(err)
	}
	if _, hh, err = s.Append(ctx, holed, events.WriterGames, hh, "hm", meta(), move(1, "e4")); err != nil {
		t.Fatal(err)
	}
	waitStale(t, s, short, hs.Version)
	waitStale(t, s, holed, hh.Version)

	var stale int
	for i := 0; i < 50; i++ {
		for _, c := range []struct {
			g    events.Aggregate
			head events.Head
		}{{short, hs}, {holed, hh}} {
			if plainDirectRead(t, s, c.g) != c.head.Version {
				stale++
			}
			log, h, err := s.Load(ctx, c.g)
			if err != nil || h != c.head || uint64(len(log)) != c.head.Version || events.Verify(log) != nil {
				t.Fatalf("load %d of %s: %d events, head %+v, want %+v: %v", i, c.g, len(log), h, c.head, err)
			}
			log, h, err = s.LoadStream(ctx, c.g)
			if err != nil || h != c.head || uint64(len(log)) != c.head.Version {
				t.Fatalf("load stream %d of %s: %d events, head %+v, want %+v: %v", i, c.g, len(log), h, c.head, err)
			}
		}
	}
	if stale == 0 {
		t.Fatal("no plain direct read was stale: the test did not test anything")
	}
	t.Logf("plain direct reads that missed acknowledged events: %d of 100", stale)

	// Seal reads the whole log too, and Load then uses the copy.
	sh, err := s.Seal(ctx, short)
	if err != nil || sh != hs {
		t.Fatalf("seal: %+v, want %+v: %v", sh, hs, err)
	}
	if log, h, src, err := s.LoadFrom(ctx, short); err != nil || src != FromSealed || h != hs || uint64(len(log)) != hs.Version {
		t.Fatalf("sealed load: %d events from %s, head %+v: %v", len(log), src, h, err)
	}
	// A retry of the clocks command on the old head finds its events
	// (walking back through events the mirror lacks).
	for i := 0; i < 20; i++ {
		envs, h, err := s.Append(ctx, short, events.WriterClocks, hs0, "k", meta(), events.ClockStarted{}, events.ClockPaused{})
		if err != nil || h != hs || len(envs) != 2 {
			t.Fatalf("retry %d: %d events, head %+v, want %+v: %v", i, len(envs), h, hs, err)
		}
	}
}
