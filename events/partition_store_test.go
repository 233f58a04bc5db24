package events

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
)

// gamesInEveryPartition returns, for each partition of n, two game ids
// that hash to it.
func gamesInEveryPartition(n GamePartitions) [][]string {
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
	const n GamePartitions = 3
	s := openStore(t, Config{Partitions: n})
	ctx := testCtx(t)
	heads := map[string]Head{}
	byPartition := gamesInEveryPartition(n)
	for p, gameIDs := range byPartition {
		for _, id := range gameIDs {
			g := Game(id)
			_, h0, err := s.Append(ctx, g, WriterGames, Head{}, "create-"+id, meta(), GameCreated{White: "a", Black: "b"})
			if err != nil {
				t.Fatalf("partition %d, %s: %v", p, id, err)
			}
			orig, h1, err := s.Append(ctx, g, WriterGames, h0, "move-1-"+id, meta(), DrawOffered{By: White, Ply: 1}, move(1, "e4"))
			if err != nil {
				t.Fatal(err)
			}
			// Optimistic concurrency: a stale head conflicts.
			if _, _, err := s.Append(ctx, g, WriterClocks, h0, "clock-"+id, meta(), ClockStarted{At: fixedNow()}); !errors.Is(err, ErrConflict) {
				t.Fatalf("%s (partition %d): stale append gave %v, want ErrConflict", id, p, err)
			}
			// Idempotency: the same command again returns the original.
			again, h, err := s.Append(ctx, g, WriterGames, h0, "move-1-"+id, meta(), DrawOffered{By: White, Ply: 1}, move(1, "e4"))
			if err != nil || h != h1 || !reflect.DeepEqual(ids(again), ids(orig)) {
				t.Fatalf("%s (partition %d): retry gave %v %+v %v, want the original %v %+v", id, p, ids(again), h, err, ids(orig), h1)
			}
			heads[id] = h1
		}
	}
	for p, gameIDs := range byPartition {
		name := n.StreamName(p)
		for _, id := range gameIDs {
			log, head, err := s.Load(ctx, Game(id))
			if err != nil || head != heads[id] || len(log) != 3 || Verify(log) != nil {
				t.Fatalf("%s: loaded %d events at %+v (%v), want 3 at %+v", id, len(log), head, err, heads[id])
			}
			tol, th, damage, err := s.LoadTolerant(ctx, Game(id))
			if err != nil || damage != nil || th != head || len(tol) != 3 {
				t.Fatalf("%s: tolerant load %d events at %+v, damage %v, %v", id, len(tol), th, damage, err)
			}
			after, ah, err := s.LoadAfter(ctx, Game(id), Head{Version: log[0].Seq, Seq: 0, Hash: log[0].Hash})
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
	if _, err := s.Read(ctx, KindGame, 1, func(Record) error { return nil }); !errors.Is(err, ErrPartitioned) {
		t.Fatalf("reading every game at once gave %v, want ErrPartitioned", err)
	}
	if _, err := s.js.Stream(ctx, KindGame.StreamName()); !errors.Is(err, jetstream.ErrStreamNotFound) {
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
	if _, _, err := s.Append(ctx, Game("g1"), WriterGames, Head{}, "create", meta(), GameCreated{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, nc, Config{Partitions: 3}); !errors.Is(err, ErrPartitionMismatch) {
		t.Fatalf("3 partitions on a single stream holding events: %v, want ErrPartitionMismatch", err)
	}
	_, nc2 := startServer(t, "")
	if _, err := Open(ctx, nc2, Config{Partitions: 3}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []GamePartitions{1, 2} {
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
	n := GamePartitions(4)
	g := Game("abc")
	agg, w, err := ParseSubject(n.Subject(g, WriterClocks))
	if err != nil || agg != g || w != WriterClocks {
		t.Fatalf("%s parsed as %v %v %v", n.Subject(g, WriterClocks), agg, w, err)
	}
	for _, bad := range []string{"game-x.abc.games", "game-07.abc.games", "game-64.abc.games", "game-.abc.games"} {
		if _, _, err := ParseSubject(bad); err == nil {
			t.Errorf("%s parsed", bad)
		}
	}
}

func TestPartitionPermissions(t *testing.T) {
	got := withPartitions([]string{"game.*.clocks", "$JS.API.CONSUMER.INFO.GAMES.clocks-penalties", "tournament.*.pairing", "$KV.HAKEM_SEALED.game.*"}, 2)
	want := []string{"game.*.clocks", "$JS.API.CONSUMER.INFO.GAMES.clocks-penalties", "tournament.*.pairing", "$KV.HAKEM_SEALED.game.*",
		"game-0.*.clocks", "game-1.*.clocks", "$JS.API.CONSUMER.INFO.GAMES_0.clocks-penalties", "$JS.API.CONSUMER.INFO.GAMES_1.clocks-penalties"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if one := withPartitions([]string{"game.*.clocks"}, 1); !reflect.DeepEqual(one, []string{"game.*.clocks"}) {
		t.Fatalf("one partition: %v", one)
	}
}
