package eventstore

import (
	"errors"
	"fmt"

	"github.com/hakem-chess/hakem/events"
)

// The store's errors. The reports Damage (LoadTolerant's, quarantine.go) and
// StreamChanged (StreamGuard's, streamguard.go) are errors too, kept beside
// the code that fills them. Build's errors, ErrTooManyEvents among them,
// are the catalogue's (package events).

// ErrConflict is returned by Append when the aggregate moved on since the
// expected head: the decision was made on stale state. Reload and decide
// again.
var ErrConflict = errors.New("events: conflict: the aggregate has changed since it was read")

// ErrAlreadyApplied is returned by Append when JetStream reports the
// command's idempotency key as a duplicate but its events are not among the
// aggregate's last events (Config.WalkBack): the command landed earlier and
// its events are in the log under that key (see events.Landed).
var ErrAlreadyApplied = errors.New("events: command already applied earlier")

// ErrNotProvisioned is returned by Open with Config.Provisioned when a
// stream or the sealed-log bucket is missing or not configured as the store
// needs it: an administrator runs hakem provision first.
var ErrNotProvisioned = errors.New("events: not provisioned (run hakem provision as the NATS admin user)")

// ErrHeadNotInLog is returned by LoadAfter when the aggregate's log does
// not continue from the head it was given (the head is not one of the
// aggregate's, or the events after it do not chain on it): read the log
// whole with Load.
var ErrHeadNotInLog = errors.New("events: the log does not continue from the given head")

// ErrTooLargeToSeal is returned by Seal for a log that does not fit one
// value; such an aggregate is simply read from the stream.
var ErrTooLargeToSeal = errors.New("events: log too large to seal")

// ErrPartitionMismatch is returned by Open when the game streams the
// server holds are not the layout Config.Partitions asks for: games
// appended under another count would be looked for in the wrong stream.
// hakem migrate partitions moves a single-stream folder to N partitions.
var ErrPartitionMismatch = errors.New("events: the server's game streams do not match the configured partitions")

// ErrPartitioned is returned by Read, Follow and Records for the games of a
// store of several partitions: a stream sequence is a position in one
// stream, so each partition is read on its own (ReadPartition,
// FollowPartition) with a position of its own.
var ErrPartitioned = errors.New("events: the games are in several partitions")

// errNotFound is a direct get's answer for a message that is not there.
var errNotFound = errors.New("events: message not found")

// errStopped ends a read early when an iterator's consumer stops.
var errStopped = errors.New("events: read stopped")

// APIError is a JetStream error answer the store did not interpret.
type APIError struct {
	// Code is the JetStream error code (e.g. 10077).
	Code int
	// Status is the HTTP-like status.
	Status int
	// Description is the server's text.
	Description string
}

// Error implements error.
func (e *APIError) Error() string {
	return fmt.Sprintf("events: jetstream error %d (%d): %s", e.Code, e.Status, e.Description)
}

// NotAnEventError is the error of a load (Load, LoadStream, LoadAfter) that
// met a message on the aggregate's subjects that is not an envelope: the
// log is damaged there (LoadTolerant reads past it).
type NotAnEventError struct {
	StreamSeq uint64
	Err       error
}

// Error implements error: "events: stream seq N: …".
func (e *NotAnEventError) Error() string {
	return fmt.Sprintf("events: stream seq %d: %v", e.StreamSeq, e.Err)
}

func (e *NotAnEventError) Unwrap() error { return e.Err }

// UndecodableError is the error that stops a read at a message that is
// not an envelope (published by hand on an aggregate's subject): a
// projection that reads on past it resumes at StreamSeq+1 (the
// aggregate's own reads set it aside: LoadTolerant).
type UndecodableError struct {
	StreamSeq uint64
	Err       error
}

// Error implements error: "events: stream seq N: …".
func (e *UndecodableError) Error() string {
	return fmt.Sprintf("events: stream seq %d: %v", e.StreamSeq, e.Err)
}

// Unwrap returns the decoding error.
func (e *UndecodableError) Unwrap() error { return e.Err }

// SignatureError is the error of a load whose log holds an event the
// store's keyring does not accept (Config.Keyring): unsigned, signed by a
// key it does not know or by another writer's, or a signature that does
// not verify. LoadTolerant sets such an event aside as damage.
type SignatureError struct {
	Aggregate events.Aggregate
	Seq       uint64
	Reason    string
}

// Error implements error.
func (e *SignatureError) Error() string {
	return fmt.Sprintf("events: %s event %d: signature: %s", e.Aggregate, e.Seq, e.Reason)
}
