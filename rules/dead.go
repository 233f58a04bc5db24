package rules

// lockVerdict is the outcome of the locked-position analysis.
type lockVerdict uint8

const (
	lockNotApplicable lockVerdict = iota // not a locked position: pieces or pawns can change the structure
	lockProved                           // locked, and c provably cannot mate
	lockUndecided                        // locked, but the proof does not go through
)

const (
	notFileA Bitboard = 0xFEFEFEFEFEFEFEFE
	notFileH Bitboard = 0x7F7F7F7F7F7F7F7F
)

// kingSpread returns the squares next to the squares of b.
func kingSpread(b Bitboard) Bitboard {
	side := (b&notFileA)>>1 | (b&notFileH)<<1
	row := b | side
	return side | row<<8 | row>>8
}

// pawnCover returns the squares attacked by pawns of colour c on b.
func pawnCover(b Bitboard, c Color) Bitboard {
	if c == White {
		return (b&notFileA)<<7 | (b&notFileH)<<9
	}
	return (b&notFileA)>>9 | (b&notFileH)>>7
}

// diagonalSpread returns the squares diagonally next to the squares of b.
func diagonalSpread(b Bitboard) Bitboard {
	return (b&notFileA)<<7 | (b&notFileH)<<9 | (b&notFileA)>>9 | (b&notFileH)>>7
}

// bishopReach returns every square bishops on b could ever stand on when
// the squares in walls are blocked for good (other pieces, which move, are
// ignored: an over-approximation).
func bishopReach(b, walls Bitboard) Bitboard {
	r := b
	for {
		next := (r | diagonalSpread(r)) &^ walls
		next |= b
		if next == r {
			return r
		}
		r = next
	}
}

// kingRegion returns every square a king on from could ever reach moving
// only over squares in allowed (a flood fill; it over-approximates, since it
// ignores the other pieces standing in the way).
func kingRegion(from Square, allowed Bitboard) Bitboard {
	r := Bitboard(1) << uint(from)
	for {
		next := (r | kingSpread(r)) & (allowed | r)
		if next == r {
			return r
		}
		r = next
	}
}

// nearlyLocked reports whether p is worth a cooperative search although
// its pawns are not locked for good: only kings, bishops and pawns on the
// board, and at most maxLoosePawns pawns not blocked for good (a pawn
// whose square ahead holds a pawn itself blocked for good). Such
// structures (a wall with a pawn step or two left) reach few positions;
// the search decides them (see CanMate).
func nearlyLocked(p *Position) bool {
	wp, bp := p.Pieces(White, Pawn), p.Pieces(Black, Pawn)
	pawns := wp | bp
	if pawns == 0 {
		return false
	}
	for _, t := range [...]PieceType{Knight, Rook, Queen} {
		if p.Pieces(White, t)|p.Pieces(Black, t) != 0 {
			return false
		}
	}
	fixed := pawns
	for {
		next := wp&fixed&(fixed>>8) | bp&fixed&(fixed<<8)
		if next == fixed {
			break
		}
		fixed = next
	}
	return (pawns &^ fixed).Count() <= maxLoosePawns
}

// maxLoosePawns bounds the pawns not blocked for good in a position
// nearlyLocked hands to the search.
const maxLoosePawns = 2

