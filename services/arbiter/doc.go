// Package arbiter is the arbiter service: it rules on what happens in a
// game through the pure decision functions of rules/laws, under the game's
// laws profile, and records each ruling with the article it rests on, so
// that an audit re-derives exactly the same rulings from the log.
//
// It rules on flag falls (6.9), draw claims (laws.ClaimDraw), reported
// illegal moves (laws.IllegalMove) and the arbiter's hand rulings
// (penalties, late arrival, a wrong initial position, result overrides,
// the judgement of a quickplay-finish claim, the outcome of an increment
// request of 2023 Guidelines III.4: domain/quickplay.go, domain/increment.go);
// after an annulment it orders the new game the Laws require
// (arbiter.replay_ordered; the games service creates it). The incidents
// on the board (domain/board.go): touch-move (laws.TouchMove, laws.Adjusted),
// displaced pieces (laws.DisplacedPieces), the board placed the wrong way
// round (laws.WrongOrientation), colours reversed (laws.ColoursReversed,
// replayed in 2023 before ten moves each). Not ruled on yet: the rapid and
// blitz appendices' claims (2023 A.5.3-A.5.5).
//
// Layout: domain (the rulings, pure: what the audit re-derives with), app
// (each ruling a command on the game's log through internal/decide), ports
// (the hand rulings' HTTP API, POST /api/games/{id}/rulings); New builds
// the service for `hakem serve`. All read a game through the shared fold of
// its events, services/internal/game, not through the games service's
// packages.
package arbiter
