package app

import (
	"fmt"
	"math"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// rated plays a 4-player round robin where p1 (1800) beats everyone and
// the others (2000, 2000, unrated) draw among themselves.
func rated(t *testing.T) (*domain.Tournament, map[string]string) {
	t.Helper()
	tr := &domain.Tournament{}
	apply := func(evs []events.Event, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if err := tr.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	apply(tr.Create(events.TournamentCreated{Name: "x", Rated: true, TimeControl: "5400+30"}))
	for i, r := range []int{1800, 2000, 2000, 0} {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i+1), Name: fmt.Sprint("P", i+1), Rating: r}))
	}
	results := map[string]string{}
	for r := 1; r <= 3; r++ {
		apply(tr.PairNextAfter("t", results))
		for _, p := range tr.Rounds[r-1].Pairings {
			switch {
			case p.White == "p1":
				results[p.GameID] = "1-0"
			case p.Black == "p1":
				results[p.GameID] = "0-1"
			default:
				results[p.GameID] = "1/2-1/2"
			}
		}
		apply(tr.Close(r, results))
	}
	return tr, results
}

func TestCrosstable(t *testing.T) {
	tr, results := rated(t)
	rows, err := Crosstable(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0].PlayerID != "p1" || rows[0].Points != 3 || len(rows[0].Cells) != 3 {
		t.Fatalf("crosstable %+v", rows)
	}
	for _, c := range rows[0].Cells {
		if c[0] != '+' {
			t.Errorf("p1's cells %v", rows[0].Cells)
		}
	}
	for _, c := range rows[1].Cells {
		if c[0] == '+' {
			t.Errorf("%s's cells %v", rows[1].PlayerID, rows[1].Cells)
		}
	}
}

// TestRatingChanges: p1 (1800) scores 2/2 against two 2000s (his game with
// the unrated p4 is not rated): K 40 (fewer than 30 games known), expected
// 0.24 each by the FIDE table, change 40 × (2 − 0.48) = +60.8.
func TestRatingChanges(t *testing.T) {
	tr, results := rated(t)
	ch, cat, err := RatingChanges(tr, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	if cat != ratings.Standard || len(ch) != 3 {
		t.Fatalf("%v %+v", cat, ch)
	}
	// p2 and p3 lose to p1 (expected 0.76) and draw each other (0.5): 40 × −0.76
	want := map[string]float64{"p1": 60.8, "p2": -30.4, "p3": -30.4}
	for _, c := range ch {
		if math.Abs(c.Change-want[c.PlayerID]) > 1e-9 || c.K != 40 {
			t.Errorf("%+v, want %g", c, want[c.PlayerID])
		}
	}
	tr.Created.Rated = false
	if ch, _, err := RatingChanges(tr, 3, results); err != nil || ch != nil {
		t.Errorf("unrated tournament: %v %v", ch, err)
	}
}

func TestCategory(t *testing.T) {
	for tc, want := range map[string]ratings.Category{"5400+30": ratings.Standard, "900+10": ratings.Rapid,
		"600": ratings.Blitz, "180+2": ratings.Blitz, "3600": ratings.Standard, "": ratings.Standard, "?": ratings.Standard} {
		if got := Category(tc); got != want {
			t.Errorf("%q: %v, want %v", tc, got, want)
		}
	}
}
