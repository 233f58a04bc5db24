package tournament

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/rules/laws"
)

// A board's result as the tournament counts it is an events.Result: the
// games service's results of a game played over the board (1-0, 0-1,
// 1/2-1/2, and 0-0, events.ResultBothLost), events.ResultUnfinished (or
// "") for a game going on, or a forfeit for a game not played
// (events.ResultWhiteForfeitWin, ResultBlackForfeitWin, ResultDoubleForfeit:
// a player lost without play, absent at the start or a default declared by
// the arbiter). The results of games that lasted less than one move (a
// player made no move: fewer than two plies; see UnratedBelowPlies) are
// the TRF's W, L and D (events.ResultUnratedWhiteWin, ...): games played
// for the pairing (colours count, C.04.1), not rated (the rating
// regulations; pairing/trf and ratings read W, D, L so).
//
// A game played that both players lost (events.ResultBothLost, "0-0": the
// arbiter's ruling when both are at fault, laws.BothAtFault, 2023 11.8 /
// 1997 12.8 — e.g. both refuse to comply with the Laws) is a game played
// over the board, unlike a double forfeit. It is written TRF 0 for both
// with their colours, counts for the colour history and forbids a rematch
// (C.04.1), scores nothing for either, and is rated as a loss for both: the
// FIDE Rating Regulations have no article on a game both lost, and each
// player did lose a game played (our reading; an arbiter who disagrees
// overrides the result). In a game that lasted less than one move it is
// events.ResultUnratedBothLost: TRF L for both, played, not rated.

// UnratedBelowPlies is the length below which a game played over the
// board is not rated: a game "lasting less than one move", one in which a
// player has not made a move (two plies make the first move of each).
const UnratedBelowPlies = 2

// BoardResult is a board's result read from its string: each side's
// outcome, and whether the game was played over the board. A forfeit is
// not a game played (FIDE C.04.1, C.04.3): it gives no colour, the two
// players may be paired again, it is rated for neither and the tie-breaks
// count it as unplayed (C.07).
type BoardResult struct {
	White, Black pairing.Outcome
	Played       bool
	// Unrated marks a game played that lasted less than one move (TRF W,
	// D, L): it counts for the pairing, not for the ratings.
	Unrated bool
}

// ParseResult reads a board's result; ok is false for a game going on
// ("*", "") or a string that is no result.
func ParseResult(s events.Result) (r BoardResult, ok bool) {
	switch s {
	case events.ResultWhiteWins:
		return BoardResult{White: pairing.Win, Black: pairing.Loss, Played: true}, true
	case events.ResultBlackWins:
		return BoardResult{White: pairing.Loss, Black: pairing.Win, Played: true}, true
	case events.ResultDraw:
		return BoardResult{White: pairing.Draw, Black: pairing.Draw, Played: true}, true
	case events.ResultWhiteForfeitWin:
		return BoardResult{White: pairing.Win, Black: pairing.Loss}, true
	case events.ResultBlackForfeitWin:
		return BoardResult{White: pairing.Loss, Black: pairing.Win}, true
	case events.ResultUnratedWhiteWin:
		return BoardResult{White: pairing.Win, Black: pairing.Loss, Played: true, Unrated: true}, true
	case events.ResultUnratedBlackWin:
		return BoardResult{White: pairing.Loss, Black: pairing.Win, Played: true, Unrated: true}, true
	case events.ResultUnratedDraw:
		return BoardResult{White: pairing.Draw, Black: pairing.Draw, Played: true, Unrated: true}, true
	case events.ResultBothLost:
		return BoardResult{White: pairing.Loss, Black: pairing.Loss, Played: true}, true
	case events.ResultUnratedBothLost:
		return BoardResult{White: pairing.Loss, Black: pairing.Loss, Played: true, Unrated: true}, true
	case events.ResultDoubleForfeit:
		return BoardResult{White: pairing.Loss, Black: pairing.Loss}, true
	}
	return BoardResult{}, false
}

