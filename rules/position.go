package rules

// Position is a chess position: the placement of the pieces, the side to
// move, castling rights, the en-passant square, the halfmove clock and the
// move number. It is a value type: copying it is the way to keep an old
// position (copy-make). The zero Position is not a valid position; obtain one
// from StartPosition, ParseFEN or Play.
//
// The en-passant square is kept only while an en-passant capture is legal
// (article 9.2 identity: a square no pawn can legally capture on does not
// make a position different).
type Position struct {
	board    [64]Piece
	byColor  [2]Bitboard
	byType   [8]Bitboard // by PieceType; index NoPieceType (and 7) unused
	checkers Bitboard    // pieces giving check to the side to move
	hash     uint64
	// castle[c][0] is c's kingside castling rook, castle[c][1] the
	// queenside one; NoSquare when that right is gone.
	castle [2][2]Square
	// castleSquares: the rook squares with a right and the kings' squares of
	// the sides with a right: a move touching one may change the rights.
	castleSquares Bitboard
	kings         [2]Square
	ep            Square // target square, only while an e.p. capture is legal
	turn          Color
	chess960      bool
	halfmove      int32
	fullmove      int32
}

// standardFEN is the starting position of standard chess.
const standardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var startPosition Position

// initStartPosition reads the start position once the tables exist.
func initStartPosition() {
	p, err := readFEN(standardFEN, false)
	if err != nil {
		panic("rules: start position: " + err.Error()) // unreachable: constant input
	}
	startPosition = p
}

// StartPosition returns the initial position of standard chess.
func StartPosition() Position {
	tables()
	return startPosition
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq, or NoPiece (also for an invalid square).
func (p *Position) PieceAt(sq Square) Piece {
	if sq < 0 || sq > 63 {
		return NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t == NoPieceType || t > King || c > Black {
		return 0
	}
	return p.byColor[c] & p.byType[t]
}

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorPieces returns the squares of all of c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c&1] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c&1] }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// HalfmoveClock returns the number of halfmoves since the last capture or
// pawn move (the 50- and 75-move rules count these).
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current move (starts at 1 and
// grows after each Black move).
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Chess960 reports whether the position is read as Chess960: castling is
// then written king-takes-rook in UCI and X-FEN in FEN.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 marks the position as Chess960 (or standard chess). Standard
// chess is the special case of Chess960 whose king starts on e1/e8 and rooks
// on a and h, so only notation changes. Marking a position standard when a
// castling right does not have its king on e1/e8 and rook on the a or h file
// is refused (returns false).
func (p *Position) SetChess960(on bool) bool {
	if !on {
		for c := White; c <= Black; c++ {
			back := Square(0)
			if c == Black {
				back = 56
			}
			for side, want := range [2]Square{back + 7, back} {
				if r := p.castle[c][side]; r != NoSquare && (r != want || p.kings[c] != back+4) {
					return false
				}
			}
		}
	}
	p.chess960 = on
	return true
}

// CastlingRooks returns the squares of c's castling rooks on the kingside
// and the queenside, NoSquare when that right is gone.
func (p *Position) CastlingRooks(c Color) (kingside, queenside Square) {
	return p.castle[c&1][0], p.castle[c&1][1]
}

// EnPassantTarget returns the square behind a pawn that just advanced two
// squares, but only when an en-passant capture on it is legal now;
// otherwise NoSquare.
func (p *Position) EnPassantTarget() Square { return p.ep }

// Hash returns the Zobrist key of the position's identity in the sense of
// article 9.2: side to move, pieces on squares, castling rights, and the
// en-passant square only when an en-passant capture is legal. The move
// counters are not part of it.
func (p *Position) Hash() uint64 { return p.hash }

// computeHash recomputes the key from scratch (used by the FEN reader and
// the tests; moves update it incrementally).
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zPiece[pc][s]
		}
	}
	for c := 0; c < 2; c++ {
		for side := 0; side < 2; side++ {
			if r := p.castle[c][side]; r != NoSquare {
				h ^= zCastle[r]
			}
		}
	}
	if p.ep != NoSquare {
		h ^= zEnPassant[p.ep.File()]
	}
	if p.turn == Black {
		h ^= zBlack
	}
	return h
}

func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	b := bb(s)
	p.byColor[pc.Color()] |= b
	p.byType[pc.Type()] |= b
	p.hash ^= zPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	b := bb(s)
	p.byColor[pc.Color()] &^= b
	p.byType[pc.Type()] &^= b
	p.hash ^= zPiece[pc][s]
}

// attackersTo returns the pieces of both colours attacking s with occupancy occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	return (pawnAttacks[White][s] & p.byColor[Black] & p.byType[Pawn]) |
		(pawnAttacks[Black][s] & p.byColor[White] & p.byType[Pawn]) |
		(knightAttacks[s] & p.byType[Knight]) |
		(kingAttacks[s] & p.byType[King]) |
		(rookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(bishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen]))
}

// checkersOf returns the pieces attacking the king of colour c. The slider
// lookups are made only when a slider stands on one of the king's lines.
func (p *Position) checkersOf(c Color) Bitboard {
	k := p.kings[c]
	them := p.byColor[c^1]
	checkers := (pawnAttacks[c][k] & them & p.byType[Pawn]) | (knightAttacks[k] & them & p.byType[Knight])
	occ := p.byColor[White] | p.byColor[Black]
	if rq := them & (p.byType[Rook] | p.byType[Queen]); rq&rookRays[k] != 0 {
		checkers |= rookAttacks(k, occ) & rq
	}
	if bq := them & (p.byType[Bishop] | p.byType[Queen]); bq&bishopRays[k] != 0 {
		checkers |= bishopAttacks(k, occ) & bq
	}
	return checkers
}

