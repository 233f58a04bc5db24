// Package events is Hakem's event catalogue and its event store on NATS
// JetStream: typed, versioned events in a JSON envelope, appended with
// optimistic concurrency and idempotency keys, read back per aggregate or as
// a whole stream for projections, and chained by hash so that an audit can
// tell when a log was altered.
package events
