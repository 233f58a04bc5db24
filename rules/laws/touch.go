package laws

import (
	"fmt"

	"github.com/hakem-chess/hakem/rules"
)

// Touch is a piece the player having the move deliberately touched (not
// adjusted, 4.2), in the order touched.
type Touch struct {
	Square rules.Square
	// WithPrevious: touched at the same moment as the previous touch (e.g.
	// king and rook together, intending to castle).
	WithPrevious bool
}

// TouchMove rules on what the player having the move in pos may play after
// deliberately touching the given pieces (1997 4.3–4.5, 2023 4.3–4.5):
//
//   - own pieces only: the first touched that can be moved (4.3a / 4.3.1);
//   - opponent's pieces only: capture the first touched that can be captured
//     (4.3a / 4.3.2);
//   - one of each: capture the opponent's piece with his own; if that is
//     illegal, move or capture the first touched that can be (4.3b / 4.3.3);
//     if it is unclear which was first, the player's own piece counts first
//     (give the touches in that order);
//   - king then rook (or together): castle on that side if legal (4.4a /
//     4.4.1); if that castling is illegal, another king move, which may be
//     castling with the other rook (4.4c / 4.4.3); rook then king: no
//     castling on that side on this move, and 4.3 applies (4.4b / 4.4.2);
//   - none of the touched pieces can be moved or captured: any legal move
//     (4.5).
//
// Ruling.Allowed lists the moves allowed (Permits tests a move).
func (p Profile) TouchMove(pos rules.Position, touches []Touch) (Ruling, error) {
	if len(touches) == 0 {
		return Ruling{}, ErrNothingTouched
	}
	me := pos.Turn()
	var own, opp []rules.Square
	for _, t := range touches {
		if t.Square < rules.A1 || t.Square > rules.H8 {
			return Ruling{}, fmt.Errorf("%w: square %d", ErrBadInput, t.Square)
		}
		pc := pos.PieceAt(t.Square)
		if pc == rules.NoPiece {
			return Ruling{}, fmt.Errorf("%w: %s", ErrEmptySquare, t.Square)
		}
		if pc.Color() == me {
			own = append(own, t.Square)
		} else {
			opp = append(opp, t.Square)
		}
	}
	legal := pos.LegalMoves(nil)
	if len(legal) == 0 {
		return Ruling{}, fmt.Errorf("%w: %s has no legal move", ErrGameOver, me)
	}
	from := func(sq rules.Square, exclude func(rules.Move) bool) []rules.Move {
		var out []rules.Move
		for _, m := range legal {
			if m.From() == sq && (exclude == nil || !exclude(m)) {
				out = append(out, m)
			}
		}
		return out
	}
	captures := func(sq rules.Square) []rules.Move {
		var out []rules.Move
		for _, m := range legal {
			if !m.IsCastling() && capturedSquare(pos, m) == sq {
				out = append(out, m)
			}
		}
		return out
	}
	allow := func(article string, moves []rules.Move, format string, args ...any) (Ruling, error) {
		r := p.ruling(article, Continue, format, args...)
		r.Allowed = moves
		return done(r)
	}

	// King and rook (4.4).
	if k, rk, kingFirst, ok := kingAndRook(pos, touches, me); ok {
		if kingFirst {
			for _, m := range legal {
				if m.IsCastling() && m.From() == k && m.To() == rk {
					return allow(p.Articles.TouchKingRook, []rules.Move{m}, "king and rook on %s touched: castling with that rook is legal and must be played", rk)
				}
			}
			if km := from(k, nil); len(km) > 0 {
				return allow(p.Articles.TouchCastlingIllegal, km, "king then rook on %s touched but castling with it is illegal: another king move (castling with the other rook included)", rk)
			}
			return allow(p.Articles.TouchCastlingIllegal, legal, "castling with the rook on %s is illegal and the king has no legal move: any legal move", rk)
		}
		noCastle := func(m rules.Move) bool { return m.IsCastling() && m.To() == rk }
		for _, sq := range own {
			if ms := from(sq, noCastle); len(ms) > 0 {
				return allow(p.Articles.TouchRookKing, ms, "rook then king touched: no castling with the rook on %s this move; the first touched piece that can move, on %s, must move", rk, sq)
			}
		}
		return allow(p.Articles.TouchNoneMovable, withoutCastling(legal, rk), "none of the touched pieces can move: any legal move except castling with the rook on %s", rk)
	}

	if len(own) > 0 && len(opp) > 0 {
		var take []rules.Move
		for _, m := range captures(opp[0]) {
			if m.From() == own[0] {
				take = append(take, m)
			}
		}
		if len(take) > 0 {
			return allow(p.Articles.TouchBoth, take, "own piece on %s and opponent's piece on %s touched: the capture must be made", own[0], opp[0])
		}
		for _, t := range touches {
			var ms []rules.Move
			if pos.PieceAt(t.Square).Color() == me {
				ms = from(t.Square, nil)
			} else {
				ms = captures(t.Square)
			}
			if len(ms) > 0 {
				return allow(p.Articles.TouchBoth, ms, "the capture is illegal: the first touched piece that can be moved or captured, on %s, must be", t.Square)
			}
		}
		return allow(p.Articles.TouchNoneMovable, legal, "none of the touched pieces can be moved or captured: any legal move")
	}
	for _, sq := range own {
		if ms := from(sq, nil); len(ms) > 0 {
			return allow(p.Articles.TouchOwn, ms, "the first touched piece that can be moved, on %s, must be moved", sq)
		}
	}
	for _, sq := range opp {
		if ms := captures(sq); len(ms) > 0 {
			return allow(p.Articles.TouchOpponent, ms, "the first touched opponent's piece that can be captured, on %s, must be captured", sq)
		}
	}
	return allow(p.Articles.TouchNoneMovable, legal, "none of the touched pieces can be moved or captured: any legal move")
}

// kingAndRook finds a touch of the player's king and one of his rooks;
// kingFirst when the king was touched before the rook or together with it.
func kingAndRook(pos rules.Position, touches []Touch, me rules.Color) (king, rook rules.Square, kingFirst, ok bool) {
	ki, ri := -1, -1
	for i, t := range touches {
		pc := pos.PieceAt(t.Square)
		if pc.Color() != me {
			continue
		}
		if pc.Type() == rules.King && ki < 0 {
			ki = i
		}
		if pc.Type() == rules.Rook && ri < 0 {
			ri = i
		}
	}
	if ki < 0 || ri < 0 {
		return 0, 0, false, false
	}
	together := (ri == ki+1 && touches[ri].WithPrevious) || (ki == ri+1 && touches[ki].WithPrevious)
	return touches[ki].Square, touches[ri].Square, ki < ri || together, true
}

// capturedSquare returns the square of the piece m captures, or NoSquare.
func capturedSquare(pos rules.Position, m rules.Move) rules.Square {
	if m.IsEnPassant() {
		return rules.Square(int(m.From())&^7 | int(m.To())&7)
	}
	if pc := pos.PieceAt(m.To()); pc != rules.NoPiece && pc.Color() != pos.Turn() {
		return m.To()
	}
	return rules.NoSquare
}

func withoutCastling(ms []rules.Move, rook rules.Square) []rules.Move {
	var out []rules.Move
	for _, m := range ms {
		if !(m.IsCastling() && m.To() == rook) {
			out = append(out, m)
		}
	}
	return out
}
