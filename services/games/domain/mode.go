package domain

import (
	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/rules/laws"
)

// ModeOf is the kind of game a time control makes (FIDE Laws 2023 A.1:
// rapid, more than 10 and less than 60 minutes for all the moves, or for
// 60 moves counting 60 increments; B.1: blitz, 10 minutes or less;
// standard otherwise): laws.ModeFor on the time each player has for his
// first 60 moves (clock.TimeControl.TimeForMoves). A game without a known
// control is standard. With different controls for the two sides, the
// longer decides.
func ModeOf(timeControl string) laws.Mode {
	tc, err := clock.ParsePGN(timeControl)
	if err != nil || tc.Kind == clock.Untimed || tc.Kind == clock.Unknown {
		return laws.Standard
	}
	return laws.ModeFor(max(tc.TimeForMoves(clock.White, 60), tc.TimeForMoves(clock.Black, 60)))
}
