package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// ClaimKind is the ground of a draw claim.
type ClaimKind uint8

const (
	// Repetition: the same position for the third time (1997 9.2 / 2023 9.2).
	Repetition ClaimKind = iota + 1
	// FiftyMoves: the last 50 moves by each player without pawn move or
	// capture (9.3).
	FiftyMoves
)

// String names the claim.
func (k ClaimKind) String() string {
	switch k {
	case Repetition:
		return "threefold repetition"
	case FiftyMoves:
		return "50-move rule"
	}
	return "?"
}

// Claim is a draw claim by the player having the move: with Intended set, the
// move has been written on the scoresheet and declared to the arbiter but not
// played (9.2a/9.3a, 2023 9.2.1.1/9.3.1); with Intended rules.NoMove, the
// claim is on the position just reached (9.2b/9.3b, 2023 9.2.1.2/9.3.2).
type Claim struct {
	Kind     ClaimKind
	Claimant rules.Color
	Intended rules.Move
	// TouchedPiece: the claimant had already touched a piece as in article
	// 4.3 (2023 9.4: he has lost the right to claim on that move).
	TouchedPiece bool
}

// ClaimDraw rules on a draw claim. A correct claim draws the game at once
// (1997 9.4a, 2023 9.5.2). An incorrect one costs time: in 1997 (9.4b) the
// claimant's remaining time is halved, by at most three minutes, and three
// minutes are added to the opponent; in 2023 (9.5.3) two minutes are added
// to the opponent (one in rapid, A.3, and in unsupervised blitz, B.3). The
// intended move of an
// incorrect claim must then be played (Ruling.MustPlay). Situation.Remaining
// must hold the clock readings when the claim is made.
func (p Profile) ClaimDraw(s Situation, c Claim) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if c.Kind != Repetition && c.Kind != FiftyMoves {
		return Ruling{}, fmt.Errorf("%w: claim kind %d", ErrBadInput, c.Kind)
	}
	if c.Claimant > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, c.Claimant)
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s): no claim can be made", ErrGameOver, res)
	}
	pos := s.Game.Position()
	if pos.Turn() != c.Claimant {
		return Ruling{}, fmt.Errorf("%w: %s claims, %s is to move", ErrNotOnMove, c.Claimant, pos.Turn())
	}
	intended := c.Intended != rules.NoMove
	if intended && !pos.IsLegal(c.Intended) {
		return Ruling{}, fmt.Errorf("%w: %v", ErrIllegalMove, c.Intended)
	}
	if c.TouchedPiece && p.Articles.ClaimAfterTouch != "" {
		r := p.ruling(p.Articles.ClaimAfterTouch, Continue, "%s touched a piece before claiming and has lost the right to claim a draw on this move", c.Claimant)
		return done(r)
	}

	var article, what string
	var correct bool
	switch {
	case c.Kind == Repetition && intended:
		n := s.Game.RepetitionCountAfter(c.Intended)
		article, correct = p.Articles.RepetitionIntended, n >= 3
		what = fmt.Sprintf("after the intended move %s the position would appear %d time(s)", pos.SAN(c.Intended), n)
	case c.Kind == Repetition:
		n := s.Game.RepetitionCount()
		article, correct = p.Articles.RepetitionReached, n >= 3
		what = fmt.Sprintf("the position has appeared %d time(s)", n)
	case intended:
		next := pos.Play(c.Intended)
		h := next.HalfmoveClock()
		article, correct = p.Articles.FiftyIntended, h >= 100
		what = fmt.Sprintf("after the intended move %s, %d half-moves without pawn move or capture", pos.SAN(c.Intended), h)
	default:
		h := pos.HalfmoveClock()
		article, correct = p.Articles.FiftyReached, h >= 100
		what = fmt.Sprintf("%d half-moves without pawn move or capture", h)
	}
	if intended && !correct {
		// the claim stands on the position reached when that is already a
		// draw (1997 9.2b / 9.3b, 2023 9.2.2 / 9.3.2): the written move
		// does not spoil a claim correct by the last move
		if c.Kind == Repetition && s.Game.RepetitionCount() >= 3 {
			article, correct = p.Articles.RepetitionReached, true
			what += fmt.Sprintf("; the position reached has appeared %d times", s.Game.RepetitionCount())
		}
		if c.Kind == FiftyMoves && pos.HalfmoveClock() >= 100 {
			article, correct = p.Articles.FiftyReached, true
			what += fmt.Sprintf("; the last %d half-moves were made without pawn move or capture", pos.HalfmoveClock())
		}
	}
	if correct {
		r := p.ruling(article, Draw, "correct %s claim by %s: %s", c.Kind, c.Claimant, what)
		r.See = []string{p.Articles.ClaimCorrect}
		return done(r)
	}
	r := p.ruling(p.Articles.ClaimIncorrect, Continue, "incorrect %s claim by %s: %s", c.Kind, c.Claimant, what)
	r.See = []string{article}
	if p.ClaimHalvesClaimant {
		cut := min(s.Remaining[c.Claimant]/2, p.ClaimantCap)
		r.Adjustments = append(r.Adjustments, Adjustment{Side: c.Claimant, Kind: SubtractTime, Amount: cut})
	}
	if bonus := p.ClaimOpponentBonus; bonus > 0 {
		if d, art, ok := p.reduced(); ok {
			bonus = d
			r.See = append(r.See, art)
			r.Explanation += fmt.Sprintf("; %v to %s, the penalty of article 9 in %s (%s)", d, c.Claimant.Other(), p.Mode, art)
		}
		r.Adjustments = append(r.Adjustments, Adjustment{Side: c.Claimant.Other(), Kind: AddTime, Amount: bonus})
	}
	if intended {
		r.MustPlay = c.Intended
		r.Explanation += "; the intended move must be played"
	}
	return done(r)
}
