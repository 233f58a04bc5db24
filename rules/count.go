package rules

import "math/bits"

// countLegal returns the number of legal moves of the side to move without
// listing them: the same rules as generate, but each piece's destinations
// are counted as a set. Perft's bulk counting at the leaves uses it; the
// tests check it against len(LegalMoves) in every position they visit.
func (p *Position) countLegal() int {
	us := p.turn
	them := us ^ 1
	k := p.kings[us]
	usBB := p.byColor[us]
	themBB := p.byColor[them]
	occ := usBB | themBB

	n := 0
	occNoKing := occ &^ bb(k)
	for t := kingAttacks[k] &^ usBB; t != 0; {
		if !p.attacked(popLSB(&t), them, occNoKing) {
			n++
		}
	}
	checkers := p.checkers
	if checkers&(checkers-1) != 0 {
		return n
	}
	target := ^usBB
	if checkers != 0 {
		target = between[k][checkers.First()] | checkers
	}
	pins := p.pinned()

	for b := usBB & p.byType[Knight] &^ pins; b != 0; {
		n += bits.OnesCount64(uint64(knightAttacks[popLSB(&b)] & target))
	}
	for b := usBB & (p.byType[Bishop] | p.byType[Queen]); b != 0; {
		from := popLSB(&b)
		t := bishopAttacks(from, occ) & target
		if pins.Has(from) {
			t &= line[k][from]
		}
		n += bits.OnesCount64(uint64(t))
	}
	for b := usBB & (p.byType[Rook] | p.byType[Queen]); b != 0; {
		from := popLSB(&b)
		t := rookAttacks(from, occ) & target
		if pins.Has(from) {
			t &= line[k][from]
		}
		n += bits.OnesCount64(uint64(t))
	}

	pawns := usBB & p.byType[Pawn]
	free := pawns &^ pins
	empty := ^occ
	var push1, push2, capL, capR, promoRank Bitboard
	if us == White {
		promoRank = rank8
		push1 = free << 8 & empty
		push2 = (push1 & (rank1 << 16)) << 8 & empty
		capL = (free &^ fileA) << 7 & themBB
		capR = (free &^ fileH) << 9 & themBB
	} else {
		promoRank = rank1
		push1 = free >> 8 & empty
		push2 = (push1 & (rank8 >> 16)) >> 8 & empty
		capL = (free &^ fileA) >> 9 & themBB
		capR = (free &^ fileH) >> 7 & themBB
	}
	n += countPawnTargets(push1&target, promoRank) + countPawnTargets(push2&target, promoRank) +
		countPawnTargets(capL&target, promoRank) + countPawnTargets(capR&target, promoRank)
	for b := pawns & pins; b != 0; {
		from := popLSB(&b)
		var t Bitboard
		if us == White {
			if one := bb(from) << 8 & empty; one != 0 {
				t |= one
				t |= (one & (rank1 << 16)) << 8 & empty
			}
		} else {
			if one := bb(from) >> 8 & empty; one != 0 {
				t |= one
				t |= (one & (rank8 >> 16)) >> 8 & empty
			}
		}
		t |= pawnAttacks[us][from] & themBB
		n += countPawnTargets(t&target&line[k][from], promoRank)
	}

	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			if p.epCaptureLegal(popLSB(&b), p.ep) {
				n++
			}
		}
	}
	if checkers == 0 {
		for side := 0; side < 2; side++ {
			if r := p.castle[us][side]; r != NoSquare && p.canCastle(k, r, them, occ) {
				n++
			}
		}
	}
	return n
}

// countPawnTargets counts pawn moves to the squares of t, four for each
// promotion square.
func countPawnTargets(t, promoRank Bitboard) int {
	return bits.OnesCount64(uint64(t&^promoRank)) + 4*bits.OnesCount64(uint64(t&promoRank))
}
