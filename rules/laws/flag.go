package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// cannotMate reports whether c is proved unable to checkmate; an unknown
// answer counts as "can mate".
func cannotMate(pos rules.Position, c rules.Color) bool {
	return rules.CanMate(pos, c) == rules.MatingImpossible
}

// FlagFall rules on the flag of side flagged, observed by the arbiter or
// validly claimed (6.8): the player loses, unless the opponent cannot
// checkmate by any series of legal moves, which is a draw (1997 and 2023
// 6.9). If the game had already ended otherwise (checkmate, stalemate,
// agreement, resignation, a dead position…), a flag found afterwards changes
// nothing: the result stands (6.8, 6.9 "except where articles 5.1–5.3
// apply"). In a 2023 rapid or blitz game the arbiter does not fully
// supervise, the ruling also cites A.5.5 (he calls a flag he observes).
func (p Profile) FlagFall(s Situation, flagged rules.Color) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if flagged > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, flagged)
	}
	if over, res := p.over(s); over {
		r := p.ruling(p.Articles.FlagObserved, res, "%s's flag was found after the game had ended (%s): the result stands", flagged, res)
		r.See = []string{p.Articles.FlagFall}
		return done(r)
	}
	pos := s.Game.Position()
	opp := flagged.Other()
	r := p.ruling(p.Articles.FlagFall, winFor(opp), "%s's flag fell: %s wins", flagged, opp)
	if cannotMate(pos, opp) {
		r = p.ruling(p.Articles.FlagFall, Draw, "%s's flag fell, but %s cannot checkmate by any series of legal moves: draw", flagged, opp)
	}
	if p.relaxed() {
		// in rapid and blitz the arbiter does not fully supervise, he
		// also calls a flag fall he observes (2023 A.5.5)
		r.See = []string{p.Articles.FlagCalled}
		r.Explanation += fmt.Sprintf(" (the arbiter calls the flag he observes, %s)", p.Articles.FlagCalled)
	}
	return done(r)
}

// BothFlags rules when both flags are down. If the clock established which
// fell first (first != nil, as a digital clock and the clock module do), that
// flag decides under 6.9. Otherwise: 1997 — play continues (6.11), but in the
// quickplay finish the game is drawn (10.4); 2023 — with Guidelines III
// announced (WithQuickplayFinish), the game continues except in the last
// period, where it is drawn (III.3.1). Without them, and in 2023 blitz
// (III.2.2), the Laws have no rule: ErrNotDecidable.
func (p Profile) BothFlags(s Situation, first *rules.Color) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if first != nil {
		r, err := p.FlagFall(s, *first)
		if err == nil {
			r.Explanation = "both flags are down and " + first.String() + "'s fell first: " + r.Explanation
		}
		return r, err
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, res)
	}
	if p.Edition == 2023 && !p.QuickplayFinish && p.Mode != Blitz {
		return Ruling{}, fmt.Errorf("%w: both flags down with the order unknown is ruled by Guidelines III.3.1, which apply only if announced (III.2.1)", ErrNotDecidable)
	}
	switch p.Edition {
	case 1997:
		if p.inQuickplayFinish(s) {
			return done(p.ruling(p.Articles.BothFlagsDraw, Draw, "both flags fell in the quickplay finish and it cannot be established which fell first: draw"))
		}
		return done(p.ruling(p.Articles.BothFlagsContinue, Continue, "both flags fell and it cannot be established which fell first: the game continues"))
	}
	if p.Mode == Blitz {
		return Ruling{}, fmt.Errorf("%w: both flags down in blitz with the order unknown (Guidelines III do not apply, III.2.2)", ErrNotDecidable)
	}
	if s.LastPeriod {
		return done(p.ruling(p.Articles.BothFlagsDraw, Draw, "both flags fell in the last period and it cannot be established which fell first: draw"))
	}
	return done(p.ruling(p.Articles.BothFlagsContinue, Continue, "both flags fell before the last period and it cannot be established which fell first: the game continues"))
}
