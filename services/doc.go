// Package services holds Hakem's services and what runs them. The five
// services decide and each writes only its own subjects: games, clocks,
// arbiter, pairing and scoring, each a root package (New: the routes and
// consumer groups `hakem serve` plugs in) with its domain (the pure
// decisions), app (the command and query handlers) and ports (HTTP and the
// consumer groups' handlers); README.md draws them and the events between
// them. Beside them: gateway, the HTTP front door; authz, its
// authorisation; web, the pages; audit, which replays the streams and
// re-derives every decision; backup, a copy of the event log; standby, a
// second machine's mirrors of the streams, ready to take over; trfreport,
// reports from a tournament report file; cmd/hakem, the hakem command; e2e,
// the tests that run hakem as processes.
//
// Shared by the services, under internal: serve, what `hakem serve` starts;
// wiring, configuration, logs, metrics, NATS, the router and the Plug a
// service's root package builds for serve (games.New, clocks.New,
// arbiter.New, pairing.New, scoring.New); decide, the one
// decide loop; gamelog, a game's event log as its writers read and write it;
// game, a game as its events say (the fold the games and the arbiter decide
// on); gameview, a game as a client reads it; gameclock, a game's clock
// folded from its events; outcome, a game's outcome as its events say; tournament, a tournament as its events say
// (the fold, a board's result, the points); boards, a tournament and its
// boards' games read from the store, and its log as the decide loop
// writes it; refusal, the domains' refusals (and
// the kinds of refusal of a command on a game, shared by games and
// arbiter); bounds and
// httpjson, the HTTP API's limits and JSON conventions; httpnats, HTTP over
// NATS request/reply; keyledger, an idempotency key bound to one command
// across aggregates; witness, the signed checkpoints; ratingfile, the data
// folder's rating list; natstest, the tests' embedded server; commandfuzz,
// the fuzz test of every command's decoding; archcheck, the test of this
// shape. The event catalogue, the JetStream store and the embedded server
// are the events module's packages events, events/eventstore and
// events/embedded.
package services
