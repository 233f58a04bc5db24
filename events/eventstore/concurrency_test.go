package eventstore

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
)

// TestConcurrentWritersOneGame: 16 goroutines, each issuing commands to one
// game through reload-decide-append with retries on conflict, some also
// re-sending a command whose ack they "lost". Every command must land
// exactly once, versions without gaps, the chain intact.
func TestConcurrentWritersOneGame(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("busy")
	const writers, perWriter = 16, 12
	writerOf := []events.Writer{events.WriterGames, events.WriterClocks, events.WriterArbiter}
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	var conflicts sync.Map
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for c := 0; c < perWriter; c++ {
				key := fmt.Sprintf("w%d-c%d", w, c)
				if err := runCommand(ctx, s, g, writerOf[w%3], key, w, c, rng, &conflicts); err != nil {
					errs <- fmt.Errorf("%s: %w", key, err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	log, head, err := s.LoadStream(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if err := events.Verify(log); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i, e := range log {
		if e.Seq != uint64(i+1) {
			t.Fatalf("event %d has version %d", i, e.Seq)
		}
		seen[e.IdempotencyKey]++
	}
	for w := 0; w < writers; w++ {
		for c := 0; c < perWriter; c++ {
			key := fmt.Sprintf("w%d-c%d", w, c)
			if want := eventsOf(w, c); seen[key] != want {
				t.Errorf("command %s: %d events, want %d", key, seen[key], want)
			}
		}
	}
	if head.Version != uint64(len(log)) {
		t.Fatalf("head %d, %d events", head.Version, len(log))
	}
	n := 0
	conflicts.Range(func(_, _ any) bool { n++; return true })
	t.Logf("%d events, %d commands met at least one conflict", len(log), n)
}

// eventsOf is the number of events command c of writer w appends: every
// fifth is a two-event batch.
func eventsOf(w, c int) int {
	if (w+c)%5 == 0 {
		return 2
	}
	return 1
}

func runCommand(ctx context.Context, s *Store, g events.Aggregate, writer events.Writer, key string, w, c int, rng *rand.Rand, conflicts *sync.Map) error {
	var evs []events.Event
	switch writer {
	case events.WriterGames:
		evs = []events.Event{events.DrawOffered{By: events.White, Ply: c}}
		if eventsOf(w, c) == 2 {
			evs = append(evs, events.DrawDeclined{By: events.Black})
		}
	case events.WriterClocks:
		evs = []events.Event{events.ClockPaused{At: fixedNow(), Reason: key}}
		if eventsOf(w, c) == 2 {
			evs = append(evs, events.ClockResumed{At: fixedNow()})
		}
	default:
		evs = []events.Event{events.RulingGiven{Matter: "incident", Article: "12.1", Profile: "fide-2023", Decision: key}}
		if eventsOf(w, c) == 2 {
			evs = append(evs, events.PenaltyImposed{Side: events.White, Kind: "warning", Article: "12.9.1"})
		}
	}
	unknown := false // an attempt ended without an answer: it may have landed
	for attempt := 0; attempt < 10000; attempt++ {
		log, head, err := s.LoadStream(ctx, g) // reload
		if err != nil {
			return err
		}
		if landed := events.Landed(log, key); len(landed) > 0 {
			if !unknown {
				return fmt.Errorf("the command is already in the log before it was acknowledged")
			}
			if len(landed) != len(evs) {
				return fmt.Errorf("%d of the command's %d events are in the log", len(landed), len(evs))
			}
			return nil // the attempt without an answer landed
		}
		got, h, err := s.Append(ctx, g, writer, head, key, meta(), evs...) // decide, append
		if errors.Is(err, ErrConflict) {
			conflicts.Store(key, true)
			continue
		}
		if err != nil {
			// No answer (e.g. a timeout on a loaded machine): the outcome is
			// unknown, so reload and try again with the same key.
			unknown = true
			continue
		}
		if len(got) != len(evs) || h.Version != got[len(got)-1].Seq {
			return fmt.Errorf("appended %d events, head %+v", len(got), h)
		}
		// Pretend the ack was lost now and then: the retry must return
		// the same events.
		if rng.IntN(4) == 0 {
			again, h2, err := s.Append(ctx, g, writer, head, key, meta(), evs...)
			if errors.Is(err, ErrConflict) {
				// Others appended more than WalkBack events meanwhile;
				// the reload shows the command in the log.
				log, _, err := s.LoadStream(ctx, g)
				if err != nil {
					return err
				}
				if len(events.Landed(log, key)) != len(evs) {
					return fmt.Errorf("retry conflict and the command is not in the log")
				}
				return nil
			}
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) {
				return nil // the retry got no answer: the command stands
			}
			if err != nil {
				return fmt.Errorf("retry: %w", err)
			}
			if h2 != h || again[0].ID != got[0].ID {
				return fmt.Errorf("retry returned %+v, the original was %+v", h2, h)
			}
		}
		return nil
	}
	return fmt.Errorf("gave up after 10000 conflicts")
}
