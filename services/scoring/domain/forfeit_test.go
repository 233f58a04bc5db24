package domain

import (
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
)

// TestForfeitUnplayed: p1's game with p2 (rated 2000) is a forfeit win:
// the ratings module reads it as a forfeit without colour (unplayed for
// the tie-breaks), the crosstable writes it "+F2"/"-F1", the points count
// it, and the Elo change leaves it out.
func TestForfeitUnplayed(t *testing.T) {
	tr, results := rated(t)
	p1BeatsP2(t, tr, results, events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin)
	rt, _, err := Table(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	forfeits := 0
	for _, e := range rt.Entrants {
		for _, rd := range e.Rounds {
			if rd.Kind == ratings.ForfeitWin || rd.Kind == ratings.ForfeitLoss {
				forfeits++
				if rd.Color != ratings.NoColor || rd.Kind.Played() {
					t.Errorf("player %d: %+v", e.No, rd)
				}
			}
		}
	}
	if forfeits != 2 {
		t.Fatalf("%d forfeit rounds, want 2", forfeits)
	}
	rows, err := Crosstable(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		cells := strings.Join(r.Cells, " ")
		switch r.PlayerID {
		case "p1":
			if !strings.Contains(cells, "+F2") || r.Points != 3 {
				t.Errorf("p1: %v, %g points", r.Cells, r.Points)
			}
		case "p2":
			if !strings.Contains(cells, "-F1") || r.Points != 1 {
				t.Errorf("p2: %v, %g points", r.Cells, r.Points)
			}
		}
	}
	// p1 has one rated game left: his win against p3 (2000)
	checkP1RatedOnP3(t, tr, results, "the forfeit is not rated")
}
