package rules

// Strictly legal move generation. Pins are computed once per position; a
// pinned piece may only move along the line through its king; king moves
// are tested against attacks with the king removed from the board; an
// en-passant capture is tested by removing both pawns (it may uncover a
// check along the rank or a diagonal); castling checks every square the king
// crosses with the king and the castling rook lifted (Chess960 safe).

// pinned returns the pieces of the side to move pinned to their king.
func (p *Position) pinned() Bitboard {
	us := p.turn
	k := p.kings[us]
	them := p.byColor[us^1]
	snipers := (rookAttacks(k, 0) & them & (p.byType[Rook] | p.byType[Queen])) |
		(bishopAttacks(k, 0) & them & (p.byType[Bishop] | p.byType[Queen]))
	occ := p.Occupied()
	var pins Bitboard
	for snipers != 0 {
		s := popLSB(&snipers)
		b := between[k][s] & occ
		if b != 0 && b&(b-1) == 0 {
			pins |= b & p.byColor[us]
		}
	}
	return pins
}

// LegalMoves appends all strictly legal moves of the side to move to
// buf[:0] and returns the result. With a buffer of capacity 256 (more than
// the 218 moves any position has) it does not allocate.
func (p *Position) LegalMoves(buf []Move) []Move {
	return p.generate(buf[:0])
}

// maxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const maxMoves = 256

// HasLegalMoves reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMoves() bool {
	return p.countLegal() > 0
}

// CountLegalMoves returns the number of legal moves of the side to move
// (without listing them).
func (p *Position) CountLegalMoves() int { return p.countLegal() }

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	from := m.From()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.turn {
		return false
	}
	var buf [maxMovesFrom]Move
	for _, lm := range p.generateFrom(buf[:0], bb(from)) {
		if lm == m {
			return true
		}
	}
	return false
}

func (p *Position) generate(list []Move) []Move {
	return p.generateFrom(list, ^Bitboard(0))
}

// maxMovesFrom bounds the number of legal moves of one piece: a queen's 27
// (a pawn's promotions are at most 12, a king's moves 8 and 2 castlings).
const maxMovesFrom = 32

// generateFrom is generate restricted to the pieces standing on squares
// of from: what a caller that knows the move's origin needs, in a buffer
// of maxMovesFrom moves rather than maxMoves (ParseUCI and IsLegal keep
// theirs on the stack, under a request handler's).
func (p *Position) generateFrom(list []Move, from Bitboard) []Move {
	us := p.turn
	them := us ^ 1
	k := p.kings[us]
	usBB := p.byColor[us]
	themBB := p.byColor[them]
	occ := usBB | themBB

	// King moves: destination not attacked with the king lifted.
	occNoKing := occ &^ bb(k)
	kingMoves := kingAttacks[k] &^ usBB
	if !from.Has(k) {
		kingMoves = 0
	}
	for t := kingMoves; t != 0; {
		to := popLSB(&t)
		if !p.attacked(to, them, occNoKing) {
			list = append(list, newMove(k, to))
		}
	}
	checkers := p.checkers
	if checkers&(checkers-1) != 0 {
		return list // double check: only the king moves
	}
	target := ^usBB
	if checkers != 0 {
		c := checkers.First()
		target = between[k][c] | checkers
	}
	pins := p.pinned()

	// Knights (a pinned knight never moves).
	usBB &= from // only the pieces asked for move; usBB is not needed whole below
	for b := usBB & p.byType[Knight] &^ pins; b != 0; {
		from := popLSB(&b)
		for t := knightAttacks[from] & target; t != 0; {
			list = append(list, newMove(from, popLSB(&t)))
		}
	}
	// Bishops, rooks, queens.
	for b := usBB & (p.byType[Bishop] | p.byType[Queen]); b != 0; {
		from := popLSB(&b)
		t := bishopAttacks(from, occ) & target
		if pins.Has(from) {
			t &= line[k][from]
		}
		for t != 0 {
			list = append(list, newMove(from, popLSB(&t)))
		}
	}
	for b := usBB & (p.byType[Rook] | p.byType[Queen]); b != 0; {
		from := popLSB(&b)
		t := rookAttacks(from, occ) & target
		if pins.Has(from) {
			t &= line[k][from]
		}
		for t != 0 {
			list = append(list, newMove(from, popLSB(&t)))
		}
	}

	// Pawns, set-wise.
	pawns := usBB & p.byType[Pawn]
	empty := ^occ
	var push1, push2, capL, capR Bitboard
	var up Square
	var promoRank, thirdRank Bitboard
	if us == White {
		up = 8
		promoRank, thirdRank = rank8, rank1<<16
		push1 = pawns << 8 & empty
		push2 = (push1 & thirdRank) << 8 & empty & target
		capL = (pawns &^ fileA) << 7 & themBB & target
		capR = (pawns &^ fileH) << 9 & themBB & target
	} else {
		up = -8
		promoRank, thirdRank = rank1, rank8>>16
		push1 = pawns >> 8 & empty
		push2 = (push1 & thirdRank) >> 8 & empty & target
		capL = (pawns &^ fileA) >> 9 & themBB & target
		capR = (pawns &^ fileH) >> 7 & themBB & target
	}
	push1 &= target
	list = p.pawnMoves(list, push1, up, promoRank, pins, k)
	list = p.pawnMoves(list, push2, 2*up, promoRank, pins, k)
	list = p.pawnMoves(list, capL, up-1, promoRank, pins, k)
	list = p.pawnMoves(list, capR, up+1, promoRank, pins, k)

	// En passant (p.ep is set only when some capture is legal; each
	// capturer is tested on its own).
	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := popLSB(&b)
			if p.epCaptureLegal(from, p.ep) {
				list = append(list, newMove(from, p.ep)|moveEnPassant)
			}
		}
	}

	// Castling.
	if checkers == 0 && from.Has(k) {
		for side := 0; side < 2; side++ {
			r := p.castle[us][side]
			if r == NoSquare {
				continue
			}
			if p.canCastle(k, r, them, occ) {
				list = append(list, newMove(k, r)|moveCastling)
			}
		}
	}
	return list
}

// pawnMoves appends the pawn moves whose destinations are in dests, each
// coming from dest - delta; pinned pawns must stay on their pin line.
func (p *Position) pawnMoves(list []Move, dests Bitboard, delta Square, promoRank, pins Bitboard, k Square) []Move {
	for dests != 0 {
		to := popLSB(&dests)
		from := to - delta
		if pins.Has(from) && !line[k][from].Has(to) {
			continue
		}
		if promoRank.Has(to) {
			list = append(list,
				newPromotion(from, to, Queen), newPromotion(from, to, Rook),
				newPromotion(from, to, Bishop), newPromotion(from, to, Knight))
		} else {
			list = append(list, newMove(from, to))
		}
	}
	return list
}

// canCastle reports whether the king on k may castle with the rook on r
// (the side is not in check; the right exists).
func (p *Position) canCastle(k, r Square, them Color, occ Bitboard) bool {
	kTo, rTo := castlingTargets(k, r)
	lifted := occ &^ (bb(k) | bb(r))
	// Every square the king and the rook pass or land on must be empty
	// (apart from the castling king and rook themselves).
	path := between[k][kTo] | bb(kTo) | between[r][rTo] | bb(rTo)
	if path&lifted != 0 {
		return false
	}
	// No square the king crosses or reaches may be attacked; the rook is
	// lifted so that an attacker it screened is seen (Chess960).
	for s := between[k][kTo] | bb(kTo); s != 0; {
		if p.attacked(popLSB(&s), them, lifted) {
			return false
		}
	}
	return true
}
