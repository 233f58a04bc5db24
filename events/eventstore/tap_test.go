package eventstore

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// tapReader is one follower of a Tap in a test: the stream sequences it
// got, in order, and how its Follow ended.
type tapReader struct {
	seqs chan uint64
	done chan error
}

// followTap starts a follower of tap from from; fn's error stops it at
// stream sequence failAt (0: never).
func followTap(ctx context.Context, tap *Tap, from, failAt uint64) *tapReader {
	r := &tapReader{seqs: make(chan uint64, 10000), done: make(chan error, 1)}
	go func() {
		_, err := tap.Follow(ctx, from, func(rec Record) error {
			if rec.StreamSeq == failAt {
				return errTapTest
			}
			r.seqs <- rec.StreamSeq
			return nil
		})
		r.done <- err
	}()
	return r
}

var errTapTest = errors.New("the follower's own error")

// expect reads the follower's next sequences: from .. to, each once, in
// order.
func (r *tapReader) expect(t *testing.T, name string, from, to uint64) {
	t.Helper()
	for want := from; want <= to; want++ {
		select {
		case got := <-r.seqs:
			if got != want {
				t.Fatalf("%s: got stream seq %d, want %d", name, got, want)
			}
		case <-time.After(20 * time.Second): // or it stopped: see done
			t.Fatalf("%s: stream seq %d never came", name, want)
		}
	}
}

// Followers of one tap each get every event from their own position, once
// and in order, however they join: behind the shared read (which starts
// again), ahead of it, or after another one left on its own error; a
// message that is not an event stops them all with its position, and they
// go on after it.
func TestTapFollowers(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	fctx, cancel := context.WithCancel(ctx)
	defer cancel()
	playGame(t, s, "a", 200) // 203 events
	tap, err := s.PartitionTap(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.PartitionTap(1); err == nil {
		t.Fatal("a tap of a partition the store does not have")
	}
	first := followTap(fctx, tap, 100, 0)
	first.expect(t, "first", 100, 203)
	// behind the read: it starts again from 1; first skips what it had
	second := followTap(fctx, tap, 1, 210)
	second.expect(t, "second", 1, 203)
	// ahead of the read: events before 205 are not its
	third := followTap(fctx, tap, 205, 0)
	playGame(t, s, "b", 20) // 204 .. 226
	first.expect(t, "first", 204, 226)
	second.expect(t, "second", 204, 209)
	if err := <-second.done; !errors.Is(err, errTapTest) {
		t.Fatalf("second stopped with %v, want its own error", err)
	}
	third.expect(t, "third", 205, 226)

	js, _ := jetstream.New(s.nc)
	if _, err := js.Publish(ctx, "game.a.games", []byte(`{"id":"x","type":`)); err != nil { // 227
		t.Fatal(err)
	}
	playGame(t, s, "c", 1) // 228 .. 231
	for name, r := range map[string]*tapReader{"first": first, "third": third} {
		var bad *UndecodableError
		if err := <-r.done; !errors.As(err, &bad) || bad.StreamSeq != 227 {
			t.Fatalf("%s stopped with %v, want the message at 227", name, err)
		}
	}
	first = followTap(fctx, tap, 228, 0)
	third = followTap(fctx, tap, 228, 0)
	first.expect(t, "first", 228, 231)
	third.expect(t, "third", 228, 231)
	for g := range 3 {
		playGame(t, s, fmt.Sprintf("d%d", g), 10) // 232 .. 270
	}
	first.expect(t, "first", 232, 270)
	third.expect(t, "third", 232, 270)
	cancel()
	for name, r := range map[string]*tapReader{"first": first, "third": third} {
		if err := <-r.done; !errors.Is(err, context.Canceled) {
			t.Fatalf("%s ended with %v, want its context's end", name, err)
		}
	}
	tap.mu.Lock()
	defer tap.mu.Unlock()
	if len(tap.subs) != 0 || tap.stop != nil {
		t.Fatalf("after the last follower left: %d followers, a read running: %v", len(tap.subs), tap.stop != nil)
	}
}

// TestTapFigure (-long) prints what following the games'
// stream costs a process per event, live while games are played, for two
// followers (the flag watch and the witness of hakem serve): each with its
// own read (FollowPartition) and both through one Tap; the CPU of the
// appends alone, measured in the same rounds, is taken off.
func TestTapFigure(t *testing.T) {
	if !*long {
		t.Skip("benchmark figure: run with -long")
	}
	s := openStore(t, Config{})
	ctx := testCtx(t)
	const writers, perWriter = 16, 400
	round := 0
	var tail uint64
	variant := func(followers int, shared bool) func() measured {
		return func() measured {
			round++
			fctx, cancel := context.WithCancel(ctx)
			defer cancel()
			tap, _ := s.PartitionTap(0)
			want := tail + writers*(perWriter+1)
			got := make(chan struct{}, followers)
			for range followers {
				fn := func(r Record) error {
					if r.StreamSeq == want {
						got <- struct{}{}
					}
					return nil
				}
				follow := func() { _, _ = s.FollowPartition(fctx, 0, tail+1, fn) }
				if shared {
					follow = func() { _, _ = tap.Follow(fctx, tail+1, fn) }
				}
				go follow()
			}
			time.Sleep(50 * time.Millisecond) // the reads are at the end
			m := measure(writers*(perWriter+1), func() {
				var wg sync.WaitGroup
				for w := range writers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						id := fmt.Sprintf("r%dw%d", round, w)
						_, head, err := s.Append(ctx, events.Game(id), events.WriterGames, events.Head{}, id+"-c", meta(), events.GameCreated{White: "a", Black: "b"})
						for i := 1; i <= perWriter && err == nil; i++ {
							_, head, err = s.Append(ctx, events.Game(id), events.WriterGames, head, fmt.Sprintf("%s-m%d", id, i), meta(), move(i, "e4"))
						}
						if err != nil {
							t.Error(err)
						}
					}()
				}
				wg.Wait()
				for range followers {
					<-got
				}
			})
			tail = want
			return m
		}
	}
	variants := []func() measured{variant(0, false), variant(1, false), variant(2, false), variant(2, true), variant(1, true)}
	for _, v := range variants {
		v() // warming up
	}
	// each round's CPU per event beyond that round's appends alone
	beyond := make([][]float64, len(variants))
	var alone []float64
	for r := range 21 {
		got := make([]float64, len(variants))
		for k := range variants {
			j := (r + k) % len(variants)
			got[j] = variants[j]().cpuUs
		}
		alone = append(alone, got[0])
		for j := 1; j < len(variants); j++ {
			beyond[j] = append(beyond[j], got[j]-got[0])
		}
	}
	median := func(xs []float64) float64 { sort.Float64s(xs); return xs[len(xs)/2] }
	figure("live followers of the games' stream, CPU per event beyond the appends' own %.1f µs (medians of 21 rounds): one read %.1f µs; two reads %.1f µs; two followers of one tap %.1f µs (one %.1f µs)",
		median(alone), median(beyond[1]), median(beyond[2]), median(beyond[3]), median(beyond[4]))
}
