// Package scoring is the scoring service: after each round is closed it
// computes the standings — points, then the tournament's tie-breaks through
// the ratings module (FIDE C.07) — from the round's pairings and the games'
// results, and publishes them as an event of the tournament, so that what
// was published can be audited.
//
// It also computes the crosstable and, for a rated tournament, the Elo
// changes (games of less than one move and forfeits are not rated), and
// applies to a round robin the FIDE rule for a player who leaves it
// (domain.RoundRobinWithdrawals). The TRF export is the pairing service's.
// The computations are its domain (pure), the publication its app, the
// reads (standings, crosstable, rating changes) its ports; it reads the
// tournament and its games through services/internal/boards, not through
// the pairing service. New builds the service for `hakem serve`.
package scoring
