package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// Resign is a player's resignation.
type Resign struct {
	GameID string
	Player string
	Meta   gamelog.Meta
}

// ResignHandler handles Resign.
type ResignHandler struct{ *Decider }

// Handle records the resignation and the result.
func (h ResignHandler) Handle(ctx context.Context, c Resign) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "resign", Meta: c.Meta},
		func(g *domain.Game, at time.Time) ([]domain.Event, error) {
			return g.Resign(c.Player)
		})
}
