// Package query holds the games service's read side: a game's current
// state, folded from its events on each request. The view and the read
// are internal/gameview's, which the pages (web) read a game with too.
//
// Half done: there is no projection yet; every query reads the game's
// events from the log and folds them, which costs a read of the aggregate.
package query

import (
	"context"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/gameview"
)

// GameHandler answers "what is the state of game id?".
type GameHandler struct {
	Store gamelog.Store
}

// Handle returns the game, or a *domain.Refusal wrapping ErrNotFound.
func (h GameHandler) Handle(ctx context.Context, id string) (gameview.Game, error) {
	recs, g, damage, err := EventsHandler(h).Read(ctx, id)
	if err != nil {
		return gameview.Game{}, err
	}
	v := View(id, g, gameview.Version(recs))
	v.Damaged = damage
	return v, nil
}

// View renders a folded game (gameview.View).
func View(id string, g *domain.Game, version uint64) gameview.Game {
	return gameview.View(id, &g.Game, version)
}

// EventsHandler answers "which events does game id hold?" (for the PGN
// export and the event list).
type EventsHandler struct {
	Store gamelog.Store
}

// Handle returns the game's recorded events and the folded game, or a
// *domain.Refusal wrapping ErrNotFound.
func (h EventsHandler) Handle(ctx context.Context, id string) ([]gamelog.Recorded, *domain.Game, error) {
	recs, g, _, err := h.Read(ctx, id)
	return recs, g, err
}

// Read is Handle that also answers a damaged log (gamelog.Damaged): the
// events up to the last good one, the game folded from them, and the
// damage (nil when none): gameview.Read.
func (h EventsHandler) Read(ctx context.Context, id string) ([]gamelog.Recorded, *domain.Game, *eventstore.Damage, error) {
	return gameview.Read[domain.Game](ctx, h.Store, id)
}
