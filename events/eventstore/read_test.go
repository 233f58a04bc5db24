package eventstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// fillGames appends games of events (created, moves, resignation and end)
// and returns how many events the stream holds.
func fillGames(t *testing.T, s *Store, games, moves int) int {
	t.Helper()
	for g := 0; g < games; g++ {
		playGame(t, s, fmt.Sprintf("r%d", g), moves)
	}
	return games * (moves + 3)
}

// A reader that stalls (the decoding goroutine blocked handing over a
// batch) while its consumer is deleted on the server still gets every
// event once, in order, from the consumer the ordered consumer recreates.
func TestReadAcrossAStallAndADeletedConsumer(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	total := fillGames(t, s, 30, 100) // more than the decoder queues and the client holds
	js, _ := jetstream.New(s.nc)
	var got []uint64
	last, err := s.Read(ctx, events.KindGame, 1, func(r Record) error {
		if len(got) == 0 {
			time.Sleep(300 * time.Millisecond) // the decoder fills its queue and blocks
			stream, err := js.Stream(ctx, events.KindGame.StreamName())
			if err != nil {
				return err
			}
			names := stream.ConsumerNames(ctx)
			for name := range names.Name() {
				if err := js.DeleteConsumer(ctx, events.KindGame.StreamName(), name); err != nil {
					return err
				}
			}
			if names.Err() != nil {
				return names.Err()
			}
			time.Sleep(300 * time.Millisecond)
		}
		got = append(got, r.StreamSeq)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != total || last != uint64(total) {
		t.Fatalf("read %d records up to %d, want %d", len(got), last, total)
	}
	for i, seq := range got {
		if seq != uint64(i+1) {
			t.Fatalf("record %d is stream seq %d", i, seq)
		}
	}
	if s.readRecoveries.Load() == 0 {
		t.Fatal("the consumer was never recreated: the recovery was not tested")
	}
}

// A message that is not an envelope stops a read with an error naming it,
// after every event before it; an error from fn stops it at once.
func TestReadStopsAtABadMessageAndOnError(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	playGame(t, s, "a", 200) // 203 events: more than one batch
	js, _ := jetstream.New(s.nc)
	if _, err := js.Publish(ctx, "game.a.games", []byte(`{"id":"x","type":`)); err != nil {
		t.Fatal(err)
	}
	playGame(t, s, "b", 1)
	var n int
	last, err := s.Read(ctx, events.KindGame, 1, func(Record) error { n++; return nil })
	if err == nil || !strings.Contains(err.Error(), "stream seq 204") || n != 203 || last != 203 {
		t.Fatalf("read %d records up to %d, error %v; want 203, 203 and an error at 204", n, last, err)
	}
	// Resuming after the bad message reads the rest.
	n = 0
	if last, err = s.Read(ctx, events.KindGame, 205, func(Record) error { n++; return nil }); err != nil || n != 4 || last != 208 {
		t.Fatalf("resumed: %d records up to %d, %v", n, last, err)
	}
	stop := errors.New("enough")
	n = 0
	last, err = s.Read(ctx, events.KindGame, 1, func(Record) error {
		if n++; n == 150 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || last != 149 {
		t.Fatalf("fn's error: got %v at %d", err, last)
	}
	// Follow returns when its context ends, even with no event coming.
	fctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if _, err := s.Follow(fctx, events.KindGame, 209, func(Record) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Follow at the end: %v", err)
	}
}
