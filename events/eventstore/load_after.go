package eventstore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// loadAfterWalk is how many new events LoadAfter reads one by one, walking
// back from the aggregate's last event; more are read with one batched scan
// from the head on.
const loadAfterWalk = 16

// LoadAfter returns the aggregate's events after head (a head returned by
// Load, LoadAfter or Append: what a cached fold of the aggregate is at) and
// the aggregate's head after them; none and head itself when nothing was
// appended since. It is Load for a caller that already holds the log up to
// head: linearizable in the same way (it asks the stream LEADER for the
// aggregate's last event first, see leader.go), and it checks that the
// events read continue the chain from head (the first's previous hash is
// head's hash, versions follow with no gap, each linked to the one before)
// and end at that last event. A head that is not the aggregate's, or a log
// that does not continue from it, gives ErrHeadNotInLog.
//
// Cost: the leader's answer for the last event is itself the one new event
// of the common case (another service wrote one event since); a few more
// are fetched by stream sequence walking back from it (a command's events
// are contiguous, and a command's first event names the stream sequence of
// the aggregate's previous one); more than loadAfterWalk are read with one
// batched scan of the aggregate's subject from head's stream sequence on,
// never from the stream's beginning. It does not look at a sealed copy.
func (s *Store) LoadAfter(ctx context.Context, agg events.Aggregate, head events.Head) ([]events.Envelope, events.Head, error) {
	if err := agg.Check(); err != nil {
		return nil, events.Head{}, err
	}
	if err := checkHead(head); err != nil {
		return nil, events.Head{}, err
	}
	tip, found, err := s.leaderTip(ctx, agg)
	if err != nil {
		return nil, events.Head{}, err
	}
	if !found {
		if head.Version == 0 {
			return nil, events.Head{}, nil
		}
		return nil, events.Head{}, fmt.Errorf("%w: %s has no events, the head is at version %d", ErrHeadNotInLog, agg, head.Version)
	}
	switch {
	case tip.seq == head.Seq:
		if tip.env.Seq != head.Version || tip.env.Hash != head.Hash {
			return nil, events.Head{}, fmt.Errorf("%w: %s's event at stream seq %d is version %d (%.12s…), not the head's %d (%.12s…)",
				ErrHeadNotInLog, agg, tip.seq, tip.env.Seq, tip.env.Hash, head.Version, head.Hash)
		}
		return nil, head, nil
	case tip.seq < head.Seq || tip.env.Seq <= head.Version:
		return nil, events.Head{}, fmt.Errorf("%w: %s ends at version %d (stream seq %d), before the head's %d (stream seq %d)",
			ErrHeadNotInLog, agg, tip.env.Seq, tip.seq, head.Version, head.Seq)
	}
	n := tip.env.Seq - head.Version // events expected after head
	var log []events.Envelope
	if n <= loadAfterWalk {
		log, err = s.walkBack(ctx, agg, head, tip, int(n))
	} else {
		log, err = s.scanAfter(ctx, agg, head, tip)
	}
	if err != nil {
		return nil, events.Head{}, err
	}
	if err := continues(agg, head, log, tip); err != nil {
		return nil, events.Head{}, err
	}
	if err := s.verifyLog(agg, log); err != nil {
		return nil, events.Head{}, err
	}
	return log, headOf(tip), nil
}

// walkBack reads the n events from tip back to the one after head by
// stream sequence (getSeq: any replica, the leader when the replica does
// not have it yet), and returns them in log order.
func (s *Store) walkBack(ctx context.Context, agg events.Aggregate, head events.Head, tip stored, n int) ([]events.Envelope, error) {
	stream := s.cfg.Partitions.Stream(agg)
	out := make([]events.Envelope, 0, n)
	at := tip
	for {
		if at.env.Aggregate != agg {
			return nil, fmt.Errorf("events: stream seq %d on %s's subject claims to be of %s", at.seq, agg, at.env.Aggregate)
		}
		out = append(out, at.env)
		prev := at.seq - 1
		if at.index == 0 {
			prev = at.prevSeq
		}
		if len(out) == n {
			// the event before the first new one must be the head's
			if prev != head.Seq {
				return nil, fmt.Errorf("%w: %s's version %d follows stream seq %d, not the head's %d",
					ErrHeadNotInLog, agg, at.env.Seq, prev, head.Seq)
			}
			break
		}
		if prev <= head.Seq {
			return nil, fmt.Errorf("%w: %s's version %d follows stream seq %d, at or before the head's %d with versions still missing",
				ErrHeadNotInLog, agg, at.env.Seq, prev, head.Seq)
		}
		var err error
		if at, err = s.getSeq(ctx, stream, prev); err != nil {
			return nil, fmt.Errorf("events: reading %s at stream seq %d: %w", agg, prev, err)
		}
	}
	slices.Reverse(out)
	return out, nil
}

// scanAfter reads the aggregate's events after head up to tip with batched
// direct gets from head's stream sequence on, as Load's read does from the
// stream's beginning, retrying a short answer (a replica behind the leader)
// a few times before reading from the leader one by one.
func (s *Store) scanAfter(ctx context.Context, agg events.Aggregate, head events.Head, tip stored) ([]events.Envelope, error) {
	stream := s.cfg.Partitions.Stream(agg)
	var out []events.Envelope
	var last uint64
	read := func(st stored) error {
		if st.env.Aggregate != agg {
			return fmt.Errorf("events: stream seq %d on %s's subject claims to be of %s", st.seq, agg, st.env.Aggregate)
		}
		out = append(out, st.env)
		last = st.seq
		return nil
	}
	for attempt := 0; attempt < directAttempts; attempt++ {
		out, last = nil, 0
		if err := s.scan(ctx, stream, s.cfg.Partitions.Filter(agg), head.Seq+1, tip.seq, read); err != nil {
			return nil, err
		}
		if last == tip.seq {
			return out, nil
		}
		if attempt+1 < directAttempts {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(directRetryPause << attempt):
			}
		}
	}
	out, last = nil, 0
	for from := head.Seq + 1; from <= tip.seq; {
		st, err := s.leaderGet(ctx, stream, directReq{Seq: from, NextBySubj: s.cfg.Partitions.Filter(agg)})
		if err != nil {
			return nil, fmt.Errorf("events: reading %s from the leader at seq %d: %w", agg, from, err)
		}
		if st.seq > tip.seq {
			break
		}
		if err := read(st); err != nil {
			return nil, err
		}
		from = st.seq + 1
	}
	return out, nil
}

// continues checks that log continues the chain from head and ends at tip.
func continues(agg events.Aggregate, head events.Head, log []events.Envelope, tip stored) error {
	prevHash, prevSeq := head.Hash, head.Version
	for i := range log {
		e := &log[i]
		if e.Aggregate != agg {
			return fmt.Errorf("%w: version %d belongs to %s", ErrHeadNotInLog, e.Seq, e.Aggregate)
		}
		if e.PrevHash != prevHash || e.Seq != prevSeq+1 {
			return fmt.Errorf("%w: %s's version %d (previous hash %.12s…) does not follow version %d (%.12s…)",
				ErrHeadNotInLog, agg, e.Seq, e.PrevHash, prevSeq, prevHash)
		}
		prevHash, prevSeq = e.Hash, e.Seq
	}
	if n := len(log); n == 0 || log[n-1].Hash != tip.env.Hash || log[n-1].Seq != tip.env.Seq {
		return fmt.Errorf("%w: the events read after version %d of %s do not end at its last event (version %d)",
			ErrHeadNotInLog, head.Version, agg, tip.env.Seq)
	}
	return nil
}
