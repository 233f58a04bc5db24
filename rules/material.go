package rules

// Square-colour masks: a bishop, and a pawn's captures, stay on one colour.
const (
	darkSquareMask  Bitboard = 0xAA55AA55AA55AA55
	lightSquareMask Bitboard = ^darkSquareMask
)

// squareColorsOf returns the union of the colour masks that the squares of b
// touch (0, one mask, or all squares).
func squareColorsOf(b Bitboard) Bitboard {
	var m Bitboard
	if b&darkSquareMask != 0 {
		m |= darkSquareMask
	}
	if b&lightSquareMask != 0 {
		m |= lightSquareMask
	}
	return m
}

// insufficientMaterial is the material table: true when side c provably
// cannot give checkmate whatever the position of the pieces.
//   - a lone king never gives check;
//   - king and knight cannot mate a lone king;
//   - bishops all on one square colour cannot mate a king whose side has at
//     most bishops of that same colour (no pawns on the board): the mated king
//     stands on that colour, and its two or three neighbours of the other
//     colour can then only be covered by the mating king, which cannot cover
//     them all without standing next to the mated king.
func insufficientMaterial(p *Position, c Color) bool {
	o := c.Other()
	pawns := p.Pieces(White, Pawn) | p.Pieces(Black, Pawn)
	heavy := p.Pieces(c, Queen) | p.Pieces(c, Rook) | p.Pieces(c, Pawn)
	if heavy != 0 {
		return false
	}
	knights := p.Pieces(c, Knight)
	bishops := p.Pieces(c, Bishop)
	if knights == 0 && bishops == 0 {
		return true // lone king
	}
	theirs := p.ColorPieces(o) &^ p.Pieces(o, King)
	if bishops == 0 && knights.Count() == 1 {
		return theirs == 0
	}
	if knights != 0 || pawns != 0 {
		return false
	}
	colors := squareColorsOf(bishops)
	if colors != darkSquareMask && colors != lightSquareMask {
		return false
	}
	theirBishops := p.Pieces(o, Bishop)
	return theirs == theirBishops && theirBishops&^colors == 0
}
