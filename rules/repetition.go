package rules

// RepetitionCount returns how many times the current position has occurred
// in the game (article 9.2 identity: same player to move, same pieces on the
// same squares, same castling rights, same possible en-passant captures),
// counting this occurrence, so at least 1.
//
// Only the positions since the last pawn move or capture are compared (none
// before can be the same), so the cost is proportional to the halfmove
// clock. Positions before the game's start position are not known: a game
// started from a FEN counts from there.
func (g *Game) RepetitionCount() int {
	ply := len(g.keys) - 1
	return g.occurrences(g.keys[ply], ply, g.cur.HalfmoveClock())
}

// RepetitionCountAfter returns how many times the position after m would
// have occurred, counting that occurrence: the count a player claiming a
// draw with the intended move m (article 9.2.1) relies on. It returns 0 if m
// is not legal.
func (g *Game) RepetitionCountAfter(m Move) int {
	cur := g.current()
	if !cur.IsLegal(m) {
		return 0
	}
	next := cur.Play(m)
	return g.occurrences(next.Hash(), len(g.keys), next.HalfmoveClock())
}

// occurrences counts the position with key at ply among the earlier
// positions with the same side to move within the halfmove-clock window,
// plus one for itself. keys[ply] need not exist yet (ply == len(keys)).
func (g *Game) occurrences(key uint64, ply, halfmoves int) int {
	n := 1
	low := ply - halfmoves
	if low < 0 {
		low = 0
	}
	keys := g.keys
	for i := ply - 2; i >= low; i -= 2 {
		if keys[i] == key {
			n++
		}
	}
	return n
}
