package domain

import (
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Touch-move (1997 4.3-4.5, 2023 4.3-4.5): a touch-move ruling of the
// arbiter in force (game.Game.TouchBound, folded in package game) binds the
// move of the player on move, and under 2023 takes away his right to claim
// a draw under 9.2 or 9.3 on that move (9.4).

// touchRefusal refuses a move (SAN) that the touch-move ruling in force
// does not allow; nil when it is allowed or none is in force.
func (g *Game) touchRefusal(notation, san string) error {
	allowed, article, bound := g.TouchBound()
	if !bound || slices.Contains(allowed, san) {
		return nil
	}
	return refuse(refusal.ErrIllegalMove, "move %q: touch-move (%s %s): the touched piece must be moved or captured: one of %s", notation, g.Profile().Name, article, strings.Join(allowed, ", "))
}

// claimAfterTouch refuses a draw claim under 9.2/9.3 by a player bound by a
// touch-move ruling, where the profile says he lost that right (2023 9.4).
func (g *Game) claimAfterTouch(reason events.ClaimReason) error {
	_, article, bound := g.TouchBound()
	profile := g.Profile()
	if !bound || profile.Articles.ClaimAfterTouch == "" || (reason != events.ClaimThreefold && reason != events.ClaimFiftyMoves) {
		return nil
	}
	return refuse(refusal.ErrTouched, "reason: having touched a piece (%s %s), the player loses the right to claim a draw under 9.2 or 9.3 on this move (%s %s)", profile.Name, article, profile.Name, profile.Articles.ClaimAfterTouch)
}
