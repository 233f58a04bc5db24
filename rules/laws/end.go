package laws

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// GameEnd reports whether the current position of g ends the game by itself
// under the profile: checkmate (1997 5.1a / 2023 5.1.1), stalemate (5.2 /
// 5.2.1), a dead position (1997 9.6 / 2023 5.2.2), and, in 2023 only, the
// fifth occurrence of a position (9.6.1) and 75 moves by each player without
// pawn move or capture (9.6.2). In 1997 a fivefold repetition or 75 moves
// only allow a claim.
func (p Profile) GameEnd(g *rules.Game) (Ruling, bool) {
	if g == nil {
		return Ruling{}, false
	}
	st := g.Status()
	pos := g.Position()
	switch {
	case st.Checkmate:
		return p.ruling(p.Articles.Checkmate, winFor(pos.Turn().Other()), "%s is checkmated", pos.Turn()), true
	case st.Stalemate:
		return p.ruling(p.Articles.Stalemate, Draw, "%s is stalemated", pos.Turn()), true
	case st.DeadPosition:
		return p.ruling(p.Articles.DeadPosition, Draw, "neither player can checkmate by any series of legal moves"), true
	case p.AutomaticFivefold && st.Fivefold:
		return p.ruling(p.Articles.Fivefold, Draw, "the position has appeared %d times", st.Repetitions), true
	case p.AutomaticSeventyFive && st.SeventyFiveMove:
		return p.ruling(p.Articles.SeventyFive, Draw, "%d moves by each player without pawn move or capture", st.HalfmoveClock/2), true
	}
	return Ruling{}, false
}

// PlayableStart says whether a game can be started from the position
// start: nil, or an error wrapping ErrNotApplicable that cites the
// article by which a game from it would be over before its first move —
// checkmate or stalemate (1997 5.1a, 5.2 / 2023 5.1.1, 5.2.1), or a dead
// position, where neither player can checkmate by any series of legal
// moves and "the game is drawn" (1997 9.6 / 2023 5.2.2). Hakem refuses to
// create such a game rather than record a game drawn before it began.
func (p Profile) PlayableStart(start rules.Position) error {
	if r, ok := p.GameEnd(rules.NewGame(start)); ok {
		return fmt.Errorf("%w: %s %s: %s — a game from this position would be over (%s) before its first move", ErrNotApplicable, p.Name, r.Article, r.Explanation, r.Result)
	}
	return nil
}

// Resign rules on a resignation by side c, which ends the game at once. 1997
// (5.1b): the opponent wins, with no exception. 2023 (5.1.2): the opponent
// wins unless he cannot checkmate c's king by any series of legal moves, in
// which case the game is drawn. If the position was already dead, the game
// had ended in a draw before the resignation (1997 9.6, 2023 5.2.2).
func (p Profile) Resign(s Situation, c rules.Color) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if c > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, c)
	}
	if over, res := p.over(s); over {
		if r, ok := p.GameEnd(s.Game); ok && !s.Result.Over() && r.Article == p.Articles.DeadPosition {
			r.Explanation += "; the game had ended before the resignation"
			return done(r)
		}
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, res)
	}
	if p.ResignationDrawIfCannotMate && cannotMate(s.Game.Position(), c.Other()) {
		return done(p.ruling(p.Articles.Resignation, Draw, "%s resigns, but %s cannot checkmate by any series of legal moves: draw", c, c.Other()))
	}
	return done(p.ruling(p.Articles.Resignation, winFor(c.Other()), "%s resigns; %s wins", c, c.Other()))
}

// Score returns the points White and Black score for a result under the
// profile's point system (1997 11.1 / 2023 10.1: 1, ½, 0 unless the event
// says otherwise). BothLose scores a loss for each; Continue, Annulled and
// Replay are not results and give an error.
func (p Profile) Score(r Result) (white, black float64, err error) {
	pts := p.Points
	switch r {
	case WhiteWins:
		return pts.Win, pts.Loss, nil
	case BlackWins:
		return pts.Loss, pts.Win, nil
	case Draw:
		return pts.Draw, pts.Draw, nil
	case BothLose:
		return pts.Loss, pts.Loss, nil
	}
	return 0, 0, fmt.Errorf("%w: %s scores no points (article %s)", ErrNotApplicable, r, p.Articles.Points)
}

// RecordingRequired reports whether a player must record the moves (1997 and
// 2023 art. 8.4): not when he has less than five minutes left and less than
// 30 seconds are added per move (increment or delay).
func (p Profile) RecordingRequired(remaining, addedPerMove time.Duration) (bool, Ruling, error) {
	if remaining < 0 || addedPerMove < 0 {
		return false, Ruling{}, fmt.Errorf("%w: negative time", ErrBadInput)
	}
	if remaining < p.RecordingFreeBelow && addedPerMove < p.RecordingIncrementMin {
		r, err := done(p.ruling(p.Articles.Recording, Continue, "less than %v left and less than %v per move: recording not required", p.RecordingFreeBelow, p.RecordingIncrementMin))
		return false, r, err
	}
	r, err := done(p.ruling(p.Articles.Recording, Continue, "the player must record the moves"))
	return true, r, err
}
