// Package wiring is the one place where Hakem's services are plugged into
// the outside world: configuration, logging, metrics, the NATS connection and
// the Watermill message router. Every service and the hakem serve command
// take the configuration, the logger, the metrics registry, the NATS
// connection and the router from here.
//
// Dependencies and why each is here (and nowhere else):
//
//   - github.com/spf13/viper: one configuration, read from an optional file
//     and HAKEM_* environment variables and flags, with a default for every
//     key so that the environment alone is enough (Kubernetes ConfigMaps).
//   - go.uber.org/zap: structured JSON logs that a log pipeline can index by
//     tournament_id, game_id, seq and actor, at a cost low enough for the
//     hot path of a move.
//   - github.com/prometheus/client_golang: the /metrics endpoint every
//     federation's monitoring scrapes; a registry of our own (not the global
//     one) so that tests and several servers in one process do not collide.
//   - github.com/ThreeDotsLabs/watermill (+ watermill-nats/v2): the router
//     that runs the services' event handlers on JetStream consumers, with
//     the standard middlewares (correlation ids, retries, poison queue, panic
//     recovery) instead of hand-written consumer loops.
package wiring
