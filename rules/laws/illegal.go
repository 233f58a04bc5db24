package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// IllegalKind is what the completed irregularity was.
type IllegalKind uint8

const (
	// IllegalMove: an illegal move completed by pressing the clock.
	IllegalMove IllegalKind = iota + 1
	// PawnNotReplaced: a pawn moved to the last rank and the clock pressed
	// without replacing it (2023 7.5.2; it becomes a queen).
	PawnNotReplaced
	// PressWithoutMove: the clock pressed without a move (2023 7.5.3).
	PressWithoutMove
	// TwoHands: a move made with two hands (2023 7.5.4).
	TwoHands
)

// IllegalReport is the arbiter's finding of a completed illegal move.
type IllegalReport struct {
	Offender rules.Color
	Kind     IllegalKind
	// ReinstatePly is the ply of the position immediately before the
	// irregularity (or the last identifiable one); -1 means the game's
	// current position (the illegal move was never entered as a legal one).
	ReinstatePly int
	// OpponentMovedSince: the opponent has made his next move since the
	// illegal move. In 2023 rapid and blitz without full supervision (A.5.2, B.3)
	// the illegal move then stands.
	OpponentMovedSince bool
}

// IllegalMove rules on a completed illegal move by rep.Offender. The
// position before it is reinstated and the clocks adjusted by the arbiter
// (1997 7.4 with 6.13, 2023 7.5.1 with 7.1); the move that replaces it is
// governed by touch-move (4.3). Then the profile's penalty: 2023 7.5.5 — two
// minutes to the opponent the first time, the second completed illegal move
// loses, but the game is drawn if the opponent cannot checkmate (rapid and unsupervised blitz: one minute, A.3/B.3);
// 1997 — in the quickplay finish (10.3) two minutes to the
// opponent the first and second time, the third loses; in other play 7.4
// only reinstates. Ruling.IllegalMoves is the offender's new count. In 2023
// rapid and blitz without full supervision an illegal move not acted on
// before the opponent's next move stands (A.5.2, B.3).
func (p Profile) IllegalMove(s Situation, rep IllegalReport) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if rep.Offender > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, rep.Offender)
	}
	if rep.Kind < IllegalMove || rep.Kind > TwoHands {
		return Ruling{}, fmt.Errorf("%w: illegal-move kind %d", ErrBadInput, rep.Kind)
	}
	if p.Edition == 1997 && rep.Kind != IllegalMove {
		return Ruling{}, fmt.Errorf("%w: the 1997 Laws treat only illegal moves (7.4)", ErrNotInProfile)
	}
	ply := rep.ReinstatePly
	if ply == -1 {
		ply = s.Game.Ply()
	}
	if ply < 0 || ply > s.Game.Ply() {
		return Ruling{}, fmt.Errorf("%w: reinstate ply %d outside 0..%d", ErrBadInput, rep.ReinstatePly, s.Game.Ply())
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	opp := rep.Offender.Other()
	if p.relaxed() && rep.OpponentMovedSince {
		r := p.ruling(p.Articles.IllegalMoveStands, Continue, "%s has made his next move since %s's illegal move, unclaimed: the illegal move stands and the game continues", opp, rep.Offender)
		r.IllegalMoves = s.IllegalMoves[rep.Offender]
		if p.Mode == Blitz {
			r.See = []string{p.Articles.BlitzUnsupervised}
		}
		return done(r)
	}
	count := s.IllegalMoves[rep.Offender] + 1
	pos := s.Game.PositionAt(ply)

	bonus, toLose := p.IllegalMoveBonus, p.IllegalMovesToLose
	article := p.Articles.IllegalMovePenalty
	quickplay := p.inQuickplayFinish(s)
	if quickplay {
		bonus, toLose = p.QuickplayIllegalBonus, p.QuickplayIllegalsToLose
	}
	if p.Edition == 1997 && !quickplay {
		article = p.Articles.IllegalMove
	}

	r := p.ruling(article, Continue, "completed illegal move number %d by %s: the position before it is reinstated", count, rep.Offender)
	switch rep.Kind {
	case PawnNotReplaced:
		r = p.ruling(article, Continue, "completed illegal move number %d by %s: a pawn moved to the last rank and the clock pressed without replacing it (%s): it is replaced by a queen", count, rep.Offender, p.Articles.PawnNotReplaced)
		r.See = []string{p.Articles.PawnNotReplaced}
	case PressWithoutMove:
		r = p.ruling(article, Continue, "completed illegal move number %d by %s: the clock pressed without a move (%s)", count, rep.Offender, p.Articles.PressWithoutMove)
		r.See = []string{p.Articles.PressWithoutMove}
	case TwoHands:
		r = p.ruling(article, Continue, "completed illegal move number %d by %s: a move made with two hands (%s): the position before it is reinstated", count, rep.Offender, p.Articles.TwoHands)
		r.See = []string{p.Articles.TwoHands}
	}
	r.Reinstate, r.IllegalMoves = ply, count
	if article != p.Articles.IllegalMove {
		r.See = append(r.See, p.Articles.IllegalMove)
	}
	r.See = append(r.See, p.Articles.ClockAdjustment)
	switch {
	case toLose > 0 && count >= toLose:
		if p.IllegalLossDrawIfCannotMate && cannotMate(pos, opp) {
			r.Result = Draw
			r.Explanation += fmt.Sprintf("; it would lose, but %s cannot checkmate by any series of legal moves: draw", opp)
		} else {
			r.Result = winFor(opp)
			r.Explanation += fmt.Sprintf("; it is the %s's illegal move number %d: %s wins", rep.Offender, count, opp)
		}
	case bonus > 0:
		why := ""
		if d, art, ok := p.reduced(); ok {
			bonus, why = d, fmt.Sprintf(", the penalty of article 7 in %s (%s)", p.Mode, art)
			r.See = append(r.See, art)
		}
		r.Adjustments = append(r.Adjustments, Adjustment{Side: opp, Kind: AddTime, Amount: bonus})
		r.Explanation += fmt.Sprintf("; %v added to %s%s", bonus, opp, why)
	default:
		r.Explanation += "; the arbiter adjusts the clocks and play continues"
	}
	return done(r)
}
