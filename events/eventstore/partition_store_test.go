package eventstore

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// gamesInEveryPartition returns, for each partition of n, two game ids
// that hash to it.
func gamesInEveryPartition(n events.GamePartitions) [][]string {
	out := make([][]string, n)
	for i := 0; ; i++ {
		id := fmt.Sprintf("g%d", i)
		p := n.PartitionOf(id)
		if len(out[p]) < 2 {
			out[p] = append(out[p], id)
		}
		full := true
		for _, got := range out {
			full = full && len(got) == 2
		}
		if full {
			return out
		}
	}
}

// TestPartitionedStore appends, conflicts, retries and replays games in
// every partition of a store of three, and checks that each partition's
// stream holds its games' events and no other.
func TestPartitionedStore(t *testing.T) {
	const n events.GamePartitions = 3
	s := openStore(t, Config{Partitions: n})
	ctx := testCtx(t)
	heads := map[string]events.Head{}
	byPartition := gamesInEveryPartition(n)
	for p, gameIDs := range byPartition {
		for _, id := range gameIDs {
			g := events.Game(id)
			_, h0, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "create-"+id, meta(), events.GameCreated{White: "a", Black: "b"})
			if err != nil {
				t.Fatalf("partition %d, %s: %v", p, id, err)
			}
			orig, h1, err := s.Append(ctx, g, events.WriterGames, h0, "move-1-"+id, meta(), events.DrawOffered{By: events.White, Ply: 1}, move(1, "e4"))
			if err != nil {
				t.Fatal(err)
			}
			// Optimistic concurrency: a stale head conflicts.
			if _, _, err := s.Append(ctx, g, events.WriterClocks, h0, "clock-"+id, meta(), events.ClockStarted{At: fixedNow()}); !errors.Is(err, ErrConflict) {
				t.Fatalf("%s (partition %d): stale append gave %v, want ErrConflict", id, p, err)
			}
			// Idempotency: the same command again returns the original.
			again, h, err := s.Append(ctx, g, events.WriterGames, h0, "move-1-"+id, meta(), events.DrawOffered{By: events.White, Ply: 1}, move(1, "e4"))
			if err != nil || h != h1 || !reflect.DeepEqual(ids(again), ids(orig)) {
				t.Fatalf("%s (partition %d): retry gave %v %+v %v, want the original %v %+v", id, p, ids(again), h, err, ids(orig), h1)
			}
			heads[id] = h1
		}
	}
	for p, gameIDs := range byPartition {
		name := n.StreamName(p)
		for _, id := range gameIDs {
			log, head, err := s.Load(ctx, events.Game(id))
			if err != nil || head != heads[id] || len(log) != 3 || events.Verify(log) != nil {
				t.Fatalf("%s: loaded %d events at %+v (%v), want 3 at %+v", id, len(log), head, err, heads[id])
			}
			tol, th, damage, err := s.LoadTolerant(ctx, events.Game(id))
			if err != nil || damage != nil || th != head || len(tol) != 3 {
				t.Fatalf("%s: tolerant load %d events at %+v, damage %v, %v", id, len(tol), th, damage, err)
			}
			after, ah, err := s.LoadAfter(ctx, events.Game(id), events.Head{Version: log[0].Seq, Seq: 0, Hash: log[0].Hash})
			if err == nil && (ah != head || len(after) != 2) {
				t.Fatalf("%s: load after the first event: %d events at %+v", id, len(after), ah)
			}
		}
		var seen []string
		last, err := s.ReadPartition(ctx, p, 1, func(r Record) error {
			if got := n.PartitionOf(r.Envelope.Aggregate.ID); got != p {
				t.Errorf("%s of partition %d read from %s", r.Envelope.Aggregate, got, name)
			}
			seen = append(seen, r.Envelope.Aggregate.ID)
			return nil
		})
		if err != nil || last != 6 || len(seen) != 6 {
			t.Fatalf("%s: read %d events up to seq %d (%v), want 6", name, len(seen), last, err)
		}
	}
	if _, err := s.Read(ctx, events.KindGame, 1, func(Record) error { return nil }); !errors.Is(err, ErrPartitioned) {
		t.Fatalf("reading every game at once gave %v, want ErrPartitioned", err)
	}
	if _, err := s.js.Stream(ctx, events.KindGame.StreamName()); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("a store of %d partitions has a stream GAMES: %v", n, err)
	}
}

// TestOpenRefusesAnotherPartitioning: a server's game streams are read only
// under the count they were written with.
func TestOpenRefusesAnotherPartitioning(t *testing.T) {
	ctx := testCtx(t)
	_, nc := startServer(t, "")
	s, err := Open(ctx, nc, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, events.Game("g1"), events.WriterGames, events.Head{}, "create", meta(), events.GameCreated{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, nc, Config{Partitions: 3}); !errors.Is(err, ErrPartitionMismatch) {
		t.Fatalf("3 partitions on a single stream holding events: %v, want ErrPartitionMismatch", err)
	}
	_, nc2 := startServer(t, "")
	if _, err := Open(ctx, nc2, Config{Partitions: 3}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []events.GamePartitions{1, 2} {
		if _, err := Open(ctx, nc2, Config{Partitions: n}); !errors.Is(err, ErrPartitionMismatch) {
			t.Fatalf("%d partitions on a server of 3: %v, want ErrPartitionMismatch", n, err)
		}
	}
	if _, err := Open(ctx, nc2, Config{Partitions: 3}); err != nil {
		t.Fatalf("reopening with the same count: %v", err)
	}
	if _, err := Open(ctx, nc2, Config{Partitions: 65}); err == nil {
		t.Fatal("65 partitions accepted")
	}
}

func TestParseSubjectOfAPartition(t *testing.T) {
	n := events.GamePartitions(4)
	g := events.Game("abc")
	agg, w, err := events.ParseSubject(n.Subject(g, events.WriterClocks))
	if err != nil || agg != g || w != events.WriterClocks {
		t.Fatalf("%s parsed as %v %v %v", n.Subject(g, events.WriterClocks), agg, w, err)
	}
	for _, bad := range []string{"game-x.abc.games", "game-07.abc.games", "game-64.abc.games", "game-.abc.games"} {
		if _, _, err := events.ParseSubject(bad); err == nil {
			t.Errorf("%s parsed", bad)
		}
	}
}
