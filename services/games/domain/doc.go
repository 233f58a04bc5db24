// Package domain is the games service's decisions on a game, pure (no NATS,
// no logging, no wall clock: the instant of a command is handed in): the
// game's creation (create.go), a move and the ends it brings (move.go, with
// the touch-move ruling that binds it: touch.go), draw offers and their
// answers (offer.go), draw claims (claim.go), resignation and the end a
// ruling or a results sheet gives (ending.go, results_sheet.go), and the
// reports of an illegal move or an irregularity (incidents.go). Each
// decision is a method of Game, which embeds the shared fold of a game's
// events (services/internal/game), and returns the events to append or a
// *Refusal; the rules come from the rules module and rules/laws, under the
// game's profile and mode (mode.go). The command handlers (games/app/command)
// run them through the decide loop, and the audit calls the same methods.
package domain
