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
// events.PenaltyPointsReduced (with its points) or
// events.PenaltyOpponentPointsToMaximum, at any time
// before the game is annulled, and folded in the order imposed by the one
// reading of a game's outcome the tournament's services share
// (services/internal/outcome).

// applyPenalty folds a penalty: the points penalties are kept, and a loss
// whose opponent's score the arbiter decided (12.9.6)
// (outcome.PointsPenalty); a points penalty on no side is a broken log.
func (g *Game) applyPenalty(p events.PenaltyImposed) error {
	if p.Kind != events.PenaltyPointsReduced && p.Kind != events.PenaltyOpponentPointsToMaximum && (p.Kind != events.PenaltyLoss || p.OpponentPoints == nil) {
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
