package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Touch-move (1997 4.3-4.5, 2023 4.3-4.5): the board cannot see hands, so
// the arbiter enters what was touched. His ruling (arbiter.ruling_given,
// matter events.MatterTouchMove) names the player and the squares touched in its
// explanation (TouchExplanation); folding it restricts the player's move to
// the ones the Laws allow (laws.Profile.TouchMove, decided again from the
// position), until he moves. Under 2023 he has also lost the right to claim
// a draw under 9.2 or 9.3 on that move (9.4). A ruling that the piece was
// adjusted (laws.Profile.Adjusted: 1997 4.2, 2023 4.2.1) restricts nothing.

// touchRule is a touch-move ruling in force: the player on move at ply
// must play one of allowed (SAN).
type touchRule struct {
	ply     int
	allowed []string
	article string
}

// TouchMove decides the arbiter's finding that side, having the move,
// touched the pieces on squares (in the order touched; "e1+h1" for two
// touched together, laws.ParseTouchList): the ruling of the Laws and the
// touches it rests on. adjusted: the arbiter finds the pieces were adjusted,
// not touched to move them (laws.Profile.Adjusted).
func (g *Game) TouchMove(side events.Color, squares []string, adjusted bool) (laws.Ruling, []laws.Touch, error) {
	c, err := g.Incident(side)
	if err != nil {
		return laws.Ruling{}, nil, err
	}
	pos := g.play.Position()
	if c != pos.Turn() {
		return laws.Ruling{}, nil, refuse(ErrNotOnMove, "side: %s does not have the move (%s has): touch-move binds the player having the move (%s %s)", c, pos.Turn(), g.profile.Name, g.profile.Articles.TouchOwn)
	}
	if g.touch != nil {
		return laws.Ruling{}, nil, refuse(ErrTouched, "a touch-move ruling (%s %s) already binds %s's move: one of %s", g.profile.Name, g.touch.article, c, strings.Join(g.touch.allowed, ", "))
	}
	ts, err := laws.ParseTouchList(squares...)
	if err != nil {
		return laws.Ruling{}, nil, refuse(ErrInvalid, "touched: %v", err)
	}
	for _, t := range ts {
		if pos.PieceAt(t.Square) == rules.NoPiece {
			return laws.Ruling{}, nil, refuse(ErrInvalid, "touched: no piece on %s", t.Square)
		}
	}
	var r laws.Ruling
	if adjusted {
		r, err = g.profile.Adjusted(laws.Situation{Game: g.play})
	} else {
		r, err = g.profile.TouchMove(pos, ts)
	}
	if err != nil {
		return laws.Ruling{}, nil, refuse(ErrInvalid, "touched: %v", err)
	}
	return r, ts, nil
}

// Incident checks that the game exists and goes on (not annulled, no claim
// pending), for an incident the arbiter records about side; it returns
// side's colour.
func (g *Game) Incident(side events.Color) (rules.Color, error) {
	if !g.exists {
		return 0, refuse(ErrNotFound, "game not found")
	}
	if g.Finished() {
		return 0, refuse(ErrFinished, "the game is over: %s (%s)", g.result, g.ending.Termination)
	}
	if g.annulled != nil {
		return 0, refuse(ErrFinished, "the game is annulled: %s", g.annulled.Reason)
	}
	c, err := parseColor(side)
	if err != nil {
		return 0, refuse(ErrInvalid, "side: %q is not white or black", side)
	}
	if g.claim != nil {
		return 0, refuse(ErrClaimPending, "a draw claim awaits the arbiter's ruling")
	}
	return c, nil
}

// TouchExplanation is the explanation of a touch-move ruling: who touched
// what, then the Laws' explanation; TouchesOf reads it back.
func TouchExplanation(side events.Color, ts []laws.Touch, why string) string {
	return fmt.Sprintf("%s touched %s: %s", side, laws.TouchList(ts), why)
}

// TouchesOf reads the player and the touches back from a touch-move
// ruling's explanation (TouchExplanation).
func TouchesOf(explanation string) (events.Color, []laws.Touch, error) {
	side, rest, ok := strings.Cut(explanation, " touched ")
	list, _, ok2 := strings.Cut(rest, ": ")
	if !ok || !ok2 || (side != string(events.White) && side != string(events.Black)) {
		return "", nil, fmt.Errorf("a touch-move ruling whose explanation %q does not say who touched what", explanation)
	}
	ts, err := laws.ParseTouchList(list)
	if err != nil {
		return "", nil, fmt.Errorf("a touch-move ruling's touches %q: %w", list, err)
	}
	return events.Color(side), ts, nil
}

// applyTouch folds a touch-move ruling: the moves it allows are decided
// again from the position.
func (g *Game) applyTouch(r events.RulingGiven) error {
	if r.Article == g.profile.Articles.Adjusting {
		return nil
	}
	_, ts, err := TouchesOf(r.Explanation)
	if err != nil {
		return err
	}
	pos := g.play.Position()
	ru, err := g.profile.TouchMove(pos, ts)
	if err != nil {
		return fmt.Errorf("touch-move ruling: %w", err)
	}
	t := &touchRule{ply: g.Ply(), article: ru.Article}
	for _, m := range ru.Allowed {
		t.allowed = append(t.allowed, pos.SAN(m))
	}
	slices.Sort(t.allowed)
	g.touch = t
	return nil
}

// TouchBound returns the moves (SAN) a touch-move ruling leaves the player
// on move and the article it cites; ok is false when none binds him.
func (g *Game) TouchBound() (allowed []string, article string, ok bool) {
	if g.touch == nil {
		return nil, "", false
	}
	return append([]string(nil), g.touch.allowed...), g.touch.article, true
}

// touchRefusal refuses a move (SAN) that the touch-move ruling in force
// does not allow; nil when it is allowed or none is in force.
func (g *Game) touchRefusal(notation, san string) error {
	if g.touch == nil || slices.Contains(g.touch.allowed, san) {
		return nil
	}
	return refuse(ErrIllegalMove, "move %q: touch-move (%s %s): the touched piece must be moved or captured: one of %s", notation, g.profile.Name, g.touch.article, strings.Join(g.touch.allowed, ", "))
}

// claimAfterTouch refuses a draw claim under 9.2/9.3 by a player bound by a
// touch-move ruling, where the profile says he lost that right (2023 9.4).
func (g *Game) claimAfterTouch(reason events.ClaimReason) error {
	if g.touch == nil || g.profile.Articles.ClaimAfterTouch == "" || (reason != events.ClaimThreefold && reason != events.ClaimFiftyMoves) {
		return nil
	}
	return refuse(ErrTouched, "reason: having touched a piece (%s %s), the player loses the right to claim a draw under 9.2 or 9.3 on this move (%s %s)", g.profile.Name, g.touch.article, g.profile.Name, g.profile.Articles.ClaimAfterTouch)
}
