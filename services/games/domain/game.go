package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Event is an event of the catalogue (the events module): the domain decides
// in the catalogue's own types, so what it returns is what is stored.
type Event = events.Event

// Game is a game as folded from its events (game.Game, the fold the
// arbiter, the pages and the audit read a game with) and the decisions of
// its players and of the games service: Create, Move, OfferDraw,
// AcceptDraw, DeclineDraw, Resign, ClaimDraw, ReportIrregularity,
// EndByRuling, EndBySheet. The zero Game is a game that does not exist yet.
// A decision never changes the game: it returns the events that the command
// produces or a *Refusal.
type Game struct {
	game.Game
}

// Refusal is a domain error: its Kind is one of package refusal's kinds and its
// Reason the precise message for the person who sent the command.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

// onGoing checks that the game exists and goes on, and that player plays in
// it; it returns the player's colour.
func (g *Game) onGoing(player string) (rules.Color, error) {
	if !g.Exists() {
		return 0, refuse(refusal.ErrGameNotFound, "game not found")
	}
	c, err := g.ColorOf(player)
	if err != nil {
		return 0, err
	}
	if g.Finished() {
		return 0, refuse(refusal.ErrGameOver, "the game is over: %s (%s)", g.Result(), g.Ending().Termination)
	}
	if a, annulled := g.Annulled(); annulled {
		return 0, refuse(refusal.ErrGameOver, "the game is annulled: %s", a.Reason)
	}
	return c, nil
}

// color is the catalogue's colour of c.
func color(c rules.Color) events.Color { return game.Color(c) }
