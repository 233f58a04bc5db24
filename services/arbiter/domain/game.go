package domain

import (
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/outcome"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// The checks and findings the arbiter's rulings share, on the game as its
// events say (package game): whether an incident can be recorded, what a
// touch-move finding allows, and a result's correction.

// refuse returns a *game.Refusal of the given kind (one of package game's
// Err values) with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

// touchMove decides the arbiter's finding that side, having the move,
// touched the pieces on squares (in the order touched; "e1+h1" for two
// touched together, laws.ParseTouchList): the ruling of the Laws and the
// touches it rests on. adjusted: the arbiter finds the pieces were adjusted,
// not touched to move them (laws.Profile.Adjusted).
func touchMove(g *games.Game, side events.Color, squares []string, adjusted bool) (laws.Ruling, []laws.Touch, error) {
	c, err := incident(g, side)
	if err != nil {
		return laws.Ruling{}, nil, err
	}
	pos := g.Rules().Position()
	if c != pos.Turn() {
		return laws.Ruling{}, nil, refuse(refusal.ErrNotOnMove, "side: %s does not have the move (%s has): touch-move binds the player having the move (%s %s)", c, pos.Turn(), g.Profile().Name, g.Profile().Articles.TouchOwn)
	}
	if allowed, article, bound := g.TouchBound(); bound {
		return laws.Ruling{}, nil, refuse(refusal.ErrTouched, "a touch-move ruling (%s %s) already binds %s's move: one of %s", g.Profile().Name, article, c, strings.Join(allowed, ", "))
	}
	ts, err := laws.ParseTouchList(squares...)
	if err != nil {
		return laws.Ruling{}, nil, refuse(refusal.ErrInvalid, "touched: %v", err)
	}
	for _, t := range ts {
		if pos.PieceAt(t.Square) == rules.NoPiece {
			return laws.Ruling{}, nil, refuse(refusal.ErrInvalid, "touched: no piece on %s", t.Square)
		}
	}
	var r laws.Ruling
	if adjusted {
		r, err = g.Profile().Adjusted(laws.Situation{Game: g.Rules()})
	} else {
		r, err = g.Profile().TouchMove(pos, ts)
	}
	if err != nil {
		return laws.Ruling{}, nil, refuse(refusal.ErrInvalid, "touched: %v", err)
	}
	return r, ts, nil
}

// incident checks that the game exists and goes on (not annulled, no claim
// pending), for an incident the arbiter records about side; it returns
// side's colour.
func incident(g *games.Game, side events.Color) (rules.Color, error) {
	if !g.Exists() {
		return 0, refuse(refusal.ErrGameNotFound, "game not found")
	}
	if g.Finished() {
		return 0, refuse(refusal.ErrGameOver, "the game is over: %s (%s)", g.Result(), g.Ending().Termination)
	}
	if a, annulled := g.Annulled(); annulled {
		return 0, refuse(refusal.ErrGameOver, "the game is annulled: %s", a.Reason)
	}
	c, err := games.ParseColor(side)
	if err != nil {
		return 0, refuse(refusal.ErrInvalid, "side: %q is not white or black", side)
	}
	if _, pending := g.Claim(); pending {
		return 0, refuse(refusal.ErrClaimPending, "a draw claim awaits the arbiter's ruling")
	}
	return c, nil
}

// OverrideResult decides the correction of a game's result by the arbiter
// (a wrongly recorded result, an appeal's decision): the game must be over
// (or annulled), the new result one of 1-0, 0-1, 1/2-1/2, or a forfeit
// (events.ResultWhiteForfeitWin "+/-", ResultBlackForfeitWin "-/+", ResultDoubleForfeit "-/-":
// a game not played, e.g. both players absent, or a default the arbiter
// declares after the fact), and different, and the reason and the article
// (of the Laws, e.g. the profile's late-arrival article 6.7.1 / 6.6 for a
// default, or of the tournament's regulations) given: a ruling cites what
// it applies, and the audit holds an override without either as not well
// formed. How the game then reads: package game (the fold of a
// result_overridden).
func OverrideResult(g *games.Game, result events.Result, reason, article string) ([]events.Event, error) {
	if !g.Exists() {
		return nil, refuse(refusal.ErrGameNotFound, "game not found")
	}
	if _, annulled := g.Annulled(); !g.Finished() && !annulled {
		return nil, refuse(refusal.ErrInProgress, "the game is in progress: it ends by a ruling (a penalty or a forfeit), not by a result override")
	}
	switch result {
	case events.ResultWhiteWins, events.ResultBlackWins, events.ResultDraw:
	case events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin, events.ResultDoubleForfeit:
		if score, _ := outcome.ForfeitScore(result); score == g.Result() && g.Ending().Termination == events.TerminationForfeit {
			return nil, refuse(refusal.ErrInvalid, "result: the game is %s by forfeit already", score)
		}
	default:
		return nil, refuse(refusal.ErrInvalid, "result: %q is not 1-0, 0-1, 1/2-1/2 or a forfeit (+/-, -/+, -/-)", result)
	}
	if result == g.Result() {
		return nil, refuse(refusal.ErrInvalid, "result: the game's result is %s already", result)
	}
	reason, article = strings.TrimSpace(reason), strings.TrimSpace(article)
	switch {
	case reason == "" && article == "":
		return nil, refuse(refusal.ErrInvalid, "reason and article: missing (a result override states its reason and cites the article of the Laws or of the regulations it applies)")
	case reason == "":
		return nil, refuse(refusal.ErrInvalid, "reason: missing (a result override states its reason)")
	case article == "":
		return nil, refuse(refusal.ErrInvalid, "article: missing (a result override cites the article of the Laws or of the regulations it applies, e.g. 21.3)")
	}
	return []events.Event{events.ResultOverridden{Previous: g.Result(), Result: result, Reason: reason, Article: article}}, nil
}
