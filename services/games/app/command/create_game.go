package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// CreateGame is the command that opens a game.
type CreateGame struct {
	GameID string
	Setup  events.GameCreated
	Meta   gamelog.Meta
}

// CreateGameHandler handles CreateGame.
type CreateGameHandler struct{ *Decider }

// Handle creates the game, refusing an id already in use.
func (h CreateGameHandler) Handle(ctx context.Context, c CreateGame) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "create_game", Meta: c.Meta},
		func(g *domain.Game, at time.Time) ([]domain.Event, error) {
			return g.Create(c.Setup)
		})
}
