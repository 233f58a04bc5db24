package rules

import (
	"strconv"
	"strings"
)

// FENError reports an invalid FEN string: the field at fault ("fen" for the
// string as a whole, "board", "side to move", "castling", "en passant",
// "halfmove clock", "fullmove number") and why.
type FENError struct {
	Field  string
	Reason string
}

// Error returns "rules: invalid FEN <field>: <reason>".
func (e *FENError) Error() string {
	return "rules: invalid FEN " + e.Field + ": " + e.Reason
}

func fenErr(field, format string, args ...any) *FENError {
	return &FENError{Field: field, Reason: sprintf(format, args...)}
}

// ParseFEN reads a position in FEN. It accepts standard FEN, X-FEN and
// Shredder-FEN castling fields (KQkq, file letters such as HAha, or a mix):
// the position is read as Chess960 when a castling right names a rook by
// its file or its king or rook is not on the standard squares. The two
// move counters may be left out (they then default to 0 and 1).
//
// Every field is checked and an invalid one is reported as a *FENError:
// piece letters, rank lengths, pawns on the first or last rank, one king per
// side, the side not on move in check, castling rights without their king
// and rook, an impossible en-passant square (wrong rank, no pawn that could
// just have advanced two squares, occupied squares) and bad counters. An
// en-passant square that is possible but allows no legal capture is
// accepted and dropped (see EnPassantTarget).
func ParseFEN(fen string) (Position, error) {
	return parseFEN(fen, false)
}

// ParseFEN960 is ParseFEN for a Chess960 game: the position is marked
// Chess960 even when it looks like standard chess.
func ParseFEN960(fen string) (Position, error) {
	return parseFEN(fen, true)
}

func parseFEN(fen string, chess960 bool) (Position, error) {
	tables()
	return readFEN(fen, chess960)
}

// readFEN is parseFEN once the tables are built.
func readFEN(fen string, chess960 bool) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return p, fenErr("fen", "%d fields, want 6 (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, fenErr("side to move", "%q is not w or b", fields[1])
	}
	// The side not on move may not be in check.
	if p.attacked(p.kings[p.turn^1], p.turn, p.Occupied()) {
		return Position{}, fenErr("side to move", "%s is to move but %s is in check", p.turn, p.turn^1)
	}
	p.chess960 = chess960
	if err := p.parseCastling(fields[2]); err != nil {
		return Position{}, err
	}
	p.halfmove, p.fullmove = 0, 1
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 1_000_000 || fields[4][0] == '+' {
			return Position{}, fenErr("halfmove clock", "%q is not a number from 0 to 1000000", fields[4])
		}
		p.halfmove = int32(n)
	}
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 1_000_000 || fields[5][0] == '+' {
			return Position{}, fenErr("fullmove number", "%q is not a number from 1 to 1000000", fields[5])
		}
		p.fullmove = int32(n)
	}
	p.checkers = p.checkersOf(p.turn)
	p.ep = NoSquare
	if err := p.parseEnPassant(fields[3]); err != nil {
		return Position{}, err
	}
	p.updateCastleSquares()
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr("board", "%d ranks, want 8", len(ranks))
	}
	p.kings = [2]Square{NoSquare, NoSquare}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		lastDigit := false
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				if lastDigit {
					return fenErr("board", "rank %d: two digits in a row", rank+1)
				}
				lastDigit = true
				file += int(ch - '0')
				if file > 8 {
					return fenErr("board", "rank %d has more than 8 squares", rank+1)
				}
				continue
			}
			lastDigit = false
			pc, ok := pieceFromLetter(ch)
			if !ok {
				return fenErr("board", "rank %d: %q is not a piece letter", rank+1, ch)
			}
			if file >= 8 {
				return fenErr("board", "rank %d has more than 8 squares", rank+1)
			}
			sq := MakeSquare(file, rank)
			if pc.Type() == Pawn && (rank == 0 || rank == 7) {
				return fenErr("board", "pawn on %s (first or last rank)", sq)
			}
			if pc.Type() == King {
				if p.kings[pc.Color()] != NoSquare {
					return fenErr("board", "more than one %s king", pc.Color())
				}
				p.kings[pc.Color()] = sq
			}
			p.put(pc, sq)
			file++
		}
		if file != 8 {
			return fenErr("board", "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	for c := White; c <= Black; c++ {
		if p.kings[c] == NoSquare {
			return fenErr("board", "no %s king", c)
		}
	}
	return nil
}

func pieceFromLetter(ch byte) (Piece, bool) {
	c := White
	if ch >= 'a' && ch <= 'z' {
		c = Black
		ch -= 'a' - 'A'
	}
	i := strings.IndexByte(pieceLetters, ch)
	if i <= 0 {
		return NoPiece, false
	}
	return MakePiece(c, PieceType(i)), true
}

