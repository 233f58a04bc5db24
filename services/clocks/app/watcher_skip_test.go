package app_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// TestWatcherSkipsMovesWithoutAClock: the watcher does not decode a move
// of a game whose clock does not run (here one without a time control),
// and still decodes every move of a game whose clock runs. Each game gets
// a move whose data does not decode, written straight to the stream: only
// the running clock's is reported undecodable.
func TestWatcherSkipsMovesWithoutAClock(t *testing.T) {
	if testing.Short() {
		t.Skip("embedded JetStream")
	}
	b := newBench(t)
	now := time.Now().UTC().Truncate(time.Millisecond)
	b.create("untimed", "", now)
	b.create("timed", "5400+30", now)
	b.startClock("timed", now)
	js := jetstreamOf(t, b)
	for _, id := range []string{"untimed", "timed"} {
		_, head, err := b.games.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		envs, err := events.Build(events.Game(id), events.WriterGames, head, id+"-bad",
			events.Meta{Actor: events.Actor{Role: "player", ID: "w-" + id}, RecordedAt: now},
			events.MovePlayed{Ply: 1, By: events.White, SAN: "e4", UCI: "e2e4", At: now})
		if err != nil {
			t.Fatal(err)
		}
		envs[0].Data = json.RawMessage(`{"ply":"one"}`)
		raw, err := envs[0].MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(context.Background(), "game."+id+".games", raw); err != nil {
			t.Fatal(err)
		}
	}
	core, logs := observer.New(zap.ErrorLevel)
	w := &clocksapp.Watcher{
		Clocks: &clocksapp.Clocks{Store: b.clocks, Retries: 8},
		Follow: func(ctx context.Context, from uint64, fn func(eventstore.Record) error) (uint64, error) {
			return b.store.Follow(ctx, events.KindGame, from, fn)
		},
		Log:             zap.New(core),
		CheckpointEvery: time.Hour,
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	waitCaughtUp(t, w)
	var undecodable []string
	for _, e := range logs.FilterMessage("undecodable event").All() {
		for _, f := range e.Context {
			if f.Key == "game_id" {
				undecodable = append(undecodable, f.String)
			}
		}
	}
	if len(undecodable) != 1 || undecodable[0] != "timed" {
		t.Fatalf("undecodable moves reported for %v, want [timed] (the untimed game's move is not decoded)", undecodable)
	}
}