// lockedCannotMate decides positions whose pawns are locked for good: only
// kings, bishops and pawns on the board, every pawn blocked by a pawn that
// is itself blocked for good, no pawn able ever to capture and no king able
// ever to capture a pawn. Then the pawns never move, and:
//   - each king stays in the region it can reach without entering a square
//     an enemy pawn attacks or a pawn stands on (computed as a flood fill);
//   - each bishop stays on the squares it can reach diagonally without
//     crossing a pawn (computed as a flood fill), and there checks or guards
//     (a square next to its reach on a diagonal is a pawn or in its reach);
//   - only a bishop can give check;
//   - side c mates on a square s of the enemy king's region only if s is in
//     the reach of a bishop of c and each flight square of s in that region
//     is in the reach of a bishop of c, or covered by c's king from a square
//     of its region not next to s, or blocked by an enemy bishop (one square
//     per bishop, in its reach).
//
// If no square s of the enemy region allows that, c cannot mate (lockProved).
// The checks over-approximate what can happen (bishops are assumed to reach
// every square of their reach, kings every square of their region, other
// pieces never in the way), which keeps the proof sound. A bishop that could
// reach an enemy pawn, or a square an enemy pawn attacks, ends the analysis
// (a capture would unlock the structure).
func lockedCannotMate(p *Position, c Color) lockVerdict {
	wp, bp := p.Pieces(White, Pawn), p.Pieces(Black, Pawn)
	pawns := wp | bp
	if pawns == 0 {
		return lockNotApplicable
	}
	for _, t := range [...]PieceType{Knight, Rook, Queen} {
		if p.Pieces(White, t)|p.Pieces(Black, t) != 0 {
			return lockNotApplicable
		}
	}
	if p.EnPassantTarget() != NoSquare {
		return lockNotApplicable
	}
	// Pawns blocked for good: a pawn whose square ahead holds a pawn that is
	// itself blocked for good (the greatest such set).
	fixed := pawns
	for {
		next := wp&fixed&(fixed>>8) | bp&fixed&(fixed<<8)
		if next == fixed {
			break
		}
		fixed = next
	}
	if fixed != pawns {
		return lockNotApplicable
	}
	white, black := p.ColorPieces(White), p.ColorPieces(Black)
	wCover, bCover := pawnCover(wp, White), pawnCover(bp, Black)
	// No capture by a pawn now (this includes a king in check by a pawn).
	if wCover&black != 0 || bCover&white != 0 {
		return lockNotApplicable
	}
	// The squares bishops can ever reach; one that could reach a square next
	// to an enemy pawn on its diagonal could capture it, one that could reach
	// a square an enemy pawn attacks could be captured: either changes the
	// structure.
	wb := bishopReach(p.Pieces(White, Bishop), pawns)
	bb := bishopReach(p.Pieces(Black, Bishop), pawns)
	if diagonalSpread(wb)&bp != 0 || wb&bCover != 0 || diagonalSpread(bb)&wp != 0 || bb&wCover != 0 {
		return lockNotApplicable
	}
	// The kings' regions; a king able to reach a pawn not defended by a pawn
	// could capture it.
	wRegion := kingRegion(p.KingSquare(White), ^(pawns | bCover))
	bRegion := kingRegion(p.KingSquare(Black), ^(pawns | wCover))
	if kingSpread(wRegion)&bp&^bCover != 0 || kingSpread(bRegion)&wp&^wCover != 0 {
		return lockNotApplicable
	}

	// Squares c's bishops can check on or guard, squares the opponent's
	// bishops can block.
	ours, theirs := wb, bb
	ourRegion, theirRegion := wRegion, bRegion
	if c == Black {
		ours, theirs = bb, wb
		ourRegion, theirRegion = bRegion, wRegion
	}
	if ours == 0 {
		return lockProved // nothing of c can ever give check
	}
	blockers := p.Pieces(c.Other(), Bishop).Count()
	for checks := theirRegion & ours; checks != 0; checks &= checks - 1 {
		s := checks.First()
		near := kingSpread(Bitboard(1) << uint(s))
		// Flight squares no bishop of c can guard: c's king must cover them,
		// or the opponent's bishops block them, one square each.
		open := near & theirRegion &^ ours
		if open == 0 {
			return lockUndecided
		}
		for ks := ourRegion &^ near; ks != 0; ks &= ks - 1 {
			k := ks.First()
			rest := open &^ kingSpread(Bitboard(1)<<uint(k))
			if rest&^theirs == 0 && rest.Count() <= blockers {
				return lockUndecided
			}
		}
	}
	return lockProved
}
