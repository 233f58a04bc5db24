package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// ClaimDraw is a draw claim by the player on move, with the move the
// claimant intends to play ("" for a claim on the position reached).
type ClaimDraw struct {
	GameID   string
	Player   string
	Reason   events.ClaimReason // events.ClaimThreefold, ClaimFiftyMoves, ClaimQuickplay or ClaimIncrementRequest
	Intended string
	Meta     gamelog.Meta
}

// ClaimDrawHandler handles ClaimDraw: it records the claim, on which the
// arbiter service rules.
type ClaimDrawHandler struct{ *Decider }

// Handle records the claim.
func (h ClaimDrawHandler) Handle(ctx context.Context, c ClaimDraw) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "claim_draw", Meta: c.Meta},
		func(g *domain.Game, _ time.Time) ([]domain.Event, error) {
			return g.ClaimDraw(c.Player, c.Reason, c.Intended)
		})
}
