package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	gamefold "github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestBoardRulings: the incidents on the board under both profiles, each
// ruling citing its article and profile, with the events that carry it out.
func TestBoardRulings(t *testing.T) {
	for _, tc := range []struct {
		name, profile string
		moves         []string
		h             HandRuling
		article       string
		decision      string
		types         []string
	}{
		{"touch own 2023", "fide-2023", []string{"e4", "e5"}, HandRuling{Matter: "touch_move", Side: events.White, Touched: []string{"g1"}}, "4.3.1", "game_continues", []string{"arbiter.ruling_given"}},
		{"touch own 1997", "fide-1997", []string{"e4", "e5"}, HandRuling{Matter: "touch_move", Side: events.White, Touched: []string{"g1"}}, "4.3a", "game_continues", []string{"arbiter.ruling_given"}},
		{"adjusted 2023", "fide-2023", []string{"e4"}, HandRuling{Matter: "touch_move", Side: events.Black, Touched: []string{"g8"}, Judgement: "adjusted"}, "4.2.1", "game_continues", []string{"arbiter.ruling_given"}},
		{"displaced 1997", "fide-1997", nil, HandRuling{Matter: events.MatterDisplacedPieces, Side: events.White}, "7.3", "game_continues", []string{"arbiter.ruling_given"}},
		{"displaced 1997 adjusted", "fide-1997", nil, HandRuling{Matter: events.MatterDisplacedPieces, Side: events.White, Penalty: "time_off", AmountMs: 30000}, "7.4", "game_continues", []string{"arbiter.ruling_given", "arbiter.penalty_imposed"}},
		{"displaced 2023 penalised", "fide-2023", nil, HandRuling{Matter: events.MatterDisplacedPieces, Side: events.Black, Penalty: "time_to_opponent", AmountMs: 60000}, "7.4.3", "game_continues", []string{"arbiter.ruling_given", "arbiter.penalty_imposed"}},
		{"orientation 1997", "fide-1997", []string{"d4"}, HandRuling{Matter: events.MatterBoardOrientation}, "7.1b", "game_continues", []string{"arbiter.ruling_given"}},
		{"orientation 2023", "fide-2023", []string{"d4"}, HandRuling{Matter: events.MatterBoardOrientation}, "7.2.2", "game_continues", []string{"arbiter.ruling_given"}},
		{"colours reversed 1997", "fide-1997", []string{"d4"}, HandRuling{Matter: events.MatterColoursReversed}, "7.2", "game_continues", []string{"arbiter.ruling_given"}},
		{"colours reversed 2023", "fide-2023", []string{"d4"}, HandRuling{Matter: events.MatterColoursReversed}, "7.3", "replay", []string{"arbiter.ruling_given", "arbiter.game_annulled"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := game(t, tc.profile, "600", tc.moves...)
			evs, err := HandRulingDecision(&g.Game, tc.h, t0.Add(time.Second))
			if err != nil {
				t.Fatal(err)
			}
			var types []string
			for _, e := range evs {
				types = append(types, e.EventType())
			}
			if strings.Join(types, " ") != strings.Join(tc.types, " ") {
				t.Fatalf("events %v, want %v", types, tc.types)
			}
			r := evs[0].(events.RulingGiven)
			if r.Article != tc.article || r.Profile != tc.profile || r.Decision != tc.decision || r.Matter != tc.h.Matter {
				t.Errorf("ruling %+v, want %s %s %s", r, tc.profile, tc.article, tc.decision)
			}
			apply(t, g, t0.Add(time.Second), evs, nil)
		})
	}
}

// TestTouchMoveBinds: after the ruling the touched knight must move (a
// pawn move is refused, a knight move accepted) and, under 2023, no
// repetition claim can be made on that move (9.4); the ruling's
// explanation reads back as the touches it rests on.
func TestTouchMoveBinds(t *testing.T) {
	for _, profile := range []string{"fide-1997", "fide-2023"} {
		g := game(t, profile, "600", "e4", "e5")
		evs, err := HandRulingDecision(&g.Game, HandRuling{Matter: "touch_move", Side: events.White, Touched: []string{"g1"}}, t0)
		apply(t, g, t0, evs, err)
		side, ts, err := gamefold.TouchesOf(evs[0].(events.RulingGiven).Explanation)
		if err != nil || side != events.White || len(ts) != 1 || ts[0].Square.String() != "g1" {
			t.Fatalf("%s: touches %v %v %v", profile, side, ts, err)
		}
		if allowed, _, ok := g.TouchBound(); !ok || strings.Join(allowed, " ") != "Ne2 Nf3 Nh3" {
			t.Errorf("%s: allowed %v", profile, allowed)
		}
		if _, err := g.Move("w", "d4", t0); !errors.Is(err, refusal.ErrIllegalMove) {
			t.Errorf("%s: d4 after touching the knight: %v", profile, err)
		}
		_, err = g.ClaimDraw("w", "threefold_repetition", "")
		if profile == "fide-2023" && !errors.Is(err, refusal.ErrTouched) {
			t.Errorf("2023 claim after the touch: %v", err)
		}
		if again, err := HandRulingDecision(&g.Game, HandRuling{Matter: "touch_move", Side: events.White, Touched: []string{"b1"}}, t0); !errors.Is(err, refusal.ErrTouched) {
			t.Errorf("%s: a second ruling on the same move: %v %v", profile, again, err)
		}
		evs, err = g.Move("w", "Nf3", t0.Add(time.Minute))
		apply(t, g, t0.Add(time.Minute), evs, err)
		if _, _, ok := g.TouchBound(); ok {
			t.Errorf("%s: still bound after the move", profile)
		}
	}
}

// TestBoardRulingsRefused: bad input is refused naming the field, and
// nothing is decided.
func TestBoardRulingsRefused(t *testing.T) {
	g := game(t, "fide-2023", "600", "e4")
	for _, tc := range []struct {
		h    HandRuling
		want string
	}{
		{HandRuling{Matter: "touch_move", Side: events.White, Touched: []string{"g1"}}, "side"},
		{HandRuling{Matter: "touch_move", Side: "red", Touched: []string{"g8"}}, "side"},
		{HandRuling{Matter: "touch_move", Side: events.Black}, "touched"},
		{HandRuling{Matter: "touch_move", Side: events.Black, Touched: []string{"z9"}}, "touched"},
		{HandRuling{Matter: "touch_move", Side: events.Black, Touched: []string{"d4"}}, "touched: no piece"},
		{HandRuling{Matter: "touch_move", Side: events.Black, Touched: []string{"g8"}, Judgement: "maybe"}, "judgement"},
		{HandRuling{Matter: events.MatterDisplacedPieces}, "side"},
		{HandRuling{Matter: events.MatterDisplacedPieces, Side: events.White, Penalty: "loss"}, "penalty"},
		{HandRuling{Matter: events.MatterDisplacedPieces, Side: events.White, AmountMs: 5}, "amount_ms"},
		{HandRuling{Matter: events.MatterDisplacedPieces, Side: events.White, Penalty: "time_off"}, "needs an amount"},
	} {
		evs, err := HandRulingDecision(&g.Game, tc.h, t0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v %v, want a refusal naming %q", tc.h, evs, err, tc.want)
		}
	}
}
