package app_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// bench is an event store on an embedded JetStream, written as the games
// and the clocks services write it.
type bench struct {
	t      *testing.T
	store  *eventstore.Store
	games  gamelog.EventStore
	clocks gamelog.EventStore
}

func newBench(t *testing.T) *bench {
	t.Helper()
	s := natstest.Store(t)
	return &bench{t: t, store: s,
		games:  gamelog.EventStore{Store: s, Writer: events.WriterGames},
		clocks: gamelog.EventStore{Store: s, Writer: events.WriterClocks}}
}

// append writes evs to the game as the games service, recorded at at.
func (b *bench) append(id string, at time.Time, evs ...events.Event) {
	b.t.Helper()
	_, head, err := b.games.Load(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	meta := gamelog.Meta{Actor: events.Actor{Role: "system", ID: "test"}, IdempotencyKey: fmt.Sprintf("%s-%d", id, head.Version), RecordedAt: at}
	if _, _, err := b.games.Append(context.Background(), id, head, meta, evs); err != nil {
		b.t.Fatal(err)
	}
}

// create opens a game with control tc, recorded at at.
func (b *bench) create(id, tc string, at time.Time) {
	b.append(id, at, events.GameCreated{White: "w-" + id, Black: "b-" + id, TimeControl: tc, LawsProfile: "fide-2023"})
}

// startClock starts the game's clock at at through the clocks service.
func (b *bench) startClock(id string, at time.Time) {
	b.t.Helper()
	c := &clocksapp.Clocks{Store: b.clocks, Now: func() time.Time { return at }}
	if _, err := c.StartClock(context.Background(), id, gamelog.Meta{Actor: events.Actor{Role: "arbiter", ID: "a"}, IdempotencyKey: "start"}); err != nil {
		b.t.Fatal(err)
	}
}

// tail is the games' stream's last sequence.
func (b *bench) tail() uint64 {
	b.t.Helper()
	last, err := b.store.Read(context.Background(), events.KindGame, 1, func(eventstore.Record) error { return nil })
	if err != nil {
		b.t.Fatal(err)
	}
	return last
}

// flags returns the game's recorded flag falls.
func (b *bench) flags(id string) []events.FlagFell {
	b.t.Helper()
	recs, _, err := b.games.Load(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	var out []events.FlagFell
	for _, r := range recs {
		if f, ok := r.Event.(*events.FlagFell); ok {
			out = append(out, *f)
		}
	}
	return out
}

// watch runs a watcher with checkpoints cp until the returned stop is
// called (a graceful stop: it writes its last checkpoint).
func (b *bench) watch(cp clocksapp.Checkpoints) (*clocksapp.Watcher, func()) {
	w := &clocksapp.Watcher{
		Clocks: &clocksapp.Clocks{Store: b.clocks, Retries: 8},
		Follow: func(ctx context.Context, from uint64, fn func(eventstore.Record) error) (uint64, error) {
			return b.store.Follow(ctx, events.KindGame, from, fn)
		},
		Log:             zap.NewNop(),
		Checkpoints:     cp,
		CheckpointEvery: time.Hour, // only the graceful stop writes one
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	return w, func() { cancel(); <-done }
}

// waitFlag waits until the game has a recorded flag fall and returns it.
func (b *bench) waitFlag(id string) events.FlagFell {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if f := b.flags(id); len(f) > 0 {
			if len(f) > 1 {
				b.t.Errorf("game %s: %d flag falls recorded", id, len(f))
			}
			return f[0]
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.t.Fatalf("game %s: no flag fall recorded", id)
	return events.FlagFell{}
}

// jetstreamOf is the JetStream context of the bench's connection.
func jetstreamOf(t *testing.T, b *bench) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(b.store.Conn())
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// waitCaughtUp waits until the watcher read the stream up to its tail.
func waitCaughtUp(t *testing.T, w *clocksapp.Watcher) clocksapp.Progress {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if p := w.Progress(); p.CaughtUp {
			return p
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the watcher did not catch up")
	return clocksapp.Progress{}
}

// TestWatcherCheckpoint: a watcher stops gracefully and saves where it
// folded the stream to and which clocks run; a watcher started after it
// reads only the events after the checkpoint (plus the running games
// whole) and records each flag at the instant computed from the recorded
// events, also for games whose history straddles the checkpoint. A
// checkpoint older than the last one only means more of the stream read.
func TestWatcherCheckpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("embedded JetStream")
	}
	b := newBench(t)
	now := time.Now().UTC().Truncate(time.Millisecond)
	// history: finished games (no clock running, nothing to load)
	for i := range 30 {
		id := fmt.Sprintf("old-%d", i)
		b.create(id, "60", now.Add(-3*time.Hour))
		b.append(id, now.Add(-3*time.Hour), events.GameEnded{Result: "1-0", Termination: "resignation", Ply: 0})
	}
	// running: an hour each, started half an hour ago; a created game
	// whose clock is not started yet
	b.create("running", "3600", now.Add(-time.Hour))
	b.startClock("running", now.Add(-30*time.Minute))
	b.create("later", "60", now.Add(-time.Hour))

	kv, err := clocksapp.OpenKVCheckpoints(context.Background(), jetstreamOf(t, b))
	if err != nil {
		t.Fatal(err)
	}
	w1, stop1 := b.watch(kv)
	p1 := waitCaughtUp(t, w1)
	if p1.From != 1 || p1.Loaded != 0 {
		t.Errorf("first watcher without a checkpoint: %+v, want from 1 and no game loaded", p1)
	}
	stop1()
	cp, ok, err := kv.Load(context.Background())
	if err != nil || !ok {
		t.Fatalf("checkpoint after a graceful stop: %v %v", ok, err)
	}
	tail := b.tail()
	if cp.Seq != tail || !slices.Equal(cp.Running, []string{"running"}) {
		t.Fatalf("checkpoint %+v, want seq %d and running [running]", cp, tail)
	}

	// While no watcher runs, events straddle the checkpoint: "later"'s
	// clock starts 70 s ago at 60 s (its flag fell 10 s ago), and a game
	// created and started after the checkpoint at 30 s, 40 s ago.
	b.startClock("later", now.Add(-70*time.Second))
	b.create("new", "30", now.Add(-40*time.Second))
	b.startClock("new", now.Add(-40*time.Second))

	w2, stop2 := b.watch(kv)
	fLater, fNew := b.waitFlag("later"), b.waitFlag("new")
	p2 := waitCaughtUp(t, w2)
	if want := now.Add(-10 * time.Second); !fLater.At.Equal(want) || fLater.Side != events.White {
		t.Errorf("later: flag %+v, want white at %v", fLater, want)
	}
	if want := now.Add(-10 * time.Second); !fNew.At.Equal(want) || fNew.Side != events.White {
		t.Errorf("new: flag %+v, want white at %v", fNew, want)
	}
	if p2.From != cp.Seq+1 {
		t.Errorf("second watcher followed from %d, want the checkpoint's next %d", p2.From, cp.Seq+1)
	}
	if total := b.tail(); p2.Read >= int(total) || uint64(p2.Read) > total-cp.Seq {
		t.Errorf("second watcher read %d events of %d (checkpoint at %d)", p2.Read, total, cp.Seq)
	}
	// the running game was loaded whole from the checkpoint, "later" when
	// met after its first event
	if p2.Loaded != 2 || w2.Running() != 1 {
		t.Errorf("second watcher: %+v, %d running; want 2 games loaded, 1 running", p2, w2.Running())
	}
	stop2()

	// a stale checkpoint (the first one, before "later" and "new" started)
	// and one naming a game that is no longer running: same answers, more
	// events read, no second flag fall
	if err := kv.Save(context.Background(), clocksapp.Checkpoint{Seq: cp.Seq, Running: []string{"running", "old-3"}}); err != nil {
		t.Fatal(err)
	}
	w3, stop3 := b.watch(kv)
	p3 := waitCaughtUp(t, w3)
	time.Sleep(200 * time.Millisecond) // any alarm due fires at once
	stop3()
	if n, m := len(b.flags("later")), len(b.flags("new")); n != 1 || m != 1 {
		t.Errorf("after a stale checkpoint: %d and %d flag falls, want 1 each", n, m)
	}
	if p3.From != cp.Seq+1 || p3.Loaded != 3 {
		t.Errorf("third watcher: %+v, want from %d and 3 games loaded (running, old-3, later)", p3, cp.Seq+1)
	}
	if cp3, _, _ := kv.Load(context.Background()); cp3.Seq != b.tail() || !slices.Equal(cp3.Running, []string{"running"}) {
		t.Errorf("checkpoint after the third watcher %+v, want seq %d and running [running]", cp3, b.tail())
	}
}
