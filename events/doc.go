// Package events is Hakem's event catalogue: typed, versioned events in a
// JSON envelope, chained by hash so that an audit can tell when a log was
// altered, signed per writer, and summed up in signed checkpoints. It is
// pure data and arithmetic: it imports neither nats.go nor nats-server
// (services/internal/archcheck holds it to that with go list), so a domain
// package that decides which events to append links no NATS.
//
// The JetStream event store is package eventstore (events/eventstore), the
// embedded nats-server package embedded (events/embedded).
//
// # Subjects
//
// One stream per aggregate kind (GAMES, TOURNAMENTS), one subject per
// aggregate and writer: game.<id>.games, game.<id>.clocks,
// game.<id>.arbiter; tournament.<id>.pairing, .scoring, .arbiter. Reading
// game.<id>.> gives a game's one total order (Aggregate, Kind, Writer).
//
// # Catalogue
//
// Each event type is a struct with an EventType method, registered with
// its version, its aggregate kind, its writer and the upcasters from its
// older versions (catalogue*.go, upcast.go); Encode, Decode and Upcast go
// between an Event and an Envelope's data. Build makes the envelopes of one
// command on top of a Head; Landed finds a command's events in a log.
//
// # Tamper evidence
//
// Each event carries the hash of its aggregate's previous event and its own
// (ComputeHash); Verify names the first event removed, reordered, altered or
// inserted, VerifyAnchored also catches a consistently re-hashed rewrite
// against a head recorded elsewhere. Signer signs an event with its writer's
// key, with a nonce prepared in the background (sign.go, sign_nonce.go),
// and Keyring checks it; Checkpoint is a signed note of every
// aggregate's head (checkpoint.go).
//
// See README.md for the envelope, the retry rules and the sealing design.
package events
