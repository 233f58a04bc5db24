package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// IllegalPositionKind is the illegal position the arbiter observes on the
// board of a rapid or blitz game he does not fully supervise (2023 A.5.4),
// where an illegal move not acted on stands (A.5.2) and the board may hold
// what the recorded moves cannot.
type IllegalPositionKind uint8

// The illegal positions of 2023 A.5.4.
const (
	// BothKingsInCheck: both kings are in check.
	BothKingsInCheck IllegalPositionKind = iota + 1
	// PawnOnLastRank: a pawn on the rank furthest from its starting
	// position.
	PawnOnLastRank
)

// String names the position as the API does.
func (k IllegalPositionKind) String() string {
	switch k {
	case BothKingsInCheck:
		return "both_kings_in_check"
	case PawnOnLastRank:
		return "pawn_on_last_rank"
	}
	return fmt.Sprintf("illegal position %d", uint8(k))
}

// says is the position in the arbiter's words.
func (k IllegalPositionKind) says() string {
	if k == BothKingsInCheck {
		return "both kings in check"
	}
	return "a pawn on the rank furthest from its starting position"
}

// ParseIllegalPosition reads an illegal position's API name.
func ParseIllegalPosition(s string) (IllegalPositionKind, error) {
	for _, k := range []IllegalPositionKind{BothKingsInCheck, PawnOnLastRank} {
		if s == k.String() {
			return k, nil
		}
	}
	return 0, fmt.Errorf("%w: illegal position %q (known: both_kings_in_check, pawn_on_last_rank)", ErrBadInput, s)
}

// IllegalPositionReport is the arbiter's observation of an illegal
// position (2023 A.5.4).
type IllegalPositionReport struct {
	Kind IllegalPositionKind
	// NextMoveCompleted: the arbiter waited until the next move was
	// completed, and the illegal position is still on the board.
	NextMoveCompleted bool
}

// IllegalPosition rules on an illegal position the arbiter observes in a
// 2023 rapid game, or a blitz game (B.3), that he does not fully
// supervise: he waits until the next move is completed (the game goes on);
// if the illegal position is then still on the board, he declares the
// game drawn (A.5.4). Elsewhere (standard play, a fully supervised game,
// the 1997 profile) an illegal position comes of an illegal move, which
// the arbiter rules on as such (2023 7.5.1, 1997 7.4): ErrNotInProfile,
// naming it.
func (p Profile) IllegalPosition(s Situation, rep IllegalPositionReport) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if rep.Kind < BothKingsInCheck || rep.Kind > PawnOnLastRank {
		return Ruling{}, fmt.Errorf("%w: illegal position %d", ErrBadInput, rep.Kind)
	}
	if !p.relaxed() {
		why := fmt.Sprintf("%s has no rapid or blitz appendix", p.Name)
		if p.Edition == 2023 {
			why = fmt.Sprintf("%s applies in rapid and blitz games the arbiter does not fully supervise; this game is %s", p.Articles.IllegalPositionObserved, p.modeWords())
		}
		return Ruling{}, fmt.Errorf("%w: %s: an illegal position comes of an illegal move, ruled on as such (%s)", ErrNotInProfile, why, p.Articles.IllegalMove)
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, res)
	}
	var r Ruling
	if rep.NextMoveCompleted {
		r = p.ruling(p.Articles.IllegalPositionObserved, Draw, "the arbiter observed %s; the next move completed, it is still on the board: the game is drawn", rep.Kind.says())
	} else {
		r = p.ruling(p.Articles.IllegalPositionObserved, Continue, "the arbiter observes %s: he waits until the next move is completed", rep.Kind.says())
	}
	if p.Mode == Blitz {
		r.See = []string{p.Articles.BlitzUnsupervised}
	}
	return done(r)
}

// FlagClaim rules on claimant's claim of a win on time: the flag of his
// opponent is considered fallen when a player makes a valid claim to that
// effect (6.8), here with the opponent's clock at zero and the claimant's
// not. The claimant wins, or the game is drawn if he cannot checkmate by
// any possible series of legal moves (6.9). In a 2023 rapid game, or a
// blitz game (B.3), the arbiter does not fully supervise, this is the
// claim of A.5.3 (the claimant may stop the clock and notify the
// arbiter), the article the ruling then rests on. A claim while the
// opponent's flag is up, or with both flags down (the both-flags rules
// decide), is not valid: ErrNotApplicable, naming the article.
func (p Profile) FlagClaim(s Situation, claimant rules.Color) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if claimant > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, claimant)
	}
	article, see := p.Articles.FlagFall, []string{p.Articles.FlagObserved}
	if p.relaxed() {
		article, see = p.Articles.FlagClaim, []string{p.Articles.FlagObserved, p.Articles.FlagFall}
		if p.Mode == Blitz {
			see = append(see, p.Articles.BlitzUnsupervised)
		}
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s): no claim on time (%s)", ErrGameOver, res, article)
	}
	opp := claimant.Other()
	if left := s.Remaining[opp]; left > 0 {
		return Ruling{}, fmt.Errorf("%w: %s's flag has not fallen (%v left): no win on time to claim (%s)", ErrNotApplicable, opp, left, article)
	}
	if s.Remaining[claimant] <= 0 {
		return Ruling{}, fmt.Errorf("%w: both flags are down: the rules on both flags decide (%s), not a claim (%s)", ErrNotApplicable, p.Articles.BothFlagsContinue, article)
	}
	var r Ruling
	if cannotMate(s.Game.Position(), claimant) {
		r = p.ruling(article, Draw, "%s claims a win on time: %s's flag has fallen, but %s cannot checkmate by any possible series of legal moves: draw", claimant, opp, claimant)
	} else {
		r = p.ruling(article, winFor(claimant), "%s claims a win on time: %s's flag has fallen: %s wins", claimant, opp, claimant)
	}
	r.See = see
	return done(r)
}

// modeWords names the game's kind of play for a refusal.
func (p Profile) modeWords() string {
	if p.Mode == Standard {
		return "standard play"
	}
	return fmt.Sprintf("%s, fully supervised (%s, %s)", p.Mode, p.Articles.RapidSupervised, p.Articles.BlitzUnsupervised)
}
