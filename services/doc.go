// Package services holds Hakem's services and what runs them. The five
// services decide and each writes only its own subjects: games, clocks,
// arbiter, pairing and scoring, each with its app package and, where it has
// them, domain, adapters and ports (README.md draws them and the events
// between them). Beside them: gateway, the HTTP front door; authz, its
// authorisation; web, the pages; audit, which replays the streams and
// re-derives every decision; backup, a copy of the event log; standby, a
// second machine's mirrors of the streams, ready to take over; trfreport,
// reports from a tournament report file; internal/serve, what `hakem serve`
// starts; internal/wiring, configuration, logs, metrics, NATS, the router
// and the Plug a service's root package builds for serve;
// internal/tournament, internal/outcome and internal/boards, the pure
// projections of a tournament and of a game's outcome the services share,
// and their reading from the store; internal/archcheck, the test of this shape; cmd/hakem, the hakem
// command; e2e, the tests that run hakem as processes.
package services
