package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// EndBySheet decides the end of a game with the result the desk entered
// from the results sheet (tournament.results_entered): "1-0", "0-1",
// "1/2-1/2" and "0-0" (both lost) end it as played (events.TerminationResultsSheet);
// the forfeits "+/-", "-/+" and "-/-" end it 1-0, 0-1 or 0-0 by forfeit.
// A game already ended keeps its end (the tournament counts the desk's
// result: a correction is the tournament's event), and gives nothing.
func (g *Game) EndBySheet(result events.Result) ([]Event, error) {
	if !g.Exists() {
		return nil, refuse(refusal.ErrGameNotFound, "game not found")
	}
	if g.Finished() {
		return nil, nil
	}
	end := events.GameEnded{Termination: events.TerminationResultsSheet, Ply: g.Ply()}
	switch result {
	case events.ResultWhiteWins, events.ResultBlackWins, events.ResultDraw, events.ResultBothLost:
		end.Result = result
	case events.ResultWhiteForfeitWin:
		end.Result, end.Termination = events.ResultWhiteWins, events.TerminationForfeit
	case events.ResultBlackForfeitWin:
		end.Result, end.Termination = events.ResultBlackWins, events.TerminationForfeit
	case events.ResultDoubleForfeit:
		end.Result, end.Termination = events.ResultBothLost, events.TerminationForfeit
	default:
		return nil, refuse(refusal.ErrInvalid, "result: %q is not a result of the results sheet", result)
	}
	return []Event{end}, nil
}

// SheetResult is the results sheet's result that EndBySheet ended a game
// with, read back from the game.ended it gave: the forfeits from their
// termination, the rest as played. The audit uses it to decide the end
// again from the sheet's result (EndBySheet(SheetResult(end)) gives end).
func SheetResult(end events.GameEnded) events.Result {
	if end.Termination != events.TerminationForfeit {
		return end.Result
	}
	switch end.Result {
	case events.ResultWhiteWins:
		return events.ResultWhiteForfeitWin
	case events.ResultBlackWins:
		return events.ResultBlackForfeitWin
	}
	return events.ResultDoubleForfeit
}
