// Package games is the games service: it accepts the commands of a game
// (creation, moves, draw offers and answers, resignation), checks them
// against the Laws through the pure rules module and records what happened
// as events of the game's aggregate on the event log.
//
// The layout follows the "clean architecture" split of Three Dots Labs'
// wild-workouts example:
//
//   - domain: the decisions (pure: no I/O, no clock; the instant of a
//     command is handed in), on the game as folded from its events
//     (services/internal/game, shared with the arbiter, the pages and the
//     audit);
//   - app/command and app/query: one handler per command or query, each a
//     struct with Handle(ctx, ...), loading the game's events, letting the
//     domain decide, appending with optimistic concurrency and the command's
//     idempotency key;
//   - app/handlers: the command and query handlers on one store, gathered
//     as the Application the ports call;
//   - the event store adapter is services/internal/gamelog's, shared with
//     the clocks and the arbiter, which write the same game;
//   - ports: the HTTP JSON API the gateway mounts, and the consumer groups'
//     handlers.
//
// New builds the service for `hakem serve` (its routes and consumer
// groups); the arbiter's rulings it asks for at once, where the arbiter
// runs in the same process, come in through Deps.Arbiter.
package games