// parseCastling reads KQkq, X-FEN and Shredder-FEN castling rights.
func (p *Position) parseCastling(s string) error {
	p.castle = [2][2]Square{{NoSquare, NoSquare}, {NoSquare, NoSquare}}
	if s == "-" {
		return nil
	}
	standard := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c = Black
			ch -= 'a' - 'A'
		}
		back := 0
		if c == Black {
			back = 7
		}
		k := p.kings[c]
		if k.Rank() != back {
			return fenErr("castling", "%q: the %s king is not on its first rank", s[i], c)
		}
		rooks := p.Pieces(c, Rook) & (rank1 << (8 * back))
		var r Square = NoSquare
		switch {
		case ch == 'K':
			// The outermost rook on the kingside (X-FEN).
			for f := 7; f > k.File(); f-- {
				if rooks.Has(MakeSquare(f, back)) {
					r = MakeSquare(f, back)
					break
				}
			}
			if r == NoSquare {
				return fenErr("castling", "%q: no %s rook on the kingside of the king", s[i], c)
			}
		case ch == 'Q':
			for f := 0; f < k.File(); f++ {
				if rooks.Has(MakeSquare(f, back)) {
					r = MakeSquare(f, back)
					break
				}
			}
			if r == NoSquare {
				return fenErr("castling", "%q: no %s rook on the queenside of the king", s[i], c)
			}
		case ch >= 'A' && ch <= 'H':
			r = MakeSquare(int(ch-'A'), back)
			if !rooks.Has(r) {
				return fenErr("castling", "%q: no %s rook on %s", s[i], c, r)
			}
		default:
			return fenErr("castling", "%q is not a castling letter (KQkq, A-H, a-h)", s[i])
		}
		if (ch == 'K' || ch == 'Q') && !p.chess960 && k.File() == 4 && r.File() != 0 && r.File() != 7 {
			corner := MakeSquare(7, back)
			if ch == 'Q' {
				corner = MakeSquare(0, back)
			}
			return fenErr("castling", "%q: no %s rook on %s", s[i], c, corner)
		}
		side := 0
		if r < k {
			side = 1
		}
		if p.castle[c][side] != NoSquare {
			return fenErr("castling", "%s has two %s castling rights", c, [2]string{"kingside", "queenside"}[side])
		}
		p.castle[c][side] = r
		if k.File() != 4 || (r.File() != 0 && r.File() != 7) {
			standard = false
		}
	}
	if !standard {
		p.chess960 = true
	}
	return nil
}

// parseEnPassant checks that the en-passant square is possible: on the
// right rank, empty, with the square the pawn came from empty and a pawn of
// the side not to move in front of it. It is kept only if a legal capture
// exists.
func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, err := ParseSquare(s)
	if err != nil {
		return fenErr("en passant", "%q is not a square or -", s)
	}
	wantRank := 5
	if p.turn == Black {
		wantRank = 2
	}
	if sq.Rank() != wantRank {
		return fenErr("en passant", "%s is not on rank %d", sq, wantRank+1)
	}
	var pawnSq, fromSq Square
	if p.turn == White {
		pawnSq, fromSq = sq-8, sq+8
	} else {
		pawnSq, fromSq = sq+8, sq-8
	}
	if p.board[pawnSq] != MakePiece(p.turn^1, Pawn) {
		return fenErr("en passant", "no %s pawn on %s that could just have advanced two squares", p.turn^1, pawnSq)
	}
	if p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return fenErr("en passant", "%s or %s is occupied", sq, fromSq)
	}
	if p.legalEPExists(sq) {
		p.ep = sq
	}
	return nil
}

// FEN returns the position in FEN. The en-passant field is written only when
// an en-passant capture is legal (the convention of current FEN practice, as
// in the FIDE-adjacent tools and PGN exports: a position is identified by
// its possible captures). Chess960 castling rights are written as X-FEN: K,
// Q, k, q for the outermost rook on a side, the rook's file letter
// otherwise.
func (p *Position) FEN() string { return p.fen(false) }

// ShredderFEN returns the position in Shredder-FEN: castling rights as the
// files of the castling rooks (e.g. HAha). Other fields as FEN.
func (p *Position) ShredderFEN() string { return p.fen(true) }

// BoardFEN returns the piece placement field of the FEN.
func (p *Position) BoardFEN() string {
	var b strings.Builder
	p.writeBoard(&b)
	return b.String()
}

func (p *Position) writeBoard(b *strings.Builder) {
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
}

func (p *Position) fen(shredder bool) string {
	var b strings.Builder
	b.Grow(90)
	p.writeBoard(&b)
	if p.turn == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.castlingField(shredder))
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.halfmove)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.fullmove)))
	return b.String()
}

func (p *Position) castlingField(shredder bool) string {
	var out []byte
	for c := White; c <= Black; c++ {
		for side := 0; side < 2; side++ {
			r := p.castle[c][side]
			if r == NoSquare {
				continue
			}
			var ch byte
			switch {
			case shredder:
				ch = byte('A' + r.File())
			case p.outermostRook(c, side) == r && (p.kings[c].File() != 4 || r.File() == 0 || r.File() == 7):
				// K/Q for the outermost rook, except when the king is on the
				// e-file and the rook is not in the corner: standard readers
				// would take K/Q there for the corner rook.
				ch = "KQ"[side]
			default:
				ch = byte('A' + r.File())
			}
			if c == Black {
				ch += 'a' - 'A'
			}
			out = append(out, ch)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}

// outermostRook returns c's rook nearest the board edge on the given side
// of the king on its first rank (NoSquare if none).
func (p *Position) outermostRook(c Color, side int) Square {
	back := 0
	if c == Black {
		back = 7
	}
	k := p.kings[c]
	rooks := p.Pieces(c, Rook)
	if side == 0 {
		for f := 7; f > k.File(); f-- {
			if rooks.Has(MakeSquare(f, back)) {
				return MakeSquare(f, back)
			}
		}
	} else {
		for f := 0; f < k.File(); f++ {
			if rooks.Has(MakeSquare(f, back)) {
				return MakeSquare(f, back)
			}
		}
	}
	return NoSquare
}
