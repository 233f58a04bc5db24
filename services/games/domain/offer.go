package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// OfferDraw decides a draw offer by player (article 9.1.2): either player
// may offer while the game goes on and no offer of theirs is pending.
func (g *Game) OfferDraw(player string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	if offer, offering := g.DrawOffer(); offering {
		if offer == c {
			return nil, refuse(refusal.ErrNoOffer, "%s already has a draw offer pending", c)
		}
		return nil, refuse(refusal.ErrNoOffer, "%s has offered a draw: accept or decline it", offer)
	}
	return []Event{events.DrawOffered{By: color(c), Ply: g.Ply()}}, nil
}

// AcceptDraw decides the acceptance of the opponent's pending offer: the
// game is drawn by agreement, as the laws profile allows it (2023 5.2.3:
// only once both players have made a move).
func (g *Game) AcceptDraw(player string) ([]Event, error) {
	c, err := g.answering(player)
	if err != nil {
		return nil, err
	}
	offer, _ := g.Offer()
	r, err := g.Profile().AnswerOffer(laws.Situation{Game: g.Rules()}, offer, laws.Accept)
	if err != nil {
		return nil, refuse(refusal.ErrNoOffer, "the draw offer cannot be accepted: %v", err)
	}
	article := r.Article
	if len(r.See) > 0 {
		article = r.See[0] // the agreement itself (2023 5.2.3)
	}
	return []Event{
		events.DrawAccepted{By: color(c)},
		events.GameEnded{Result: events.Result(r.Result.String()), Termination: events.TerminationAgreement, Article: article, Ply: g.Ply()},
	}, nil
}

// DeclineDraw decides the refusal of the opponent's pending offer.
func (g *Game) DeclineDraw(player string) ([]Event, error) {
	c, err := g.answering(player)
	if err != nil {
		return nil, err
	}
	return []Event{events.DrawDeclined{By: color(c)}}, nil
}

// answering checks that player can answer a pending offer of the opponent.
func (g *Game) answering(player string) (rules.Color, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return 0, err
	}
	offer, offering := g.DrawOffer()
	if !offering {
		return 0, refuse(refusal.ErrNoOffer, "there is no draw offer to answer")
	}
	if offer == c {
		return 0, refuse(refusal.ErrNoOffer, "%s cannot answer their own draw offer", c)
	}
	return c, nil
}
