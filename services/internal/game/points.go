package game

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/outcome"
)

// Points penalties (2023 12.9.4, 12.9.5, and the opponent's score decided
// with a loss, 12.9.6) change what a game scores, not
// its result: the game stays 1-0, ½-½ or 0-1 on the board and in the PGN,
// and the tournament's standings count the score after them
// (laws.ScoreAfter). They are recorded as arbiter.penalty_imposed of kind
// PointsReduced (with its points) or OpponentPointsToMaximum, at any time
// before the game is annulled, and folded in the order imposed by the one
// reading of a game's outcome the tournament's services share
// (services/internal/outcome).

// The kinds of arbiter.penalty_imposed that change a game's points.
const (
	// PointsReduced: the offender's score in the game reduced (12.9.5).
	PointsReduced = outcome.PointsReduced
	// OpponentPointsToMaximum: the opponent's score in the game raised to
	// the maximum (12.9.4).
	OpponentPointsToMaximum = outcome.OpponentPointsToMaximum
	// LossPenalty: the game declared lost by the offender (12.9.6); with
	// its opponent_points, the opponent's score as the arbiter decided.
	LossPenalty = outcome.LossPenalty
	// FinePenalty: a fine announced in advance (12.9.7), recorded only.
	FinePenalty = "fine"
	// ExclusionFromRounds: the offender excluded from rounds of the
	// tournament (12.9.8), carried out on the tournament.
	ExclusionFromRounds = "exclusion_from_rounds"
)

// applyPenalty folds a penalty: the points penalties are kept, and a loss
// whose opponent's score the arbiter decided (12.9.6)
// (outcome.PointsPenalty); a points penalty on no side is a broken log.
func (g *Game) applyPenalty(p events.PenaltyImposed) error {
	if p.Kind != PointsReduced && p.Kind != OpponentPointsToMaximum && (p.Kind != LossPenalty || p.OpponentPoints == nil) {
		return nil
	}
	pen, ok := outcome.PointsPenalty(p)
	if !ok {
		_, err := ParseColor(p.Side)
		return err
	}
	g.points = append(g.points, pen)
	return nil
}

// PointsPenalties returns the game's points penalties, in the order
// imposed (none for most games).
func (g *Game) PointsPenalties() []laws.PointsPenalty {
	return append([]laws.PointsPenalty(nil), g.points...)
}
