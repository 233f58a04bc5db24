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

// lockedCannotMate decides positions whose pawns are locked for good: only
// kings, bishops and pawns on the board, every pawn blocked by a pawn that
// is itself blocked for good, no pawn able ever to capture and no king able
// ever to capture a pawn. Then the pawns never move, and:
//   - each king stays in the region it can reach without entering a square
//     an enemy pawn attacks or a pawn stands on (computed as a flood fill);
//   - only a bishop can give check, and only on its square colour;
//   - side c mates on a square s of the enemy king's region only if each
//     flight square of s in that region is attacked by a bishop of c, or
//     blocked by an enemy bishop (both only on their square colour), or
//     covered by c's king from a square of its region not next to s.
//
// If no square s of the enemy region allows that, c cannot mate (lockProved).
// The checks over-approximate what can happen (bishops are assumed to reach
// every square of their colour, kings every square of their region), which
// keeps the proof sound. Pawns on a bishop's colour of the opposing side end
// the analysis (a capture could unlock the structure).
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
	// A bishop on the colour of enemy pawns could capture one or be captured
	// by one; either changes the structure.
	wb, bb := p.Pieces(White, Bishop), p.Pieces(Black, Bishop)
	if squareColorsOf(wb)&bp != 0 || squareColorsOf(bb)&wp != 0 {
		return lockNotApplicable
	}
	// The kings' regions; a king able to reach a pawn not defended by a pawn
	// could capture it.
	wRegion := kingRegion(p.KingSquare(White), ^(pawns | bCover))
	bRegion := kingRegion(p.KingSquare(Black), ^(pawns | wCover))
	if kingSpread(wRegion)&bp&^bCover != 0 || kingSpread(bRegion)&wp&^wCover != 0 {
		return lockNotApplicable
	}

	o := c.Other()
	ours := squareColorsOf(p.Pieces(c, Bishop))
	if ours == 0 {
		return lockProved // nothing of c can ever give check
	}
	theirs := squareColorsOf(p.Pieces(o, Bishop))
	ourRegion, theirRegion := wRegion, bRegion
	if c == Black {
		ourRegion, theirRegion = bRegion, wRegion
	}
	for checks := theirRegion & ours; checks != 0; checks &= checks - 1 {
		s := checks.First()
		near := kingSpread(Bitboard(1) << uint(s))
		// Flight squares no bishop can cover or block: c's king must.
		open := near & theirRegion &^ ours &^ theirs
		if open == 0 {
			return lockUndecided
		}
		for ks := ourRegion &^ near; ks != 0; ks &= ks - 1 {
			k := ks.First()
			if open&^kingSpread(Bitboard(1)<<uint(k)) == 0 {
				return lockUndecided
			}
		}
	}
	return lockProved
}
