package eventstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hakem-chess/hakem/events"
)

// Sealing: a finished aggregate's log as one value.
//
// Reading one game out of a stream shared by thousands of games costs a scan
// of the stream's blocks between the game's first and last event. A
// finished game no longer changes (or very rarely: an arbiter's later
// ruling), so when it ends the games service calls Seal, which writes the
// whole log, verified, as one value of a key-value bucket. Load then reads
// that one value and checks it against the stream with a single lookup of
// the aggregate's last event: if the stream's last event is the sealed
// head (same stream sequence, same hash), the copy is the log; if not (an
// event appended after sealing, or a copy that does not verify), Load reads
// the stream and the copy is ignored until the next Seal. The stream stays
// the single source of truth: a copy is only ever used when it provably
// equals it.

// sealed is the value stored for a sealed aggregate.
type sealed struct {
	Aggregate events.Aggregate `json:"aggregate"`
	Head      events.Head      `json:"head"`
	Events    []sealedItem     `json:"events"`
}

type sealedItem struct {
	StreamSeq uint64          `json:"stream_seq"`
	Event     events.Envelope `json:"event"`
}

func sealKey(agg events.Aggregate) string { return string(agg.Kind) + "." + agg.ID }

// maxSealed bounds a sealed value so that it fits the default 1 MB
// message limit of any NATS server (a game of 300 moves is about 150 kB).
const maxSealed = 900 << 10

// Seal writes a verified copy of the aggregate's log (read from the stream)
// to the sealed bucket and returns its head. Seal again after appending to a
// sealed aggregate to make Load fast again; sealing twice is harmless.
func (s *Store) Seal(ctx context.Context, agg events.Aggregate) (events.Head, error) {
	if err := agg.Check(); err != nil {
		return events.Head{}, err
	}
	doc := sealed{Aggregate: agg}
	tip, found, err := s.leaderTip(ctx, agg)
	if err != nil {
		return events.Head{}, err
	}
	if !found {
		return events.Head{}, fmt.Errorf("events: seal %s: no events", agg)
	}
	log, seqs, err := s.loadStreamTo(ctx, agg, tip)
	if err != nil {
		return events.Head{}, err
	}
	for i := range log {
		doc.Events = append(doc.Events, sealedItem{StreamSeq: seqs[i], Event: log[i]})
	}
	doc.Head = headOf(tip)
	if err := events.Verify(envelopesOf(doc.Events)); err != nil {
		return events.Head{}, fmt.Errorf("events: seal %s: the stream's log does not verify: %w", agg, err)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return events.Head{}, err
	}
	if len(b) > maxSealed {
		return events.Head{}, fmt.Errorf("%w: %s is %d bytes", ErrTooLargeToSeal, agg, len(b))
	}
	if _, err := s.kv.Put(ctx, sealKey(agg), b); err != nil {
		return events.Head{}, fmt.Errorf("events: seal %s: %w", agg, err)
	}
	return doc.Head, nil
}

func envelopesOf(items []sealedItem) []events.Envelope {
	out := make([]events.Envelope, len(items))
	for i := range items {
		out[i] = items[i].Event
	}
	return out
}

// LoadSource says where Load found a log.
type LoadSource string

// The sources of a loaded log.
const (
	// FromSealed: the sealed copy, checked against the stream's last event.
	FromSealed LoadSource = "sealed"
	// FromStream: the stream itself.
	FromStream LoadSource = "stream"
)

// Load returns one aggregate's events in order and its head: from its
// sealed copy if there is one that verifies and ends where the stream's log
// ends, otherwise from the stream. An aggregate without events gives an
// empty log and the zero Head.
func (s *Store) Load(ctx context.Context, agg events.Aggregate) ([]events.Envelope, events.Head, error) {
	log, head, _, err := s.LoadFrom(ctx, agg)
	return log, head, err
}

// LoadFrom is Load, also telling where the log came from.
//
// The log is linearizable with respect to acknowledged appends: it ends at
// the aggregate's last event as the stream LEADER knows it (one request the
// leader alone answers), never at a lagging replica's, even though its
// events are read through direct gets (see leader.go). An aggregate without
// events is reported FromStream.
func (s *Store) LoadFrom(ctx context.Context, agg events.Aggregate) ([]events.Envelope, events.Head, LoadSource, error) {
	if err := agg.Check(); err != nil {
		return nil, events.Head{}, "", err
	}
	tip, found, err := s.leaderTip(ctx, agg)
	if err != nil {
		return nil, events.Head{}, "", err
	}
	if !found {
		return nil, events.Head{}, FromStream, nil
	}
	if log, head, ok := s.loadSealed(ctx, agg, tip); ok {
		if err := s.verifyLog(agg, log); err != nil {
			return nil, events.Head{}, "", err
		}
		return log, head, FromSealed, nil
	}
	log, _, err := s.loadStreamTo(ctx, agg, tip)
	if err != nil {
		return nil, events.Head{}, "", err
	}
	if err := s.verifyLog(agg, log); err != nil {
		return nil, events.Head{}, "", err
	}
	return log, headOf(tip), FromStream, nil
}

// loadSealed returns the sealed copy if it exists, verifies, and ends at
// tip, the stream's last event of the aggregate as its leader knows it. (A
// copy read from a lagging replica of the bucket is older than tip and
// simply not used.)
func (s *Store) loadSealed(ctx context.Context, agg events.Aggregate, tip stored) ([]events.Envelope, events.Head, bool) {
	entry, err := s.kv.Get(ctx, sealKey(agg))
	if err != nil {
		return nil, events.Head{}, false // jetstream.ErrKeyNotFound, or unreachable: use the stream
	}
	var doc sealed
	if err := json.Unmarshal(entry.Value(), &doc); err != nil || doc.Aggregate != agg || len(doc.Events) == 0 {
		return nil, events.Head{}, false
	}
	log := envelopesOf(doc.Events)
	last := doc.Events[len(doc.Events)-1]
	if last.StreamSeq != doc.Head.Seq || last.Event.Hash != doc.Head.Hash || last.Event.Seq != doc.Head.Version {
		return nil, events.Head{}, false
	}
	if events.Verify(log) != nil {
		return nil, events.Head{}, false
	}
	if tip.seq != doc.Head.Seq || tip.env.Hash != doc.Head.Hash {
		return nil, events.Head{}, false
	}
	return log, doc.Head, true
}
