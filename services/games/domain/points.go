package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Points penalties (2023 12.9.4, 12.9.5, and the opponent's score decided
// with a loss, 12.9.6) change what a game scores, not
// its result: the game stays 1-0, ½-½ or 0-1 on the board and in the PGN,
// and the tournament's standings count the score after them
// (laws.ScoreAfter). They are recorded as arbiter.penalty_imposed of kind
// PointsReduced (with its points) or OpponentPointsToMaximum, at any time
// before the game is annulled, and folded here in the order imposed.

// The kinds of arbiter.penalty_imposed that change a game's points.
const (
	// PointsReduced: the offender's score in the game reduced (12.9.5).
	PointsReduced = "points_reduced"
	// OpponentPointsToMaximum: the opponent's score in the game raised to
	// the maximum (12.9.4).
	OpponentPointsToMaximum = "opponent_points_to_maximum"
	// LossPenalty: the game declared lost by the offender (12.9.6); with
	// its opponent_points, the opponent's score as the arbiter decided.
	LossPenalty = "loss"
	// FinePenalty: a fine announced in advance (12.9.7), recorded only.
	FinePenalty = "fine"
	// ExclusionFromRounds: the offender excluded from rounds of the
	// tournament (12.9.8), carried out on the tournament.
	ExclusionFromRounds = "exclusion_from_rounds"
)

// applyPenalty folds a penalty: the points penalties are kept, and a loss
// whose opponent's score the arbiter decided (12.9.6).
func (g *Game) applyPenalty(p events.PenaltyImposed) error {
	kind, points := laws.OffenderPointsReduced, p.Points
	switch {
	case p.Kind == PointsReduced:
	case p.Kind == OpponentPointsToMaximum:
		kind = laws.OpponentPointsToMaximum
	case p.Kind == LossPenalty && p.OpponentPoints != nil:
		kind, points = laws.Loss, *p.OpponentPoints
	default:
		return nil
	}
	c, err := parseColor(p.Side)
	if err != nil {
		return err
	}
	g.points = append(g.points, laws.PointsPenalty{Offender: c, Kind: kind, Points: points})
	return nil
}

// PointsPenalties returns the game's points penalties, in the order
// imposed (none for most games).
func (g *Game) PointsPenalties() []laws.PointsPenalty {
	return append([]laws.PointsPenalty(nil), g.points...)
}
