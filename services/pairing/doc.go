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
// service's process). A game that ended by forfeit counts as a forfeit
// (+/-), not a game played. Half done: acceleration is not offered; a
// round robin does not cancel the results of a player who leaves before
// half of his games (C.05). The standings served here are points only;
// the scoring service publishes them with tie-breaks.
package pairing
