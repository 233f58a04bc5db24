// Package pairing is the pairing service: the tournament itself —
// creation with its regulations, registration, the pairing of each round
// (through the pairing module's engines), the closing of rounds — recorded
// as events of the tournament's aggregate. The games service creates the
// games of a paired round when it sees the round's pairing.
//
// Round robin (Berger tables) and the FIDE Dutch Swiss (pairing/dutch,
// paired from the tournament's TRF: domain.Tournament.File) with
// pairing-allocated byes, byes on request, withdrawals, forbidden pairs
// and the arbiter's expulsions (arbiter.player_expelled, recorded by this
// service's process). A game that ended by forfeit (a default, or a
// result override to +/-, -/+ or -/-) counts as a forfeit, not a game
// played; a game of less than one move (fewer than two plies) as W/L, L/W
// or D/D (tournament.GameResult: played for the pairing, not rated); a game
// played that both lost (0-0, the arbiter's ruling when both are at fault)
// as events.ResultBothLost (TRF 0 for both, rated as a loss for both). A board
// whose game the arbiter annulled counts the replay ordered in its place
// (gamelog.FollowReplays: arbiter.replay_ordered); the annulled game counts
// for nothing, and the round's PGN lists the replay instead. Penalties of
// expulsion in a game expel from the tournament (app.ExpelOnPenalty, the
// arbiter's consumer group arbiter-expulsions). Half
// done: acceleration is not offered; the FIDE rule for a player who
// leaves a round robin (results cancelled before half of his games,
// forfeits after) is applied by the scoring service's standings and
// crosstable, not by this package's points-only standings nor by the TRF
// export. The standings served here are points only; the scoring service
// publishes them with tie-breaks.
package pairing
