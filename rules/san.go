package rules

import "strings"

// SAN returns the move in Standard Algebraic Notation as the PGN standard
// writes it: piece letter, the minimal disambiguation (the file, else the
// rank, else both), x for captures, =Q for promotions, O-O and O-O-O for
// castling, and + for check or # for checkmate. For a move that is not
// legal in p it returns "" (it never guesses a notation).
func (p *Position) SAN(m Move) string {
	if !p.IsLegal(m) {
		return ""
	}
	var b [16]byte
	s := p.appendSAN(b[:0], m)
	return string(s)
}

func (p *Position) appendSAN(s []byte, m Move) []byte {
	from, to := m.From(), m.To()
	if m.IsCastling() {
		if to > from {
			s = append(s, "O-O"...)
		} else {
			s = append(s, "O-O-O"...)
		}
	} else {
		pc := p.board[from]
		capture := p.board[to] != NoPiece || m.IsEnPassant()
		if pc.Type() == Pawn {
			if capture {
				s = append(s, byte('a'+from.File()), 'x')
			}
			s = append(s, to.String()...)
			if promo := m.Promotion(); promo != NoPieceType {
				s = append(s, '=', pieceLetters[promo])
			}
		} else {
			s = append(s, pieceLetters[pc.Type()])
			if pc.Type() != King {
				s = p.appendDisambiguation(s, m, pc)
			}
			if capture {
				s = append(s, 'x')
			}
			s = append(s, to.String()...)
		}
	}
	after := p.Play(m)
	if after.InCheck() {
		if after.HasLegalMoves() {
			s = append(s, '+')
		} else {
			s = append(s, '#')
		}
	}
	return s
}

// appendDisambiguation adds the file, the rank or both of the moving piece
// when another piece of the same type can legally move to the same square.
func (p *Position) appendDisambiguation(s []byte, m Move, pc Piece) []byte {
	from, to := m.From(), m.To()
	var buf [maxMoves]Move
	sameFile, sameRank, others := false, false, false
	for _, o := range p.generate(buf[:0]) {
		if o.To() != to || o.From() == from || o.IsCastling() || p.board[o.From()] != pc {
			continue
		}
		others = true
		if o.From().File() == from.File() {
			sameFile = true
		}
		if o.From().Rank() == from.Rank() {
			sameRank = true
		}
	}
	switch {
	case !others:
	case !sameFile:
		s = append(s, byte('a'+from.File()))
	case !sameRank:
		s = append(s, byte('1'+from.Rank()))
	default:
		s = append(s, from.String()...)
	}
	return s
}

// SANError reports a SAN move that cannot be read, is illegal or is
// ambiguous in the position.
type SANError struct {
	Move   string
	Reason string
}

// Error returns "rules: SAN move <move>: <reason>".
func (e *SANError) Error() string { return "rules: SAN move " + quote(e.Move) + ": " + e.Reason }

