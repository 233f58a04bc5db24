package eventstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// ReadSince calls fn for every event stored at or after since (the
// server's time of storing) in every stream of the store (each game
// partition, then the tournaments), in each stream's order, up to its last
// event when the stream's read began. It reads with batched direct gets,
// which every service's NATS user may make (no consumer). A message that
// does not decode is passed over (the quarantine and the audit report
// it); an error from fn stops the read and is returned.
func (s *Store) ReadSince(ctx context.Context, since time.Time, fn func(Record) error) error {
	streams := append(s.cfg.Partitions.Streams(events.KindGame), events.KindTournament.StreamName())
	for _, name := range streams {
		from, err := s.firstSeqSince(ctx, name, since)
		if err != nil {
			return err
		}
		for from > 0 {
			err := s.scan(ctx, name, ">", from, 0, func(st stored) error {
				from = st.seq + 1
				return fn(Record{StreamSeq: st.seq, Envelope: st.env})
			})
			var bad *NotAnEventError
			if errors.As(err, &bad) {
				from = bad.StreamSeq + 1 // read on past it
				continue
			}
			if err != nil {
				return fmt.Errorf("events: reading %s since %s (from %d): %w", name, since.Format(time.RFC3339), from, err)
			}
			from = 0
		}
	}
	return nil
}

// firstSeqSince returns the sequence of stream name's first message stored
// at or after t (0 when there is none).
func (s *Store) firstSeqSince(ctx context.Context, name string, t time.Time) (uint64, error) {
	t = t.UTC()
	st, err := s.directGet(ctx, name, directReq{StartTime: &t})
	if errors.Is(err, errNotFound) {
		return 0, nil
	}
	var notEvent *NotAnEventError
	if errors.As(err, &notEvent) {
		return notEvent.StreamSeq, nil // read from it: ReadSince passes it over
	}
	if err != nil {
		return 0, err
	}
	return st.seq, nil
}
