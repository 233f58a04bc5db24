package rules

// Status is what the Laws say about the current position of a game: facts,
// not rulings. Which of them end the game, and which only allow a claim,
// depends on the edition of the Laws (a laws profile decides): the 1997
// edition has no fivefold or 75-move rule; the 2023 edition makes both
// automatic draws (article 9.6).
type Status struct {
	// Check: the player to move is in check.
	Check bool
	// Checkmate: in check with no legal move; the game is won (5.1.1 / 5.1a).
	Checkmate bool
	// Stalemate: not in check with no legal move; the game is drawn
	// (5.2.1 / 5.2).
	Stalemate bool
	// Repetitions is how many times the current position has occurred
	// (article 9.2 identity), at least 1.
	Repetitions int
	// HalfmoveClock is the number of moves by either side since the last
	// pawn move or capture.
	HalfmoveClock int
	// FiftyMoveClaimable: the last 50 moves by each player were made without
	// a pawn move or capture (HalfmoveClock >= 100); a draw the player to move
	// may claim (9.3). False when the game is over by checkmate or stalemate.
	FiftyMoveClaimable bool
	// ThreefoldClaimable: the position has occurred at least three times
	// (9.2). False when the game is over by checkmate or stalemate.
	ThreefoldClaimable bool
	// Fivefold: the position has occurred at least five times (2023: 9.6.1,
	// an automatic draw).
	Fivefold bool
	// SeventyFiveMove: at least 75 moves by each player without a pawn move
	// or capture (HalfmoveClock >= 150; 2023: 9.6.2, an automatic draw).
	// False when the move that reached it gave checkmate, which takes
	// precedence (9.6.2), or stalemate (a draw already).
	SeventyFiveMove bool
	// DeadPosition: neither player can checkmate by any series of legal
	// moves, proved (1997: 9.6; 2023: 5.2.2). Examined only when the game is
	// not over by checkmate or stalemate.
	DeadPosition bool
}

// Status reports the current position's status. It does not allocate,
// except in the rare locked positions that need a mating search (see
// CanMate), whose results the game keeps.
func (g *Game) Status() Status {
	p := g.current()
	s := Status{
		Check:         p.InCheck(),
		Repetitions:   g.RepetitionCount(),
		HalfmoveClock: p.HalfmoveClock(),
	}
	if !p.HasLegalMoves() {
		s.Checkmate = s.Check
		s.Stalemate = !s.Check
	}
	over := s.Checkmate || s.Stalemate
	s.Fivefold = s.Repetitions >= 5 && !over
	s.SeventyFiveMove = s.HalfmoveClock >= 150 && !over
	if !over {
		s.FiftyMoveClaimable = s.HalfmoveClock >= 100
		s.ThreefoldClaimable = s.Repetitions >= 3
		s.DeadPosition = g.deadPosition(p)
	}
	return s
}

// deadPosition is IsDeadPosition with the game's memory of mating searches:
// a search that found no mate from some position proves the same for every
// position it reached, so a locked ending that shuffles on is searched once,
// not after every move.
func (g *Game) deadPosition(p *Position) bool {
	return g.cannotMate(p, White) && g.cannotMate(p, Black)
}

// cannotMate is CanMate(p, c) == MatingImpossible, remembering searches.
func (g *Game) cannotMate(p *Position, c Color) bool {
	if insufficientMaterial(p, c) {
		return true
	}
	switch lockedCannotMate(p, c) {
	case lockProved:
		return true
	case lockNotApplicable:
		if !nearlyLocked(p) {
			return false
		}
	}
	h := p.Hash()
	if _, ok := g.noMate[c][h]; ok {
		return true
	}
	if g.searched[c] == h && g.searchedSet[c] {
		return false // searched here already: a mate exists or it is unknown
	}
	a, seen := helpmateSearchSeen(*p, c, matingSearchBudget)
	if a == MatingImpossible {
		if g.noMate[c] == nil {
			g.noMate[c] = seen
		} else {
			for k := range seen {
				g.noMate[c][k] = struct{}{}
			}
		}
		return true
	}
	g.searched[c], g.searchedSet[c] = h, true
	return false
}
