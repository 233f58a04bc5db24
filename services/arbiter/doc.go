// Package arbiter is the arbiter service: it rules on what happens in a
// game through the pure decision functions of rules/laws, under the game's
// laws profile, and records each ruling with the article it rests on, so
// that an audit re-derives exactly the same rulings from the log.
//
// Half done: only flag falls are ruled on so far (6.9: the player whose
// flag fell loses, unless the opponent cannot checkmate by any series of
// legal moves). Draw claims, illegal-move reports, penalties and the
// arbiter's own commands are still to be written.
package arbiter
