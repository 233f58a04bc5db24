package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// Offer is a draw offer: by whom, and at which ply of the game (the number of
// plies played when it was made; an offer made properly follows the
// offerer's own move, before he presses the clock).
type Offer struct {
	By  rules.Color
	Ply int
}

// Answer is what happens to a standing offer.
type Answer uint8

const (
	// Accept: the opponent accepts: the game is drawn.
	Accept Answer = iota + 1
	// Reject: the opponent rejects it orally.
	Reject
	// OpponentMoved: the opponent moves (2023: touches a piece to move or
	// capture it), which rejects it.
	OpponentMoved
	// Withdraw: the offerer tries to take it back, which he cannot.
	Withdraw
)

// AnswerOffer rules on what happens to a draw offer (1997 9.1, 2023
// 9.1.2.1): it cannot be withdrawn and stands until the opponent accepts it,
// rejects it orally or by moving (2023: by touching a piece to move or
// capture it), or the game ends otherwise. Accepting an offer that no longer
// stands (the opponent has moved since, or the game is over) is
// ErrOfferLapsed; in 2023 a draw can be agreed only once both players have
// made a move (5.2.3).
func (p Profile) AnswerOffer(s Situation, o Offer, a Answer) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if o.By > rules.Black || o.Ply < 0 || o.Ply > s.Game.Ply() {
		return Ruling{}, fmt.Errorf("%w: offer %+v (game has %d plies)", ErrBadInput, o, s.Game.Ply())
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w: the game ended (%s)", ErrOfferLapsed, res)
	}
	// The opponent has moved since the offer if a move by him was played
	// after ply o.Ply.
	start := s.Game.PositionAt(0)
	moved := false
	for ply := o.Ply; ply < s.Game.Ply(); ply++ {
		mover := start.Turn()
		if ply%2 == 1 {
			mover = mover.Other()
		}
		if mover != o.By {
			moved = true
		}
	}
	switch a {
	case Accept:
		if moved {
			return Ruling{}, fmt.Errorf("%w: %s has moved since the offer", ErrOfferLapsed, o.By.Other())
		}
		if p.AgreementNeedsMoves && (s.moves(rules.White) < 1 || s.moves(rules.Black) < 1) {
			return Ruling{}, fmt.Errorf("%w: a draw can be agreed only once both players have made a move (%s)", ErrNotApplicable, p.Articles.Agreement)
		}
		r := p.ruling(p.Articles.DrawOffer, Draw, "%s accepts %s's draw offer", o.By.Other(), o.By)
		r.See = []string{p.Articles.Agreement}
		return done(r)
	case Reject:
		return done(p.ruling(p.Articles.DrawOfferAnswer, Continue, "%s rejects the draw offer; play continues", o.By.Other()))
	case OpponentMoved:
		return done(p.ruling(p.Articles.DrawOfferAnswer, Continue, "%s moved: the draw offer is rejected", o.By.Other()))
	case Withdraw:
		if moved {
			return Ruling{}, fmt.Errorf("%w: %s has moved since the offer", ErrOfferLapsed, o.By.Other())
		}
		return done(p.ruling(p.Articles.DrawOffer, Continue, "%s cannot withdraw the draw offer: it stands until %s answers", o.By, o.By.Other()))
	}
	return Ruling{}, fmt.Errorf("%w: answer %d", ErrBadInput, a)
}
