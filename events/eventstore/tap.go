package eventstore

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// Tap is one follow of a game partition's stream (FollowPartition) shared
// by the followers of one process: each event reaches the process once
// (one ordered consumer, one copy of the message, one decoding) however
// many of its readers follow the stream, instead of once per reader. For
// `hakem serve`, whose clock watch and witness both read every event of
// every game, that halves what their reads cost per move.
//
// Tap.Follow behaves as FollowPartition for each follower: fn gets every
// event from the follower's from on, in stream order, until ctx ends, fn
// fails (that follower alone stops) or the read fails (every follower gets
// the error, as each would from its own read). A follower that joins
// behind the shared read (a restart from a checkpoint) makes the read start
// again from its position; the followers already there skip what they
// have had. The followers' fn run one after the other on the client
// library's delivery goroutine, as each batch is decoded (no goroutine to
// wake per event: readBatches' direct read), so a follower that is slow
// holds the read back (as its own consumer's flow control would) and the
// others wait for it.
type Tap struct {
	store *Store
	name  string

	mu sync.Mutex
	// subs are the followers; never changed in place (a hand in progress
	// holds the list as it was when it began).
	subs []*tapFollower
	// gen counts the shared reads started: a read that was stopped (a
	// follower joined behind it) hands nothing more, so a follower only
	// gets what was read after it joined.
	gen  int
	stop context.CancelFunc // the current read's; nil when none runs
	// next is the stream sequence the current read hands next.
	next uint64
}

// tapFollower is one Tap.Follow call: its fn runs on the shared read's
// delivery goroutine.
type tapFollower struct {
	fn   func(Record) error
	done chan error // its end: the read's error or fn's

	mu   sync.Mutex // held while fn runs
	next uint64     // the stream sequence it gets next
	gone bool       // its Follow returns or has returned: fn is called no more
}

// PartitionTap returns a Tap of game partition p (0 .. Partitions()-1).
func (s *Store) PartitionTap(p int) (*Tap, error) {
	if p < 0 || p >= int(s.cfg.Partitions) {
		return nil, fmt.Errorf("events: game partition %d of %d", p, int(s.cfg.Partitions))
	}
	return &Tap{store: s, name: s.cfg.Partitions.StreamName(p)}, nil
}

// Follow calls fn for every event of the tap's stream from stream sequence
// from on, as FollowPartition does; it returns the stream sequence of the
// last event passed to fn (from-1 if none). fn runs on the shared read's
// delivery goroutine (one follower's fn after the other's), never after
// Follow returns.
func (t *Tap) Follow(ctx context.Context, from uint64, fn func(Record) error) (uint64, error) {
	if from == 0 {
		from = 1
	}
	f := &tapFollower{fn: fn, done: make(chan error, 1), next: from}
	t.join(f)
	var err error
	select {
	case err = <-f.done:
	case <-ctx.Done():
		f.end(nil) // waits for a call of fn in progress
		err = ctx.Err()
	}
	t.leave(f)
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.next - 1, err
}

// take passes f the records it has not had; false once f is gone.
func (f *tapFollower) take(recs []Record) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.gone {
		return false
	}
	for _, r := range recs {
		if r.StreamSeq < f.next {
			continue // had it before the read started again
		}
		if err := f.fn(r); err != nil {
			f.gone = true
			f.done <- err
			return false
		}
		f.next = r.StreamSeq + 1
	}
	return true
}

// end ends f's Follow with err (none for its context's end), once.
func (f *tapFollower) end(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.gone {
		f.gone = true
		f.done <- err
	}
}

// join adds f, starting the shared read again from f's position if it is
// behind the read (or none runs).
func (t *Tap) join(f *tapFollower) {
	from := f.next
	t.mu.Lock()
	defer t.mu.Unlock()
	t.subs = append(slices.Clip(t.subs), f)
	if t.stop != nil && from >= t.next {
		return // the read has not got there yet: f gets it all
	}
	if t.stop != nil {
		t.stop()
	}
	t.gen++
	ctx, stop := context.WithCancel(context.Background())
	t.stop, t.next = stop, from
	go t.read(ctx, t.gen, from)
}

// leave removes f; the shared read stops when no follower is left.
func (t *Tap) leave(f *tapFollower) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.subs = slices.DeleteFunc(slices.Clone(t.subs), func(g *tapFollower) bool { return g == f })
	if len(t.subs) == 0 && t.stop != nil {
		t.stop()
		t.stop = nil
	}
}

// read is one shared read of generation gen from stream sequence from; it
// hands its batches to the followers until it is stopped or fails.
func (t *Tap) read(ctx context.Context, gen int, from uint64) {
	_, err := t.store.readBatches(ctx, t.name, from, true, true, func(recs []Record) (int, error) {
		if !t.hand(gen, recs, nil) {
			return 0, context.Canceled
		}
		return len(recs), nil
	})
	if ctx.Err() == nil {
		t.hand(gen, nil, err)
	}
}

// hand passes recs to every follower, or ends them all with the read's
// error; false if the read of generation gen was stopped.
func (t *Tap) hand(gen int, recs []Record, err error) bool {
	t.mu.Lock()
	if gen != t.gen || t.stop == nil {
		t.mu.Unlock()
		return false
	}
	if n := len(recs); n > 0 {
		t.next = recs[n-1].StreamSeq + 1
	}
	if err != nil {
		// the read ends: the next follower to join starts another
		t.stop()
		t.stop = nil
	}
	subs := t.subs
	t.mu.Unlock()
	for _, f := range subs {
		if err != nil {
			f.end(err)
			continue
		}
		f.take(recs)
	}
	return true
}
