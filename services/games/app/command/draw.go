package command

import (
	"context"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// DrawAnswer is what a player does with a draw offer.
type DrawAnswer uint8

// The draw actions.
const (
	Offer DrawAnswer = iota
	Accept
	Decline
)

// String returns "offer", "accept" or "decline".
func (a DrawAnswer) String() string {
	switch a {
	case Offer:
		return "offer"
	case Accept:
		return "accept"
	case Decline:
		return "decline"
	}
	return fmt.Sprintf("DrawAnswer(%d)", uint8(a))
}

// Draw is a draw offer, or the answer to the opponent's offer.
type Draw struct {
	GameID string
	Player string
	Action DrawAnswer
	Meta   gamelog.Meta
}

// DrawHandler handles Draw.
type DrawHandler struct{ *Decider }

// Handle records the offer, the acceptance (and the drawn result) or the
// refusal.
func (h DrawHandler) Handle(ctx context.Context, c Draw) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: c.Action.String() + "_draw", Meta: c.Meta},
		func(g *domain.Game, at time.Time) ([]domain.Event, error) {
			switch c.Action {
			case Offer:
				return g.OfferDraw(c.Player)
			case Accept:
				return g.AcceptDraw(c.Player)
			case Decline:
				return g.DeclineDraw(c.Player)
			}
			return nil, &domain.Refusal{Kind: refusal.ErrInvalid, Reason: "unknown draw action"}
		})
}
