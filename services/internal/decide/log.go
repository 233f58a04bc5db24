package decide

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
)

// Recorded is one event of an aggregate as its log holds it.
type Recorded struct {
	// Envelope is the stored event (seq, type, actor, times, hash, data).
	Envelope events.Envelope
	// Event is the decoded event, upcast to the current version (nil for a
	// message a repair voided).
	Event events.Event
	// JSON, when set, is the envelope's JSON as the append that wrote it
	// sent it to the store (what events.AppendJSON writes of Envelope):
	// an answer takes it rather than encode the event again. Only an
	// append's fresh events have it; the log's do not.
	JSON []byte
}

// Meta is what a command adds to the events it produces.
type Meta struct {
	// IdempotencyKey identifies the command; a retried command with the same
	// key returns the events of its first attempt and appends nothing.
	IdempotencyKey string
	// Actor says who sent the command.
	Actor events.Actor
	// CorrelationID ties the events to the request that caused them.
	CorrelationID string
	// CausationID is the id of the event that caused them, when an event
	// did (e.g. a flag fall is caused by the game's last press).
	CausationID string
	// RecordedAt is the instant the service accepted the command.
	RecordedAt time.Time
}

// ErrConflict is wrapped by Store.Append's error when the aggregate has
// moved on since the head the decision was made on: decide again on fresh
// state.
var ErrConflict = eventstore.ErrConflict

// ErrAlreadyApplied is wrapped by Store.Append's error when the command's
// idempotency key landed earlier: reload, and its events are there.
var ErrAlreadyApplied = eventstore.ErrAlreadyApplied

// Store is an aggregate's event log.
type Store interface {
	// Load returns every event of the aggregate in order and its head;
	// none and the zero head for an aggregate that does not exist.
	Load(ctx context.Context, id string) ([]Recorded, events.Head, error)
	// Append writes evs as one atomic batch if the aggregate's head is
	// still expected, or fails with an error wrapping ErrConflict (or
	// ErrAlreadyApplied). It returns the events written and the new head;
	// for a command whose key had already landed, its original events
	// (whose first version is then not expected.Version+1).
	Append(ctx context.Context, id string, expected events.Head, meta Meta, evs []events.Event) ([]Recorded, events.Head, error)
}

// StoreAfter is a Store that also reads only an aggregate's events after a
// head: the decider brings a cached state up to date with it after a
// conflict (another service wrote to the aggregate) instead of reading the
// whole log.
type StoreAfter interface {
	Store
	// LoadAfter returns the aggregate's events after head, in order, and
	// its head after them (none and head when nothing was written since);
	// an error when the log does not continue from head.
	LoadAfter(ctx context.Context, id string, head events.Head) ([]Recorded, events.Head, error)
}

// ScopedKey is the idempotency key a command is stored under: the client's
// key within the aggregate and the actor. JetStream deduplicates message
// ids across a whole stream, so a client's "1" in one game must not be
// taken for another game's "1", nor one player's key for the other's.
func ScopedKey(id string, actor events.Actor, key string) string {
	return id + "/" + actor.Role + ":" + actor.ID + "/" + key
}
