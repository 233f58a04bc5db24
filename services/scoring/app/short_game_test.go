package app

import (
	"math"
	"testing"

	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// TestShortGameUnrated: p1's win against p2 (rated 2000) lasted less than
// one move (domain.UnratedWhiteWin or UnratedBlackWin): the ratings module
// reads it as a game played with its colour, marked Unrated; the points
// count it; the Elo change leaves it out.
func TestShortGameUnrated(t *testing.T) {
	tr, results := rated(t)
	var game string
	for _, rp := range tr.Rounds {
		for _, p := range rp.Pairings {
			switch {
			case p.White == "p1" && p.Black == "p2":
				game, results[p.GameID] = p.GameID, domain.UnratedWhiteWin
			case p.White == "p2" && p.Black == "p1":
				game, results[p.GameID] = p.GameID, domain.UnratedBlackWin
			}
		}
	}
	if game == "" {
		t.Fatal("p1 and p2 never met")
	}
	rt, _, err := Table(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	short := 0
	for _, e := range rt.Entrants {
		for _, rd := range e.Rounds {
			if rd.Unrated {
				short++
				if rd.Color == ratings.NoColor || !rd.Kind.Played() {
					t.Errorf("player %d: %+v is not a game played", e.No, rd)
				}
			}
		}
	}
	if short != 2 {
		t.Fatalf("%d unrated rounds, want 2", short)
	}
	st, err := Standings(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.PlayerID == "p1" && s.Points != 3 {
			t.Errorf("p1: %g points, want 3", s.Points)
		}
	}
	ch, _, err := RatingChanges(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	// p1 has one rated game left: his win against p3 (2000)
	want, err := ratings.RatePeriod(EloPlayer(tr.Players[0], tr.Year), []ratings.EloGame{{Round: 1, Opponent: 3, OpponentRating: 2000, Score: 100, Played: true}}, ratings.Standard)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range ch {
		if c.PlayerID == "p1" {
			found = true
			if math.Abs(c.Change-float64(want.Change)/100) > 1e-9 {
				t.Errorf("p1's change %g, want %g (the short game is not rated)", c.Change, float64(want.Change)/100)
			}
		}
	}
	if !found {
		t.Error("no rating change for p1")
	}
}
