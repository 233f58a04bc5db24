package laws

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/rules"
)

// Incidents on the board that are not moves: a chessboard placed the wrong
// way round, pieces displaced, a piece adjusted rather than touched.

// WrongOrientation rules on a game found to be played on a chessboard
// placed contrary to article 2.1 (the light square not at each player's
// right-hand end): the game continues, the position reached transferred to
// a correctly placed board (1997 7.1b, 2023 7.2.2). In 2023 rapid and
// blitz without full supervision, once both players have made ten moves no
// claim about the set-up can be made (A.5.1.2): play continues as it is.
func (p Profile) WrongOrientation(s Situation) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if over, r := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, r)
	}
	if p.relaxed() && s.moves(rules.White) >= 10 && s.moves(rules.Black) >= 10 {
		return done(p.ruling(p.Articles.SetUpNoClaim, Continue, "ten moves by each player have been completed: no claim about the orientation of the chessboard can be made; play continues"))
	}
	return done(p.ruling(p.Articles.WrongOrientation, Continue, "the chessboard was placed contrary to article 2.1: the position reached is transferred to a correctly placed chessboard and the game continues"))
}

// DisplacedPieces rules on pieces displaced by player by (1997 7.3 and
// 7.4, 2023 7.4). Without pen the player re-establishes the correct
// position in his own time (1997 7.3, 2023 7.4.1). With pen, under 2023
// the arbiter penalises the player who displaced them (7.4.3, a penalty of
// 12.9 that does not end the game: warning, time to the opponent, time
// off); under 1997 the position before the irregularity is reinstated and
// the clocks adjusted (7.4, by 6.13), pen.Kind being the adjustment
// (TimeToOpponent or TimeOff; the 1997 articles give no penalty here). The
// recorded game is the correct position: nothing on it changes.
func (p Profile) DisplacedPieces(s Situation, by rules.Color, pen *Penalty) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if by > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, by)
	}
	if over, r := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, r)
	}
	if pen == nil {
		return done(p.ruling(p.Articles.DisplacedRestore, Continue, "%s displaced pieces: he re-establishes the correct position in his own time", by))
	}
	if pen.Offence != OtherOffence {
		return Ruling{}, fmt.Errorf("%w: the offence of displacing pieces is the displacement", ErrBadInput)
	}
	switch {
	case pen.Kind == TimeToOpponent || pen.Kind == TimeOff:
	case pen.Kind == Warning && p.Articles.DisplacedPenalty != "":
	default:
		return Ruling{}, fmt.Errorf("%w: %s for displaced pieces (%s %s)", ErrNotInProfile, pen.Kind, p.Name, p.displacedArticle())
	}
	r, err := p.Penalize(s, by, *pen)
	if err != nil {
		return Ruling{}, err
	}
	if p.Articles.DisplacedPenalty != "" {
		r.Article, r.See = p.Articles.DisplacedPenalty, []string{r.Article}
		r.Explanation = fmt.Sprintf("%s displaced pieces and is penalised: %s", by, strings.TrimPrefix(r.Explanation, by.String()+": "))
		return done(r)
	}
	r.Article, r.See = p.Articles.DisplacedFound, []string{p.Articles.ClockAdjustment}
	r.Explanation = fmt.Sprintf("%s displaced pieces: the position before the irregularity is reinstated and the clocks adjusted, %s", by, strings.TrimPrefix(r.Explanation, by.String()+": "))
	return done(r)
}

func (p Profile) displacedArticle() string {
	if p.Articles.DisplacedPenalty != "" {
		return p.Articles.DisplacedPenalty
	}
	return p.Articles.DisplacedFound + ", " + p.Articles.ClockAdjustment
}

// Adjusted rules on a touch-move claim that the arbiter finds was an
// adjustment: the player said so first ("j'adoube"), and touching the
// piece to adjust it does not oblige him to move it (1997 4.2, 2023
// 4.2.1). The game continues without restriction.
func (p Profile) Adjusted(s Situation) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if over, r := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, r)
	}
	return done(p.ruling(p.Articles.Adjusting, Continue, "the pieces were adjusted, not touched with the intention of moving or capturing them: no obligation"))
}

// TouchList writes touches as the arbiter enters them: squares in the
// order touched, separated by ", ", a "+" joining a square touched at the
// same moment as the previous one (e.g. "e1+h1" for king and rook
// together). ParseTouchList reads it back.
func TouchList(ts []Touch) string {
	var b strings.Builder
	for i, t := range ts {
		switch {
		case i > 0 && t.WithPrevious:
			b.WriteString("+")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(t.Square.String())
	}
	return b.String()
}

// ParseTouchList reads touches written by TouchList; each item of items
// may itself hold several squares ("e1+h1", or "e2, d7").
func ParseTouchList(items ...string) ([]Touch, error) {
	var out []Touch
	for _, item := range items {
		for _, group := range strings.Split(item, ",") {
			for j, sq := range strings.Split(strings.TrimSpace(group), "+") {
				s, err := rules.ParseSquare(strings.TrimSpace(sq))
				if err != nil {
					return nil, fmt.Errorf("%w: touched square %q", ErrBadInput, sq)
				}
				out = append(out, Touch{Square: s, WithPrevious: j > 0})
			}
		}
	}
	if len(out) == 0 {
		return nil, ErrNothingTouched
	}
	if len(out) > 8 {
		return nil, fmt.Errorf("%w: %d touched squares (at most 8)", ErrBadInput, len(out))
	}
	return out, nil
}
