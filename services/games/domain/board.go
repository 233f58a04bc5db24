package domain

import (
	"errors"

	"github.com/hakem-chess/hakem/rules"
)

// board is the game on the board: the start position, the moves and the
// positions they led to, with what the Laws say about the last one.
//
// Half done: this is a stand-in for rules.Game (the rules module's game
// record, not committed yet when this was written) with the subset of its
// API the domain uses; it should be replaced by rules.Game when that lands,
// which will also bring the dead-position test (article 5.2.2), not made here.
type board struct {
	positions []rules.Position // positions[0] is the start, positions[i] after move i
	moves     []rules.Move
}

// Status is what the Laws say about the current position.
type Status struct {
	Check, Checkmate, Stalemate bool
	// Repetitions is how many times the current position has occurred
	// (article 9.2 identity, through the position's hash), at least 1.
	Repetitions int
	// ThreefoldClaimable: the position has occurred 3 times (9.2.1).
	ThreefoldClaimable bool
	// FiftyMoveClaimable: the last 50 moves of each player had no pawn move
	// and no capture (9.3).
	FiftyMoveClaimable bool
	// Fivefold: the position has occurred 5 times (9.6.1).
	Fivefold bool
	// SeventyFiveMove: 75 moves of each player without a pawn move or a
	// capture (9.6.2).
	SeventyFiveMove bool
	// DeadPosition is never set by the stand-in (see board).
	DeadPosition bool
}

func newBoard(start rules.Position) *board {
	return &board{positions: []rules.Position{start}}
}

func (b *board) Position() rules.Position { return b.positions[len(b.positions)-1] }

func (b *board) PositionAt(ply int) rules.Position { return b.positions[ply] }

func (b *board) Moves() []rules.Move { return append([]rules.Move(nil), b.moves...) }

// Play plays a legal move.
func (b *board) Play(m rules.Move) error {
	p := b.Position()
	if !p.IsLegal(m) {
		return errors.New("illegal move")
	}
	b.positions = append(b.positions, p.Play(m))
	b.moves = append(b.moves, m)
	return nil
}

// Undo takes back the last move.
func (b *board) Undo() error {
	if len(b.moves) == 0 {
		return errors.New("no move to take back")
	}
	b.positions = b.positions[:len(b.positions)-1]
	b.moves = b.moves[:len(b.moves)-1]
	return nil
}

// Status reports on the current position.
func (b *board) Status() Status {
	p := b.Position()
	s := Status{Check: p.InCheck()}
	if !p.HasLegalMoves() {
		s.Checkmate, s.Stalemate = s.Check, !s.Check
	}
	h := p.Hash()
	// a repetition can only reach back to the last capture or pawn move
	back := min(p.HalfmoveClock(), len(b.positions)-1)
	for i := len(b.positions) - 1; i >= len(b.positions)-1-back; i-- {
		if b.positions[i].Hash() == h {
			s.Repetitions++
		}
	}
	s.ThreefoldClaimable = s.Repetitions >= 3
	s.Fivefold = s.Repetitions >= 5
	s.FiftyMoveClaimable = p.HalfmoveClock() >= 100
	// checkmate on the 75th move takes precedence (9.6.2)
	s.SeventyFiveMove = p.HalfmoveClock() >= 150 && !s.Checkmate
	return s
}
