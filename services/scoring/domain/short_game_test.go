package domain

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
)

// TestShortGameUnrated: p1's win against p2 (rated 2000) lasted less than
// one move (events.ResultUnratedWhiteWin or UnratedBlackWin): the ratings module
// reads it as a game played with its colour, marked Unrated; the points
// count it; the Elo change leaves it out.
func TestShortGameUnrated(t *testing.T) {
	tr, results := rated(t)
	p1BeatsP2(t, tr, results, events.ResultUnratedWhiteWin, events.ResultUnratedBlackWin)
	rt, _, err := Table(&tr.Tournament, 3, results)
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
	st, err := Standings(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.PlayerID == "p1" && s.Points != 3 {
			t.Errorf("p1: %g points, want 3", s.Points)
		}
	}
	// p1 has one rated game left: his win against p3 (2000)
	checkP1RatedOnP3(t, tr, results, "the short game is not rated")
}