// ParseSAN reads a move in SAN and returns it if it is legal and
// unambiguous. It accepts what real scoresheets and files contain:
// castling as O-O, 0-0 or o-o (and the long forms); a missing or superfluous
// + or #; annotations such as !, ?, !?; an "e.p." suffix; a missing x on a
// capture; a pawn letter P; over-disambiguation (Nbd7, Ng1f3, Ng1-f3 when
// not needed); promotions written e8=Q, e8Q, e8(Q) or e8/Q (letter in either
// case). A lower-case b is read as the b-pawn's file, and as a bishop only
// when no b-pawn move fits. It never guesses: an ambiguous move, an
// illegal move, an x on a non-capture or a pawn move to the last rank
// without its promotion piece is a *SANError.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimSpace(s)
	// Strip annotations and check marks at the end.
	for len(s) > 0 && strings.IndexByte("!?+#", s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	s = strings.TrimSpace(s)
	for _, suffix := range []string{"e.p.", "ep", "e.p"} {
		if strings.HasSuffix(s, suffix) && len(s) > len(suffix) {
			s = strings.TrimSpace(s[:len(s)-len(suffix)])
			break
		}
	}
	for len(s) > 0 && strings.IndexByte("!?+#", s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	if s == "" {
		return NoMove, &SANError{orig, "empty move"}
	}
	switch s {
	case "O-O", "0-0", "o-o", "OO", "00":
		return p.parseCastlingSAN(orig, 0)
	case "O-O-O", "0-0-0", "o-o-o", "OOO", "000":
		return p.parseCastlingSAN(orig, 1)
	}
	m, err := p.parseSANAs(orig, s, false)
	if err == nil || s[0] != 'b' || err.(*SANError).Reason != reasonIllegal {
		return m, err
	}
	// Lower-case b: the pawn reading failed; try a bishop.
	if bm, berr := p.parseSANAs(orig, "B"+s[1:], true); berr == nil {
		return bm, nil
	}
	return m, err
}

func (p *Position) parseCastlingSAN(orig string, side int) (Move, error) {
	r := p.castle[p.turn][side]
	if r == NoSquare {
		return NoMove, &SANError{orig, p.turn.String() + " has no right to castle on that side"}
	}
	m := newMove(p.kings[p.turn], r) | moveCastling
	if !p.IsLegal(m) {
		return NoMove, &SANError{orig, "castling is not legal now"}
	}
	return m, nil
}

// parseSANAs reads a non-castling SAN move. fromBishop marks the retry of a
// lower-case b as a bishop.
func (p *Position) parseSANAs(orig, s string, fromBishop bool) (Move, error) {
	pt := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		switch c {
		case 'N':
			pt = Knight
		case 'B':
			pt = Bishop
		case 'R':
			pt = Rook
		case 'Q':
			pt = Queen
		case 'K':
			pt = King
		case 'P':
			pt = Pawn
		default:
			return NoMove, &SANError{orig, "unknown piece letter " + quote(string(c))}
		}
		s = s[1:]
	}
	// Promotion at the end: =Q, Q, (Q), /Q.
	promo := NoPieceType
	if n := len(s); n >= 3 && s[n-1] == ')' && s[n-3] == '(' {
		s = s[:n-3] + s[n-2:n-1]
	}
	if n := len(s); n >= 2 && (s[n-2] == '=' || s[n-2] == '/') && promoLetter(s[n-1]) == NoPieceType {
		return NoMove, &SANError{orig, "cannot promote to " + quote(s[n-1:])}
	}
	if n := len(s); n >= 2 {
		if t := promoLetter(s[n-1]); t != NoPieceType && (s[n-2] >= '1' && s[n-2] <= '8' || s[n-2] == '=' || s[n-2] == '/') {
			promo = t
			s = s[:n-1]
			if n := len(s); s[n-1] == '=' || s[n-1] == '/' {
				s = s[:n-1]
			}
		}
	}
	if len(s) < 2 {
		return NoMove, &SANError{orig, "no destination square"}
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return NoMove, &SANError{orig, "no destination square"}
	}
	s = s[:len(s)-2]
	capture := false
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':' || s[n-1] == '-') {
		capture = s[n-1] != '-'
		s = s[:n-1]
	}
	fromFile, fromRank := -1, -1
	switch len(s) {
	case 0:
	case 1:
		if s[0] >= 'a' && s[0] <= 'h' {
			fromFile = int(s[0] - 'a')
		} else if s[0] >= '1' && s[0] <= '8' {
			fromRank = int(s[0] - '1')
		} else {
			return NoMove, &SANError{orig, "cannot read " + quote(s)}
		}
	case 2:
		sq, err := ParseSquare(s)
		if err != nil {
			return NoMove, &SANError{orig, "cannot read " + quote(s)}
		}
		fromFile, fromRank = sq.File(), sq.Rank()
	default:
		return NoMove, &SANError{orig, "cannot read " + quote(s)}
	}
	if pt == Pawn && fromFile < 0 {
		fromFile = to.File() // a pawn move without a file is a push
	}
	if promo != NoPieceType && pt != Pawn {
		return NoMove, &SANError{orig, "only a pawn promotes"}
	}
	var buf [maxMoves]Move
	found := NoMove
	count := 0
	for _, m := range p.generate(buf[:0]) {
		from := m.From()
		if m.IsCastling() || m.To() != to || p.board[from].Type() != pt {
			continue
		}
		if fromFile >= 0 && from.File() != fromFile || fromRank >= 0 && from.Rank() != fromRank {
			continue
		}
		if m.Promotion() != promo {
			if promo == NoPieceType && m.Promotion() == Queen {
				return NoMove, &SANError{orig, "promotion piece missing"}
			}
			continue
		}
		if found != m {
			count++
			found = m
		}
	}
	switch {
	case count == 0:
		if fromBishop {
			return NoMove, &SANError{orig, "no legal bishop move fits"}
		}
		return NoMove, &SANError{orig, reasonIllegal}
	case count > 1:
		return NoMove, &SANError{orig, "ambiguous move"}
	}
	if capture && !p.IsCapture(found) {
		return NoMove, &SANError{orig, "x marks a capture but " + to.String() + " is empty"}
	}
	return found, nil
}

const reasonIllegal = "illegal move"

func promoLetter(c byte) PieceType {
	switch c {
	case 'Q', 'q':
		return Queen
	case 'R', 'r':
		return Rook
	case 'B', 'b':
		return Bishop
	case 'N', 'n':
		return Knight
	}
	return NoPieceType
}

// IsCapture reports whether m captures a piece (en passant included).
// Castling is never a capture.
func (p *Position) IsCapture(m Move) bool {
	if m.IsCastling() {
		return false
	}
	if m.IsEnPassant() {
		return true
	}
	pc := p.board[m.To()]
	return pc != NoPiece && pc.Color() != p.turn
}
