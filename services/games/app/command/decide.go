// Package command holds the games service's command handlers: each runs
// the games service's decider (package decide: load the game's events,
// fold them through domain.Game, let it decide, append the events it
// returns with optimistic concurrency and the command's idempotency key).
package command

import (
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Decider is the games service's decide loop: package decide's, on a game
// folded by domain.Game. Every command handler of the package embeds one.
// The alias is kept as an API choice: it names the one instantiation of the
// generic loop the handlers and handlers.New share, so that a change of the
// state type is one edit.
type Decider = decide.Decider[domain.Game, *domain.Game]

// NewDecider returns the games service's decider on c: a command without
// idempotency key is refused as refusal.ErrInvalid, a cached game awaiting
// its clock is caught up first (awaitsClock), an ended game is not kept
// in the cache (finished), and an accepted command's log line names the
// game's tournament.
func NewDecider(c decide.Config) *Decider {
	return &Decider{Config: c, Service: "games", Invalid: refusal.ErrInvalid, Stale: awaitsClock, Describe: tournamentOf, Done: finished}
}

// finished tells whether a game has ended: the cache keeps only the games
// in play (a command on an ended game, rare, reads its log).
func finished(g *domain.Game) bool { return g.Finished() }

// awaitsClock tells whether a cached game is likely behind its log: a game
// with a time control, no move played and its clock not started, whose
// clock.started the clocks service writes (an arbiter starts the clocks of
// a round just before its first moves). Its first command reads the events
// written since the cached head first, which spares the append that would
// fail on the stale head (every board's first move in a round).
func awaitsClock(g *domain.Game) bool {
	return g.Setup().TimeControl != "" && g.Ply() == 0 && !g.Timer().Started()
}

// tournamentOf adds the game's tournament to a command's log line.
func tournamentOf(g *domain.Game, _ []gamelog.Recorded, fields []zap.Field) []zap.Field {
	if t := g.Setup().TournamentID; t != "" {
		fields = append(fields, wiring.TournamentID(t))
	}
	return fields
}
