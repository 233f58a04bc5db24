package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
)

// EndByRuling decides the end of the game that an arbiter's ruling gives
// (e.g. after a flag fall): nothing if the game is already over or the
// ruling lets it continue. A ruling that both players lose (decision
// BothLoseDecision: laws.BothAtFault, 1997 12.8, 2023 11.8) ends the game
// BothLost (0-0) with the termination "arbiter" and the ruling's article:
// a game played, not a forfeit.
func (g *Game) EndByRuling(r events.RulingGiven) ([]Event, error) {
	if !g.exists {
		return nil, refuse(ErrNotFound, "game not found")
	}
	if g.Finished() {
		return nil, nil
	}
	result := ""
	switch r.Decision {
	case "win_white":
		result = WhiteWins
	case "win_black":
		result = BlackWins
	case "draw":
		result = Draw
	case BothLoseDecision:
		result = BothLost
	default:
		return nil, nil
	}
	why := r.Matter
	switch {
	case r.Matter == "penalty", r.Matter == BothAtFault:
		why = "arbiter"
	case r.Matter == "late_arrival":
		why = "forfeit"
	case r.Matter == "flag_fall" && result == Draw:
		why = "insufficient_material_flag"
	case r.Matter == "both_flags" && result == Draw:
		why = "both_flags" // 1997 10.4, 2023 III.3.1.2, or 6.9 against a side that cannot mate
	case r.Matter == "both_flags":
		why = "flag_fall" // the first flag decides (6.9)
	case r.Matter == "quickplay_claim":
		why = QuickplayClaim // a postponed claim decided later (1997 10.2c, 2023 III.5.2)
	case r.Matter == "draw_claim":
		why = "repetition"
		if c, ok := g.lastClaim(); ok && c.Reason == "fifty_moves" {
			why = "fifty_moves"
		}
		if c, ok := g.lastClaim(); ok && c.Reason == QuickplayClaim {
			why = QuickplayClaim
		}
		if c, ok := g.lastClaim(); ok && c.Reason == IncrementRequest {
			why = "agreement" // the opponent accepted the offer the request makes (2023 III.4)
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
	r, err := g.profile.Resign(laws.Situation{Game: g.play}, c)
	if err != nil {
		return nil, refuse(ErrFinished, "resignation: %v", err)
	}
	return []Event{
		events.Resigned{By: color(c)},
		events.GameEnded{Result: r.Result.String(), Termination: "resignation", Article: r.Article, Ply: g.Ply()},
	}, nil
}
