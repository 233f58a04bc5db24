package app

import (
	"testing"

	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// TestStandingsPenalised: the 2023 12.9.4 and 12.9.5 penalties change the
// standings' points and order, not the games' results; without penalties
// the standings are Standings'.
func TestStandingsPenalised(t *testing.T) {
	tr, results := rated(t) // p1 wins every game; the others draw
	plain, err := Standings(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	same, err := StandingsPenalised(tr, 3, results, nil)
	if err != nil || len(same) != len(plain) {
		t.Fatal(same, err)
	}
	for i := range plain {
		if same[i].PlayerID != plain[i].PlayerID || same[i].Points != plain[i].Points || same[i].Rank != plain[i].Rank {
			t.Errorf("no penalty, row %d: %+v, want %+v", i, same[i], plain[i])
		}
	}
	points := map[string]float64{}
	for _, s := range plain {
		points[s.PlayerID] = s.Points
	}
	// p1's round 1 win reduced by 1 (12.9.5), and in round 2 a drawn game's
	// offender's opponent raised to a win (12.9.4)
	pens := Penalties{}
	want := map[string]float64{}
	for k, v := range points {
		want[k] = v
	}
	for _, p := range tr.Rounds[0].Pairings {
		if p.White == "p1" || p.Black == "p1" {
			side := rules.White
			if p.Black == "p1" {
				side = rules.Black
			}
			pens[p.GameID] = []laws.PointsPenalty{{Offender: side, Kind: laws.OffenderPointsReduced, Points: 1}}
			want["p1"]--
		}
	}
	for _, p := range tr.Rounds[1].Pairings {
		if p.White != "p1" && p.Black != "p1" {
			pens[p.GameID] = []laws.PointsPenalty{{Offender: rules.White, Kind: laws.OpponentPointsToMaximum}}
			want[p.Black] += 0.5
		}
	}
	st, err := StandingsPenalised(tr, 3, results, pens)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range st {
		if s.Points != want[s.PlayerID] {
			t.Errorf("%s: %v points, want %v", s.PlayerID, s.Points, want[s.PlayerID])
		}
		if i > 0 && (s.Points > st[i-1].Points || s.Rank < st[i-1].Rank) {
			t.Errorf("not ranked by the penalised points: %+v after %+v", s, st[i-1])
		}
	}
	if results[tr.Rounds[0].Pairings[0].GameID] == "" {
		t.Error("results changed")
	}
}
