// Package clocks is the clocks service: it starts a game's clock on
// command, runs every game's clock as a fold of the game's events (the
// start, the server-stamped instants of the moves, pauses, adjustments, a
// new control the arbiter ordered (clock.control_changed, e.g. the 2023
// Guidelines III.4 increment) and the end) through the pure clock module, and records a flag fall at the
// exact instant the module computes from those events, not when a timer
// happened to fire; after a restart it reads the log from its checkpoint
// (a JetStream key-value bucket holding the stream sequence folded and the
// running clocks; without one, from the beginning) and records the flags
// that fell while it was down, at their instants.
//
// Layout as in the games service: domain (the decisions, on the clock
// folded by internal/gameclock),
// app (the start command, the flag check and the watcher), adapters (the
// event store), ports (HTTP). New builds the service for `hakem serve`.
package clocks
