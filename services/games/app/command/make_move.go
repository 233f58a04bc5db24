package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// MakeMove is a move by a player, in SAN or UCI.
type MakeMove struct {
	GameID string
	Player string
	Move   string
	Meta   gamelog.Meta
}

// MakeMoveHandler handles MakeMove.
type MakeMoveHandler struct{ *Decider }

// Handle records the move if the player is on move and it is legal, with
// the end of the game when the move ends it.
func (h MakeMoveHandler) Handle(ctx context.Context, c MakeMove) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "make_move", Meta: c.Meta, Frequent: true},
		func(g *domain.Game, at time.Time) ([]domain.Event, error) {
			return g.Move(c.Player, c.Move, at)
		})
}
