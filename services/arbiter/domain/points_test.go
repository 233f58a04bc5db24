package domain

import (
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// TestPointsPenalties: 2023 12.9.4 and 12.9.5 are imposed during the game
// or after it ended, recorded with their points, and folded into the
// game's points penalties without changing its result; 1997 has no such
// penalty; the points are checked.
func TestPointsPenalties(t *testing.T) {
	g := game(t, "fide-2023", "600", "e4", "e5")
	at := t0.Add(time.Minute)
	evs, err := g.Resign("b")
	apply(t, g, at, evs, err)
	evs, err = HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.White, Penalty: "offender_points_reduced", Points: 0.5, Reason: "mobile phone in the bag"}, at)
	apply(t, g, at, evs, err)
	r, p := evs[0].(events.RulingGiven), evs[1].(events.PenaltyImposed)
	if r.Article != "12.9.5" || r.Profile != "fide-2023" || r.Penalty != "points_reduced" || p.Kind != "points_reduced" || p.Points != 0.5 || p.Article != "12.9.5" {
		t.Errorf("12.9.5: %+v %+v", r, p)
	}
	evs, err = HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.White, Penalty: "opponent_points_to_maximum"}, at)
	apply(t, g, at, evs, err)
	if r := evs[0].(events.RulingGiven); r.Article != "12.9.4" {
		t.Errorf("12.9.4: %+v", r)
	}
	want := []laws.PointsPenalty{{Offender: rules.White, Kind: laws.OffenderPointsReduced, Points: 0.5}, {Offender: rules.White, Kind: laws.OpponentPointsToMaximum}}
	if got := g.PointsPenalties(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] || g.Result() != "1-0" {
		t.Errorf("folded %+v, result %s", got, g.Result())
	}
	for _, tc := range []struct {
		profile string
		h       HandRuling
		want    string
	}{
		{"fide-2023", HandRuling{Matter: "penalty", Side: events.White, Penalty: "offender_points_reduced"}, "points"},
		{"fide-2023", HandRuling{Matter: "penalty", Side: events.White, Penalty: "offender_points_reduced", Points: 2}, "points"},
		{"fide-2023", HandRuling{Matter: "penalty", Side: events.White, Penalty: "opponent_points_to_maximum", Points: 1}, "points"},
		{"fide-2023", HandRuling{Matter: "penalty", Side: events.White, Penalty: "warning", Points: 1}, "points"},
		{"fide-1997", HandRuling{Matter: "penalty", Side: events.White, Penalty: "offender_points_reduced", Points: 0.5}, "13.4"},
	} {
		g := game(t, tc.profile, "600", "e4")
		if evs, err := HandRulingDecision(&g.Game, tc.h, t0); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %+v: %v %v, want a refusal naming %q", tc.profile, tc.h, evs, err, tc.want)
		}
	}
	// a time penalty after the end is still refused
	if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.White, Penalty: "warning"}, at); err == nil {
		t.Error("a warning on a finished game")
	}
}

// TestLossFineExclusion: 2023 12.9.6 with the opponent's score decided
// (folded as a points penalty; the game ends 0-1), 12.9.7 a fine and
// 12.9.8 an exclusion (both recorded, also after the end; an exclusion
// only in a tournament's game, from a later round); 1997 has none.
func TestLossFineExclusion(t *testing.T) {
	g := game(t, "fide-2023", "600", "e4", "e5")
	at := t0.Add(time.Minute)
	zero := 0.0
	evs, err := HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.White, Penalty: "loss", OpponentPoints: &zero, Reason: "phone"}, at)
	apply(t, g, at, evs, err)
	if p := evs[1].(events.PenaltyImposed); p.Kind != "loss" || p.OpponentPoints == nil || *p.OpponentPoints != 0 || p.Article != "12.9.6" {
		t.Errorf("12.9.6: %+v", p)
	}
	want := laws.PointsPenalty{Offender: rules.White, Kind: laws.Loss, Points: 0}
	if got := g.PointsPenalties(); len(got) != 1 || got[0] != want {
		t.Errorf("folded %+v, want %+v", got, want)
	}
	evs, err = HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.Black, Penalty: "fine", Fine: " 50 EUR "}, at)
	apply(t, g, at, evs, err)
	if p := evs[1].(events.PenaltyImposed); p.Kind != "fine" || p.Fine != "50 EUR" || p.Article != "12.9.7" {
		t.Errorf("12.9.7: %+v", p)
	}
	if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.Black, Penalty: "exclusion", Rounds: []int{2}}, at); err == nil || !strings.Contains(err.Error(), "tournament") {
		t.Errorf("an exclusion outside a tournament: %v", err)
	}
	old := game(t, "fide-1997", "600", "e4")
	for _, h := range []HandRuling{
		{Matter: "penalty", Side: events.White, Penalty: "loss", OpponentPoints: &zero},
		{Matter: "penalty", Side: events.White, Penalty: "fine", Fine: "50 EUR"},
	} {
		if _, err := HandRulingDecision(&old.Game, h, t0); err == nil || !strings.Contains(err.Error(), "13.4") {
			t.Errorf("1997 %s: %v", h.Penalty, err)
		}
	}
}
