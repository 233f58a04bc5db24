package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// EndByRuling decides the end of the game that an arbiter's ruling gives
// (e.g. after a flag fall): nothing if the game is already over or the
// ruling lets it continue. A ruling that both players lose (decision
// BothLoseDecision: laws.BothAtFault, 1997 12.8, 2023 11.8) ends the game
// events.ResultBothLost (0-0) with the termination "arbiter" and the ruling's article:
// a game played, not a forfeit.
func (g *Game) EndByRuling(r events.RulingGiven) ([]Event, error) {
	if !g.Exists() {
		return nil, refuse(refusal.ErrGameNotFound, "game not found")
	}
	if g.Finished() {
		return nil, nil
	}
	var result events.Result
	switch r.Decision {
	case "win_white":
		result = events.ResultWhiteWins
	case "win_black":
		result = events.ResultBlackWins
	case "draw":
		result = events.ResultDraw
	case game.BothLoseDecision:
		result = events.ResultBothLost
	default:
		return nil, nil
	}
	why := events.Termination(r.Matter)
	switch {
	case r.Matter == events.MatterPenalty, r.Matter == events.MatterBothAtFault:
		why = events.TerminationArbiter
	case r.Matter == events.MatterLateArrival:
		why = events.TerminationForfeit
	case (r.Matter == events.MatterFlagFall || r.Matter == events.MatterFlagClaim) && result == events.ResultDraw:
		why = events.TerminationInsufficientMaterialFlag
	case r.Matter == events.MatterFlagClaim:
		why = events.TerminationFlagFall // a win on time claimed (6.8; 2023 A.5.3)
	case r.Matter == events.MatterIllegalPosition:
		why = events.TerminationArbiter // the arbiter declares the game drawn (2023 A.5.4)
	case r.Matter == events.MatterBothFlags && result == events.ResultDraw:
		why = events.TerminationBothFlags // 1997 10.4, 2023 III.3.1.2, or 6.9 against a side that cannot mate
	case r.Matter == events.MatterBothFlags:
		why = events.TerminationFlagFall // the first flag decides (6.9)
	case r.Matter == events.MatterQuickplayClaim:
		why = events.TerminationQuickplay // a postponed claim decided later (1997 10.2c, 2023 III.5.2)
	case r.Matter == events.MatterDrawClaim:
		why = events.TerminationRepetition
		if c, ok := g.LastClaim(); ok && c.Reason == events.ClaimFiftyMoves {
			why = events.TerminationFiftyMoves
		}
		if c, ok := g.LastClaim(); ok && c.Reason == events.ClaimQuickplay {
			why = events.TerminationQuickplay
		}
		if c, ok := g.LastClaim(); ok && c.Reason == events.ClaimIncrementRequest {
			why = events.TerminationAgreement // the opponent accepted the offer the request makes (2023 III.4)
		}
	}
	return []Event{events.GameEnded{Result: result, Termination: why, Article: r.Article, Ply: g.Ply()}}, nil
}

// Resign decides a resignation by player, as the laws profile says (2023
// 5.1.2: the opponent wins unless he cannot checkmate by any series of
// legal moves, then a draw; 1997 5.1b: the opponent wins).
func (g *Game) Resign(player string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().Resign(laws.Situation{Game: g.Rules()}, c)
	if err != nil {
		return nil, refuse(refusal.ErrGameOver, "resignation: %v", err)
	}
	return []Event{
		events.Resigned{By: color(c)},
		events.GameEnded{Result: events.Result(r.Result.String()), Termination: events.TerminationResignation, Article: r.Article, Ply: g.Ply()},
	}, nil
}
