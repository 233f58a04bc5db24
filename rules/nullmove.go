package rules

// PlayNull returns the position after a pass (the PGN null move "--" or
// "Z0" of analysis files; never a legal move in a game): the other side is
// to move, no en-passant capture remains, the halfmove clock advances and
// the move number grows after Black's pass. A side in check cannot pass:
// ok is false and p is returned unchanged.
func (p *Position) PlayNull() (next Position, ok bool) {
	if p.checkers != 0 {
		return *p, false
	}
	next = *p
	if next.ep != NoSquare {
		next.hash ^= zEnPassant[next.ep.File()]
		next.ep = NoSquare
	}
	next.halfmove++
	if next.turn == Black {
		next.fullmove++
	}
	next.turn ^= 1
	next.hash ^= zBlack
	next.checkers = next.checkersOf(next.turn)
	return next, true
}
