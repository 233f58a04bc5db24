package rules

import (
	"fmt"
	"math/bits"
)

// Color is the colour of a player's pieces: White or Black.
type Color uint8

// The two colours. White moves first.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is the kind of a piece regardless of colour.
type PieceType uint8

// The piece types. NoPieceType marks an empty square or no promotion.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the lower-case English name of the piece type.
func (t PieceType) String() string {
	switch t {
	case Pawn:
		return "pawn"
	case Knight:
		return "knight"
	case Bishop:
		return "bishop"
	case Rook:
		return "rook"
	case Queen:
		return "queen"
	case King:
		return "king"
	}
	return "none"
}

// Piece is a piece of a given colour on the board. NoPiece is an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the piece's type (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// pieceLetters maps a piece type to its FEN letter (white: upper case).
const pieceLetters = " PNBRQK"

// FENLetter returns the piece's FEN letter: upper case for White, lower case
// for Black, and '.' for NoPiece.
func (p Piece) FENLetter() byte {
	t := p.Type()
	if t == NoPieceType || t > King {
		return '.'
	}
	l := pieceLetters[t]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// String returns the piece's FEN letter as a string.
func (p Piece) String() string { return string(p.FENLetter()) }

// Square is one of the 64 squares: A1 = 0, B1 = 1, ..., H8 = 63.
// NoSquare (-1) means "no square".
type Square int8

// Named squares.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 0, 1, 2, 3, 4, 5, 6, 7
	A8, B8, C8, D8, E8, F8, G8, H8 Square = 56, 57, 58, 59, 60, 61, 62, 63
	NoSquare                       Square = -1
)

// MakeSquare returns the square on file and rank (both 0-based).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the 0-based file (0 = a).
func (s Square) File() int { return int(s) & 7 }

// Rank returns the 0-based rank (0 = the first rank).
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("rules: invalid square %q", s)
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Bitboard is a set of squares: bit i is square i.
type Bitboard uint64

// Has reports whether square s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<uint(s)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set (NoSquare if empty).
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Squares returns the squares of the set in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b != 0 {
		out = append(out, Square(bits.TrailingZeros64(uint64(b))))
		b &= b - 1
	}
	return out
}

// bb returns the one-square set {s}.
func bb(s Square) Bitboard { return 1 << uint(s) }

// popLSB removes and returns the lowest square of a non-empty set.
func popLSB(b *Bitboard) Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Move is a move in compact form. Bits 0-5: from square; 6-11: to square;
// 12-14: promotion piece type; bit 15: castling; bit 16: en passant.
// Castling is encoded as the king's square to the castling rook's square
// (king takes rook), which works for standard chess and Chess960 alike;
// UCI and SAN render it. NoMove (0) is not a move.
type Move uint32

// NoMove is the zero Move, never a legal move.
const NoMove Move = 0

const (
	moveCastling  Move = 1 << 15
	moveEnPassant Move = 1 << 16
)

func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func newPromotion(from, to Square, t PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(t)<<12
}

// From returns the square the moving piece leaves (the king's for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the castling rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 12 & 7) }

// IsCastling reports whether the move is castling.
func (m Move) IsCastling() bool { return m&moveCastling != 0 }

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// String returns the move in a context-free king-takes-rook coordinate form
// (e.g. "e2e4", "e7e8q", "e1h1" for castling); use Position.UCI for UCI.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if t := m.Promotion(); t != NoPieceType {
		s += string(" pnbrqk?"[t])
	}
	return s
}
