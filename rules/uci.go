package rules

// UCI returns the move in UCI notation: e2e4, e7e8q; castling as the king's
// two-square move (e1g1) in standard chess and as king takes rook (e1h1) in
// Chess960. NoMove is "0000".
func (p *Position) UCI(m Move) string {
	if m == NoMove {
		return "0000"
	}
	if m.IsCastling() && !p.chess960 {
		kTo, _ := castlingTargets(m.From(), m.To())
		return m.From().String() + kTo.String()
	}
	return m.String()
}

// UCIError reports a UCI move that cannot be read or is not legal.
type UCIError struct {
	Move   string
	Reason string
}

// Error returns "rules: UCI move <move>: <reason>".
func (e *UCIError) Error() string { return "rules: UCI move " + quote(e.Move) + ": " + e.Reason }

// ParseUCI reads a move in UCI notation and checks that it is legal.
// Castling is accepted as king takes rook (e1h1) and, in standard chess, as
// the king's two-square move (e1g1). A missing promotion letter on a move
// to the last rank is an error, as is the null move 0000.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, &UCIError{s, "want 4 or 5 characters (e2e4, e7e8q)"}
	}
	from, err1 := ParseSquare(s[0:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return NoMove, &UCIError{s, "not a pair of squares"}
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q':
			promo = Queen
		case 'r':
			promo = Rook
		case 'b':
			promo = Bishop
		case 'n':
			promo = Knight
		default:
			return NoMove, &UCIError{s, "promotion letter must be q, r, b or n"}
		}
	}
	var buf [maxMovesFrom]Move
	for _, m := range p.generateFrom(buf[:0], bb(from)) {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastling() && !p.chess960 {
			if kTo, _ := castlingTargets(m.From(), m.To()); kTo == to {
				return m, nil
			}
		}
	}
	pc := p.PieceAt(from)
	switch {
	case pc == NoPiece:
		return NoMove, &UCIError{s, "no piece on " + from.String()}
	case pc.Color() != p.turn:
		return NoMove, &UCIError{s, "the piece on " + from.String() + " is not " + p.turn.String() + "'s"}
	case promo == NoPieceType && pc.Type() == Pawn && (to.Rank() == 0 || to.Rank() == 7):
		return NoMove, &UCIError{s, "promotion piece missing"}
	}
	return NoMove, &UCIError{s, "illegal move"}
}
