package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// Resign is a player's resignation.
type Resign struct {
	GameID string
	Player string
	Meta   app.Meta
}

// ResignHandler handles Resign.
type ResignHandler struct{ *Decider }

// Handle records the resignation and the result.
func (h ResignHandler) Handle(ctx context.Context, c Resign) (Outcome, error) {
	return h.decide(ctx, "resign", c.GameID, c.Meta, func(g *domain.Game, at time.Time) ([]domain.Event, error) {
		return g.Resign(c.Player)
	})
}