// TournamentResult is the result a game counts for in its tournament,
// from the game's result and its termination as the games service folds
// them: a game that ended by forfeit (termination "forfeit": a default for
// late arrival or absence, Article 6.7, a result override to a forfeit —
// +/-, -/+ or -/- given after the fact, which the games service folds as
// 1-0, 0-1 or 0-0 ended by forfeit — and a result override of a default to
// another winner) is events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin or events.ResultDoubleForfeit; any
// other result is kept. A forfeit overridden to a draw counts as a drawn
// game: no TRF code says "drawn without play" (the arbiter gives -/- for a
// game both players lost without play).
func TournamentResult(result events.Result, termination events.Termination) events.Result {
	if termination != events.TerminationForfeit {
		return result
	}
	switch result {
	case events.ResultWhiteWins:
		return events.ResultWhiteForfeitWin
	case events.ResultBlackWins:
		return events.ResultBlackForfeitWin
	case events.ResultBothLost:
		return events.ResultDoubleForfeit
	}
	return result
}

// GameResult is the result a game of ply plies counts for in its
// tournament: TournamentResult, and a game played that lasted less than
// one move (ply below UnratedBelowPlies) as events.ResultUnratedWhiteWin,
// events.ResultUnratedBlackWin, events.ResultUnratedDraw or events.ResultUnratedBothLost.
func GameResult(result events.Result, termination events.Termination, ply int) events.Result {
	r := TournamentResult(result, termination)
	if ply >= UnratedBelowPlies || termination == events.TerminationResultsSheet {
		return r
	}
	switch r {
	case events.ResultWhiteWins:
		return events.ResultUnratedWhiteWin
	case events.ResultBlackWins:
		return events.ResultUnratedBlackWin
	case events.ResultDraw:
		return events.ResultUnratedDraw
	case events.ResultBothLost:
		return events.ResultUnratedBothLost
	}
	return r
}

// A game the games service ends with the result the desk entered from the
// results sheet (events.TerminationResultsSheet: a game played on a
// wooden board, never through the API) is a game played and rated:
// GameResult does not apply the one-move rule to it, no moves were
// recorded, the game was played.

// Penalties are the points penalties of a tournament's games (2023 12.9.4:
// the opponent's score in the game raised to the maximum; 12.9.5: the
// offender's reduced), keyed by the board's game id, in the order imposed.
// They change the points and the ranks, not the games' results (see the
// scoring's StandingsPenalised).
type Penalties map[string][]laws.PointsPenalty

// PenaltyPoints is what the games' points penalties pens change in each
// player's points, by round (index 0: round 1), over the games of rounds
// 1 to round that have a result (round 0 or less: every round):
// laws.ScoreAfter on the points the board result scores under t's point
// system, minus those points. It is the one reading of the penalties that
// the standings, the crosstable, the hall, the audit (scoring's
// PenaltyDelta) and the pairing's score groups (the 299 records of the
// tournament report file the Dutch engine pairs from) all follow.
func (t *Tournament) PenaltyPoints(round int, results map[string]events.Result, pens Penalties) []map[string]float64 {
	var out []map[string]float64
	if len(pens) == 0 {
		return out
	}
	ps := t.Points()
	for i, r := range t.Rounds {
		if round > 0 && i >= round {
			break
		}
		delta := map[string]float64{}
		for _, pr := range r.Pairings {
			pen := pens[pr.GameID]
			br, ok := ParseResult(results[pr.GameID])
			if len(pen) == 0 || !ok {
				continue
			}
			sw, sb := ps.Of(br.White, br.Played), ps.Of(br.Black, br.Played)
			aw, ab := laws.ScoreAfter(sw, sb, ps.Win, pen)
			if aw != sw {
				delta[pr.White] += aw - sw
			}
			if ab != sb {
				delta[pr.Black] += ab - sb
			}
		}
		out = append(out, delta)
	}
	return out
}
