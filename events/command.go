package events

import (
	"errors"
	"fmt"
	"time"
)

// ErrTooManyEvents is returned for a command of more events than one
// atomic batch may hold.
var ErrTooManyEvents = errors.New("events: too many events in one command")

// Head is the position of an aggregate's last event: what a command was
// decided on, and what the store's Append (package eventstore) expects. The zero Head is an aggregate with no
// events.
type Head struct {
	// Version is the aggregate version (the last event's Seq), 0 if empty.
	Version uint64 `json:"version"`
	// Seq is the last event's stream sequence.
	Seq uint64 `json:"seq"`
	// Hash is the last event's hash.
	Hash string `json:"hash"`
}

// Meta is what a command's events share.
type Meta struct {
	// Actor is who issued the command.
	Actor Actor
	// CausationID and CorrelationID are copied to every event.
	CausationID   string
	CorrelationID string
	// RecordedAt is the instant the service accepted the command; the zero
	// value makes Append stamp it with the Store's clock.
	RecordedAt time.Time
}

// maxBatch is the most events one command may append: nats-server's
// default limit on an atomic batch is 1,000 messages.
const maxBatch = 1000

// Build makes the envelopes of one command on top of head, without
// appending them: Append uses it, and so can a test or a migration.
func Build(agg Aggregate, writer Writer, head Head, key string, meta Meta, evs ...Event) ([]Envelope, error) {
	return build(agg, writer, head, key, meta, evs...)
}

// build is Build. The data of its envelopes comes from json.Marshal (or
// encodeFast, byte for byte the same), so its hashing takes the data as it
// is (see canonicalOf).
func build(agg Aggregate, writer Writer, head Head, key string, meta Meta, evs ...Event) ([]Envelope, error) {
	if err := agg.Check(); err != nil {
		return nil, err
	}
	if err := agg.CheckWriter(writer); err != nil {
		return nil, err
	}
	if key == "" {
		return nil, errors.New("events: empty idempotency key")
	}
	if len(evs) == 0 {
		return nil, errors.New("events: a command with no events")
	}
	if len(evs) > maxBatch {
		return nil, fmt.Errorf("%w: %d, at most %d", ErrTooManyEvents, len(evs), maxBatch)
	}
	if (head.Version == 0) != (head.Hash == "") {
		return nil, fmt.Errorf("events: head %+v: a version needs the hash of its event, and only a version does", head)
	}
	out := make([]Envelope, len(evs))
	prev := head.Hash
	for i, ev := range evs {
		data, t, err := Encode(ev)
		if err != nil {
			return nil, err
		}
		if t.Kind != agg.Kind {
			return nil, fmt.Errorf("events: %s is a %s event, not for %s", t.Name, t.Kind, agg)
		}
		if t.Writer != writer {
			return nil, fmt.Errorf("events: %s is written by %s, not %s", t.Name, t.Writer, writer)
		}
		e := Envelope{
			ID: NewULID(meta.RecordedAt), Type: t.Name, Version: t.Version, Aggregate: agg,
			Writer: writer, Seq: head.Version + uint64(i) + 1, RecordedAt: meta.RecordedAt.UTC(),
			Actor: meta.Actor, CausationID: meta.CausationID, CorrelationID: meta.CorrelationID,
			IdempotencyKey: key, PrevHash: prev, Data: data,
		}
		if e.Hash, err = computeHash(&e, true); err != nil {
			return nil, err
		}
		prev = e.Hash
		out[i] = e
	}
	return out, nil
}

// Landed returns the events of log written by the command with key (nil if
// none): a service that reloads after ErrConflict or ErrAlreadyApplied uses
// it to see whether its own earlier attempt is already there.
func Landed(log []Envelope, key string) []Envelope {
	var out []Envelope
	for _, e := range log {
		if e.IdempotencyKey == key {
			out = append(out, e)
		}
	}
	return out
}
