package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
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
	profile := g.Profile()
	if r.Article == profile.Articles.Adjusting {
		return nil
	}
	_, ts, err := TouchesOf(r.Explanation)
	if err != nil {
		return err
	}
	pos := g.play.Position()
	ru, err := profile.TouchMove(pos, ts)
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
