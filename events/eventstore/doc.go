// Package eventstore is Hakem's event store on NATS JetStream: the events of
// the catalogue (package events) appended with optimistic concurrency and
// idempotency keys, read back per aggregate or as a whole stream for
// projections.
//
//	st, err := eventstore.Open(ctx, nc, eventstore.Config{})
//	log, head, err := st.Load(ctx, events.Game(id))
//	envs, head, err := st.Append(ctx, events.Game(id), events.WriterGames,
//		head, idempotencyKey, events.Meta{Actor: actor}, events.MovePlayed{...})
//
// Append checks the whole aggregate's last sequence (all writers share one
// version per game) and returns ErrConflict when the decision was made on
// stale state; several events of one command go as one atomic batch; a
// retried command whose first attempt landed returns the original
// envelopes. Read and Follow feed projections from a stream sequence on.
// Seal stores a verified copy of a finished aggregate's log so that Load is
// one lookup instead of a scan of the shared stream. LoadTolerant sets
// damaged messages aside (quarantine.go); StreamGuard refuses appends to a
// stream whose configuration changed (streamguard.go). The store's errors
// are in errors.go.
//
// The same code runs against the embedded server (package embedded) and an
// external one. See ../README.md.
package eventstore
