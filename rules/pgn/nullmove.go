package pgn

import (
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/rules"
)

// nullMove returns the position after a pass by the side to move: the other
// side is to move, no en-passant capture is possible, the halfmove clock
// advances by one and the move number after a pass by Black. A side in check
// cannot pass (its king would be capturable).
func nullMove(p *rules.Position) (rules.Position, error) {
	if p.InCheck() {
		return *p, &moveError{"null move while in check"}
	}
	f := strings.Fields(p.FEN())
	if len(f) != 6 {
		return *p, &moveError{"null move: cannot rebuild the position"}
	}
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
		f[5] = strconv.Itoa(p.FullmoveNumber() + 1)
	}
	f[3] = "-"
	f[4] = strconv.Itoa(p.HalfmoveClock() + 1)
	fen := strings.Join(f, " ")
	var next rules.Position
	var err error
	if p.Chess960() {
		next, err = rules.ParseFEN960(fen)
	} else {
		next, err = rules.ParseFEN(fen)
	}
	if err != nil {
		return *p, &moveError{"null move: " + err.Error()}
	}
	return next, nil
}
