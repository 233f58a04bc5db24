package domain

import (
	"errors"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestOverrideToForfeit: the arbiter's result override gives a forfeit
// after the fact (+/-, -/+, and -/- when both players were absent): the
// game then reads as a default does (its score, termination "forfeit", the
// override's article); a played result given back to a game both players
// moved in makes it a played game again, ended by the arbiter.
func TestOverrideToForfeit(t *testing.T) {
	played := func(t *testing.T) *Game {
		g := newGame(t, events.GameCreated{White: "w", Black: "b"})
		play(t, g, "e4", "e5", "Nf3")
		evs, err := g.Resign("b")
		if err != nil {
			t.Fatal(err)
		}
		apply(t, g, evs)
		return g
	}
	defaulted := func(t *testing.T) *Game {
		g := newGame(t, events.GameCreated{White: "w", Black: "b"})
		apply(t, g, []Event{events.GameEnded{Result: "1-0", Termination: "forfeit", Article: "6.7.1"}})
		return g
	}
	type step struct {
		result      events.Result
		want        events.Result // the game's result after it; "" when refused
		termination events.Termination
		article     string
	}
	for _, c := range []struct {
		name  string
		game  func(*testing.T) *Game
		steps []step
	}{
		{"played, then both absent after all", played, []step{
			{events.ResultDoubleForfeit, "0-0", "forfeit", "6.7.1"},
			{events.ResultDoubleForfeit, "", "", ""},
			{events.ResultWhiteWins, events.ResultWhiteWins, "arbiter", "21.3"},
		}},
		{"played, forfeit to White", played, []step{
			{events.ResultWhiteForfeitWin, events.ResultWhiteWins, "forfeit", "6.7.1"},
			{events.ResultBlackForfeitWin, events.ResultBlackWins, "forfeit", "6.7.1"},
			{events.ResultDraw, events.ResultDraw, "arbiter", "21.3"},
		}},
		{"a default, corrected", defaulted, []step{
			{events.ResultWhiteForfeitWin, "", "", ""},
			{events.ResultDoubleForfeit, "0-0", "forfeit", "6.7.1"},
			{events.ResultBlackWins, events.ResultBlackWins, "forfeit", "6.7.1"},
		}},
		{"no such result", played, []step{{"+/+", "", "", ""}, {"1-1", "", "", ""}, {"=/=", "", "", ""}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			for i, s := range c.steps {
				article := s.article
				if article == "" {
					article = "6.7.1"
				}
				evs, err := arbiter.OverrideResult(&g.Game, s.result, "as the arbiter found", article)
				if s.want == "" {
					if !errors.Is(err, refusal.ErrInvalid) {
						t.Fatalf("step %d: override to %q: %v, want refused as invalid", i, s.result, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("step %d: override to %q: %v", i, s.result, err)
				}
				apply(t, g, evs)
				if e := g.Ending(); g.Result() != s.want || e.Result != s.want || e.Termination != s.termination || e.Article != s.article {
					t.Fatalf("step %d: after the override to %q: result %s, ending %+v; want %s by %s (%s)", i, s.result, g.Result(), e, s.want, s.termination, s.article)
				}
			}
		})
	}
}
