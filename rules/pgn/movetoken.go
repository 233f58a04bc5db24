package pgn

import (
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/rules"
)

// readMove reads one main-line move: SAN (as leniently as rules.ParseSAN
// allows), and unless strict also a null move, UCI or long algebraic
// notation. The SAN error is the one reported when nothing fits.
func (m *movetext) readMove(word string) (rules.Move, error) {
	if isNullMove(word) {
		if m.strict {
			return rules.NoMove, &moveError{"null move (not PGN; accepted only by a lenient reader)"}
		}
		return rules.NoMove, nil
	}
	if m.strict && looksLikeUCI(word) {
		return rules.NoMove, &moveError{"UCI notation, not SAN (accepted only by a lenient reader)"}
	}
	if looksLikeUCI(word) {
		// Coordinate notation is never SAN (a pawn needs no from square, a
		// piece has its letter), so it is read as UCI first: a lenient SAN
		// reader might take "b8d7" for a bishop move.
		if mv, err := m.pos.ParseUCI(word); err == nil {
			return mv, nil
		}
	}
	mv, sanErr := m.pos.ParseSAN(word)
	if sanErr == nil {
		return mv, nil
	}
	if m.strict {
		return rules.NoMove, sanErr
	}
	if mv, err := m.pos.ParseUCI(word); err == nil {
		return mv, nil
	}
	if mv, ok := longAlgebraic(&m.pos, word); ok {
		return mv, nil
	}
	return rules.NoMove, sanErr
}

// looksLikeUCI reports whether word has the shape of a UCI move: from
// square, to square, optional promotion letter.
func looksLikeUCI(w string) bool {
	if len(w) != 4 && len(w) != 5 {
		return false
	}
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	return sq(w[0], w[1]) && sq(w[2], w[3]) && (len(w) == 4 || strings.IndexByte("qrbn", w[4]) >= 0)
}

// isNullMove reports whether a token is one of the usual null-move
// spellings: "--" (common in engines' PGN), "Z0" (ChessBase), "0000" (UCI).
func isNullMove(word string) bool {
	return word == "--" || word == "Z0" || word == "0000"
}

// longAlgebraic reads long algebraic notation such as "Ng1-f3", "g1xd1",
// "e7-e8=Q" or "e2-e4+": an optional piece letter, the from square, an
// optional '-' or 'x', the to square and an optional promotion. The piece
// letter, when given, must match the piece on the from square.
func longAlgebraic(p *rules.Position, word string) (rules.Move, bool) {
	w := strings.TrimRight(word, "+#")
	piece := rules.NoPieceType
	if len(w) > 0 && strings.IndexByte("NBRQK", w[0]) >= 0 {
		piece = pieceTypeOf(w[0])
		w = w[1:]
	}
	if len(w) < 4 {
		return rules.NoMove, false
	}
	from, err := rules.ParseSquare(w[:2])
	if err != nil {
		return rules.NoMove, false
	}
	w = w[2:]
	if w[0] == '-' || w[0] == 'x' {
		w = w[1:]
	}
	if len(w) < 2 {
		return rules.NoMove, false
	}
	to, err := rules.ParseSquare(w[:2])
	if err != nil {
		return rules.NoMove, false
	}
	w = strings.TrimPrefix(w[2:], "=")
	promo := ""
	switch {
	case w == "":
	case len(w) == 1 && strings.IndexByte("QRBNqrbn", w[0]) >= 0:
		promo = strings.ToLower(w)
	default:
		return rules.NoMove, false
	}
	if piece != rules.NoPieceType && p.PieceAt(from).Type() != piece {
		return rules.NoMove, false
	}
	mv, err := p.ParseUCI(from.String() + to.String() + promo)
	if err != nil {
		return rules.NoMove, false
	}
	return mv, true
}

func pieceTypeOf(c byte) rules.PieceType {
	switch c {
	case 'N':
		return rules.Knight
	case 'B':
		return rules.Bishop
	case 'R':
		return rules.Rook
	case 'Q':
		return rules.Queen
	case 'K':
		return rules.King
	}
	return rules.NoPieceType
}

// moveLabel names a move as a scoresheet would: "5.Nd7" or "5...Nd7".
func moveLabel(p *rules.Position, word string) string {
	dots := "."
	if p.Turn() == rules.Black {
		dots = "..."
	}
	return strconv.Itoa(p.FullmoveNumber()) + dots + word
}
