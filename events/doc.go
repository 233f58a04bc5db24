// Package events is Hakem's event catalogue and its event store on NATS
// JetStream: typed, versioned events in a JSON envelope, appended with
// optimistic concurrency and idempotency keys, read back per aggregate or as
// a whole stream for projections, and chained by hash so that an audit can
// tell when a log was altered.
//
// # Subjects
//
// One stream per aggregate kind (GAMES, TOURNAMENTS), one subject per
// aggregate and writer: game.<id>.games, game.<id>.clocks,
// game.<id>.arbiter; tournament.<id>.pairing, .scoring, .arbiter. Reading
// game.<id>.> gives a game's one total order. Streams use file storage,
// refuse deletes and purges, and allow atomic batches and direct gets.
//
// # Store
//
//	st, err := events.Open(ctx, nc, events.Config{})
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
// one lookup instead of a scan of the shared stream.
//
// # Tamper evidence
//
// Each event carries the hash of its aggregate's previous event and its own
// (ComputeHash); Verify names the first event removed, reordered, altered or
// inserted, VerifyAnchored also catches a consistently re-hashed rewrite
// against a head recorded elsewhere.
//
// # Embedded server
//
// StartEmbedded runs nats-server with JetStream in-process on a data
// folder; the same store code runs against an external server. See
// EmbeddedConfig.SyncAlways for the durability trade-off.
//
// See README.md for the envelope, the retry rules and the sealing design.
package events
