// Package outcome is a game's outcome as its events say — who played it,
// the result, how
// and under which article it ended, how many plies were played, the points
// penalties the arbiter imposed, whether it was annulled — read from the
// game's log alone, without replaying its moves. It is the one reading of
// these facts: the fold of a game (services/internal/game, which the games
// and the arbiter decide on) delegates to it, and the tournament's readers
// (the pairing, and through services/internal/boards the scoring and the
// pages) read a board's game through it instead of through the games
// service's packages.
//
// The package is pure: the events module's catalogue and the Laws' points
// arithmetic only.
package outcome

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Game is a game's outcome, folded from its events by Apply.
type Game struct {
	// Created is the game's creation (game.created: its players, its
	// tournament and board); zero for a game that does not exist.
	Created events.GameCreated
	// Ending is the game's end as the log says (game.ended, as a result
	// override changed it); zero while the game goes on.
	Ending events.GameEnded
	// Plies is the number of moves played (game.move_played).
	Plies int
	// Penalties are the points penalties, in the order imposed.
	Penalties []laws.PointsPenalty
	// Annulled is set by arbiter.game_annulled and cleared by a result
	// override.
	Annulled *events.GameAnnulled
}

// Of folds the events evs (catalogue values or pointers to them, as
// events.Decode returns) into a game's outcome.
func Of(evs ...events.Event) Game {
	var g Game
	for _, e := range evs {
		g.Apply(e)
	}
	return g
}

// Result returns "1-0", "0-1", "1/2-1/2", "0-0", or events.ResultUnfinished while the
// game goes on.
func (g *Game) Result() events.Result {
	if g.Ending.Result == "" {
		return events.ResultUnfinished
	}
	return g.Ending.Result
}

// Finished reports whether the game has a result.
func (g *Game) Finished() bool { return g.Ending.Result != "" }

// Apply folds one event (value or pointer); the events that change none
// of the outcome's facts are skipped.
func (g *Game) Apply(e events.Event) {
	switch e := e.(type) {
	case *events.GameCreated:
		g.Created = *e
	case events.GameCreated:
		g.Created = e
	case *events.MovePlayed, events.MovePlayed:
		g.Plies++
	case *events.GameEnded:
		g.Ending = *e
	case events.GameEnded:
		g.Ending = e
	case *events.ResultOverridden:
		g.Override(*e)
	case events.ResultOverridden:
		g.Override(e)
	case *events.GameAnnulled:
		a := *e
		g.Annulled = &a
	case events.GameAnnulled:
		g.Annulled = &e
	case *events.PenaltyImposed:
		g.Penalise(*e)
	case events.PenaltyImposed:
		g.Penalise(e)
	}
}

// ForfeitScore is the score of a forfeit result of a result override
// ("+/-", "-/+", "-/-": "1-0", "0-1", "0-0", the results a default ends a
// game with); ok is false for any other result.
func ForfeitScore(result events.Result) (score events.Result, ok bool) {
	switch result {
	case events.ResultWhiteForfeitWin:
		return events.ResultWhiteWins, true
	case events.ResultBlackForfeitWin:
		return events.ResultBlackWins, true
	case events.ResultDoubleForfeit:
		return events.ResultBothLost, true
	}
	return "", false
}

// Override folds a result override. A forfeit result stands as its score
// (1-0, 0-1, 0-0) with the termination Forfeit and the override's
// article, as a default ending the game does, so that the tournament
// counts it as a forfeit. Another result stands as given; it makes a game
// that both players had moved in (two plies or more: no default ends such
// a game, so its forfeit came from an override) a game played again,
// ended by the arbiter ("arbiter"). A forfeit of a game of fewer plies (a
// default) overridden to 1-0 or 0-1 stays a forfeit, with the new winner.
// The override lifts an annulment.
func (g *Game) Override(e events.ResultOverridden) {
	g.Annulled = nil
	if score, ok := ForfeitScore(e.Result); ok {
		g.Ending.Result, g.Ending.Termination, g.Ending.Article, g.Ending.Ply = score, events.TerminationForfeit, e.Article, g.Plies
		return
	}
	g.Ending.Result = e.Result
	if g.Ending.Termination == events.TerminationForfeit && g.Plies >= 2 {
		g.Ending.Termination, g.Ending.Article = events.TerminationArbiter, e.Article
	}
}

// Penalise folds a penalty: a points penalty (events.PenaltyPointsReduced with its
// points, events.PenaltyOpponentPointsToMaximum, a events.PenaltyLoss with the opponent's
// score decided) is kept; any other kind, or a side that
// is neither white nor black, changes nothing.
func (g *Game) Penalise(p events.PenaltyImposed) {
	pen, ok := PointsPenalty(p)
	if ok {
		g.Penalties = append(g.Penalties, pen)
	}
}

// PointsPenalty is the points penalty p imposes, if p is one.
func PointsPenalty(p events.PenaltyImposed) (laws.PointsPenalty, bool) {
	kind, points := laws.OffenderPointsReduced, p.Points
	switch {
	case p.Kind == events.PenaltyPointsReduced:
	case p.Kind == events.PenaltyOpponentPointsToMaximum:
		kind = laws.OpponentPointsToMaximum
	case p.Kind == events.PenaltyLoss && p.OpponentPoints != nil:
		kind, points = laws.Loss, *p.OpponentPoints
	default:
		return laws.PointsPenalty{}, false
	}
	var c rules.Color
	switch p.Side {
	case events.White:
		c = rules.White
	case events.Black:
		c = rules.Black
	default:
		return laws.PointsPenalty{}, false
	}
	return laws.PointsPenalty{Offender: c, Kind: kind, Points: points}, true
}
