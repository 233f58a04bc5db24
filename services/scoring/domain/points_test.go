package domain

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// TestStandingsPenalised: the 2023 12.9.4 and 12.9.5 penalties change the
// standings' points and order, not the games' results; without penalties
// the standings are Standings'.
func TestStandingsPenalised(t *testing.T) {
	tr, results := rated(t) // p1 wins every game; the others draw
	plain, err := Standings(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	same, err := StandingsPenalised(&tr.Tournament, 3, results, nil)
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
	st, err := StandingsPenalised(&tr.Tournament, 3, results, pens)
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

// TestPenaltyDeltaAndCrosstable: the live delta of the hall and the
// crosstable's points agree with StandingsPenalised, round by round; a
// game without a result (going on) changes nothing.
func TestPenaltyDeltaAndCrosstable(t *testing.T) {
	tr, results := rated(t)
	var g1, g2 string // round 1: p1's game; round 2: a game without p1
	for _, p := range tr.Rounds[0].Pairings {
		if p.White == "p1" || p.Black == "p1" {
			g1 = p.GameID
		}
	}
	for _, p := range tr.Rounds[1].Pairings {
		if p.White != "p1" && p.Black != "p1" {
			g2 = p.GameID
		}
	}
	pens := Penalties{
		g1: {{Offender: rules.White, Kind: laws.OffenderPointsReduced, Points: 0.5}},
		g2: {{Offender: rules.Black, Kind: laws.OpponentPointsToMaximum}},
	}
	for _, tc := range []struct {
		name    string
		round   int
		results map[string]events.Result
	}{
		{"after round 1", 1, results},
		{"after round 3", 3, results},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, err := Standings(&tr.Tournament, tc.round, tc.results)
			if err != nil {
				t.Fatal(err)
			}
			st, err := StandingsPenalised(&tr.Tournament, tc.round, tc.results, pens)
			if err != nil {
				t.Fatal(err)
			}
			delta := PenaltyDelta(&tr.Tournament, tc.round, tc.results, pens)
			before := map[string]float64{}
			for _, s := range plain {
				before[s.PlayerID] = s.Points
			}
			for _, s := range st {
				if got := before[s.PlayerID] + delta[s.PlayerID]; got != s.Points {
					t.Errorf("%s: delta gives %v, the penalised standings %v", s.PlayerID, got, s.Points)
				}
			}
			rows, err := CrosstablePenalised(&tr.Tournament, tc.round, tc.results, pens)
			if err != nil || len(rows) != len(st) {
				t.Fatal(rows, err)
			}
			for i, r := range rows {
				if r.PlayerID != st[i].PlayerID || r.Points != st[i].Points || r.Rank != st[i].Rank {
					t.Errorf("crosstable row %d: %s %v #%d, standings %s %v #%d", i, r.PlayerID, r.Points, r.Rank, st[i].PlayerID, st[i].Points, st[i].Rank)
				}
			}
		})
	}
	if d := PenaltyDelta(&tr.Tournament, 0, results, nil); len(d) != 0 {
		t.Errorf("no penalties: delta %v", d)
	}
	live := map[string]events.Result{}
	for k, v := range results {
		live[k] = v
	}
	live[g2] = "*"
	for id, d := range PenaltyDelta(&tr.Tournament, 0, live, pens) {
		for _, p := range tr.Rounds[1].Pairings {
			if p.GameID == g2 && (p.White == id || p.Black == id) && d != 0 {
				t.Errorf("%s: %v from a game going on", id, d)
			}
		}
	}
}
