package domain

import (
	"errors"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestBothAtFault: the ruling that both players lose cites the profile's
// article (2023 11.8, 1997 12.8), and the game then ends 0-0.
func TestBothAtFault(t *testing.T) {
	at := t0.Add(time.Minute)
	for _, c := range []struct{ profile, article string }{{"fide-2023", "11.8"}, {"fide-1997", "12.8"}} {
		t.Run(c.profile, func(t *testing.T) {
			g := game(t, c.profile, "600", "e4", "e5", "Nf3")
			evs, err := HandRulingDecision(&g.Game, HandRuling{Matter: "both_at_fault", Reason: " both refused to comply "}, at)
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) != 1 {
				t.Fatalf("events %+v", evs)
			}
			r := evs[0].(events.RulingGiven)
			if r.Matter != "both_at_fault" || r.Article != c.article || r.Profile != c.profile || r.Decision != "both_lose" || r.Penalty != "loss" {
				t.Errorf("ruling %+v", r)
			}
			if reason, ok := ReasonOfBothAtFault(r.Explanation); !ok || reason != "both refused to comply" {
				t.Errorf("explanation %q: reason %q %v", r.Explanation, reason, ok)
			}
			apply(t, g, at, evs, nil)
			end, err := g.EndByRuling(r)
			apply(t, g, at, end, err)
			if g.Result() != "0-0" || g.Ending() != (events.GameEnded{Result: "0-0", Termination: "arbiter", Article: c.article, Ply: 3}) {
				t.Fatalf("ended %s %+v", g.Result(), g.Ending())
			}
			// over: no second ruling, and the end is written once
			if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "both_at_fault", Reason: "again"}, at); !errors.Is(err, refusal.ErrGameOver) {
				t.Errorf("a second ruling: %v", err)
			}
			if again, err := g.EndByRuling(r); err != nil || len(again) != 0 {
				t.Errorf("ended twice: %+v %v", again, err)
			}
		})
	}
}

// TestBothAtFaultRefused: a ruling that both lose states what they did.
func TestBothAtFaultRefused(t *testing.T) {
	g := game(t, "fide-2023", "600", "e4")
	for _, reason := range []string{"", "  "} {
		_, err := HandRulingDecision(&g.Game, HandRuling{Matter: "both_at_fault", Reason: reason}, t0.Add(time.Minute))
		if !errors.Is(err, refusal.ErrInvalid) {
			t.Errorf("reason %q: %v", reason, err)
		}
	}
	if _, ok := ReasonOfBothAtFault("both players are at fault: the game is lost by both"); ok {
		t.Error("a reason read from an explanation without one")
	}
}