// attacked reports whether square s is attacked by colour by, with occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if pawnAttacks[by^1][s]&them&p.byType[Pawn] != 0 ||
		knightAttacks[s]&them&p.byType[Knight] != 0 ||
		kingAttacks[s]&them&p.byType[King] != 0 {
		return true
	}
	rq := them & (p.byType[Rook] | p.byType[Queen])
	if rq != 0 && rookAttacks(s, occ)&rq != 0 {
		return true
	}
	bq := them & (p.byType[Bishop] | p.byType[Queen])
	return bq != 0 && bishopAttacks(s, occ)&bq != 0
}

// IsAttacked reports whether square s is attacked by a piece of colour by.
func (p *Position) IsAttacked(s Square, by Color) bool {
	if s < 0 || s > 63 {
		return false
	}
	return p.attacked(s, by&1, p.Occupied())
}

// epCaptureLegal reports whether the pawn on from may capture en passant on
// target (the side to move's pawn; the captured pawn stands behind target).
func (p *Position) epCaptureLegal(from, target Square) bool {
	us := p.turn
	them := us ^ 1
	capSq := target ^ 8
	occ := (p.Occupied() ^ bb(from) ^ bb(capSq)) | bb(target)
	k := p.kings[us]
	themBB := p.byColor[them] &^ bb(capSq)
	if rookAttacks(k, occ)&themBB&(p.byType[Rook]|p.byType[Queen]) != 0 {
		return false
	}
	if bishopAttacks(k, occ)&themBB&(p.byType[Bishop]|p.byType[Queen]) != 0 {
		return false
	}
	return knightAttacks[k]&themBB&p.byType[Knight] == 0 &&
		pawnAttacks[us][k]&themBB&p.byType[Pawn] == 0
}

// legalEPExists reports whether some pawn of the side to move can legally
// capture en passant on target.
func (p *Position) legalEPExists(target Square) bool {
	cands := pawnAttacks[p.turn^1][target] & p.byColor[p.turn] & p.byType[Pawn]
	for cands != 0 {
		if p.epCaptureLegal(popLSB(&cands), target) {
			return true
		}
	}
	return false
}

// updateCastleSquares recomputes castleSquares from the rights.
func (p *Position) updateCastleSquares() {
	var b Bitboard
	for c := 0; c < 2; c++ {
		for side := 0; side < 2; side++ {
			if r := p.castle[c][side]; r != NoSquare {
				b |= bb(r) | bb(p.kings[c])
			}
		}
	}
	p.castleSquares = b
}

// castlingTargets returns the king's and the rook's destination squares for
// castling by the king on kingFrom with the rook on rookFrom.
func castlingTargets(kingFrom, rookFrom Square) (kingTo, rookTo Square) {
	base := kingFrom &^ 7
	if rookFrom > kingFrom {
		return base + 6, base + 5
	}
	return base + 2, base + 3
}

// Play returns the position after move m, which must be legal in p (see
// IsLegal or LegalMoves); p is unchanged.
func (p *Position) Play(m Move) Position {
	np := *p
	np.PlayInPlace(m)
	return np
}

// PlayInPlace plays move m, which must be legal in p, on p itself. It does
// not check legality (that is LegalMoves' and IsLegal's job); an illegal
// move leaves an unspecified position.
func (p *Position) PlayInPlace(m Move) {
	us := p.turn
	them := us ^ 1
	from, to := m.From(), m.To()
	if p.ep != NoSquare {
		p.hash ^= zEnPassant[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	doublePush, kingMoved := false, false
	if m&moveCastling != 0 {
		kingMoved = true
		kTo, rTo := castlingTargets(from, to)
		king, rook := p.board[from], p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(king, kTo)
		p.put(rook, rTo)
		p.kings[us] = kTo
	} else {
		pc := p.board[from]
		if m&moveEnPassant != 0 {
			p.remove(to ^ 8)
			p.halfmove = 0
		} else if p.board[to] != NoPiece {
			p.remove(to)
			p.halfmove = 0
		}
		p.remove(from)
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			if promo := m.Promotion(); promo != NoPieceType {
				pc = MakePiece(us, promo)
			} else if to-from == 16 || from-to == 16 {
				doublePush = true
			}
		case King:
			p.kings[us] = to
			kingMoved = true
		}
		p.put(pc, to)
	}
	if (bb(from)|bb(to))&p.castleSquares != 0 {
		p.updateCastling(from, to, kingMoved)
	}
	p.turn = them
	p.hash ^= zBlack
	if us == Black {
		p.fullmove++
	}
	p.checkers = p.checkersOf(them)
	if doublePush {
		target := (from + to) / 2
		if pawnAttacks[us][target]&p.byColor[them]&p.byType[Pawn] != 0 && p.legalEPExists(target) {
			p.ep = target
			p.hash ^= zEnPassant[target.File()]
		}
	}
}

// updateCastling removes the castling rights lost by a move from -> to
// (kingMoved: the mover's king moved, by castling or otherwise).
func (p *Position) updateCastling(from, to Square, kingMoved bool) {
	touched := bb(from) | bb(to)
	for c := Color(0); c < 2; c++ {
		for side := 0; side < 2; side++ {
			r := p.castle[c][side]
			if r != NoSquare && (touched.Has(r) || (kingMoved && c == p.turn)) {
				p.castle[c][side] = NoSquare
				p.hash ^= zCastle[r]
			}
		}
	}
	p.updateCastleSquares()
}
