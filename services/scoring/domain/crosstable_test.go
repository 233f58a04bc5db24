package domain

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
func rated(t *testing.T) (*domain.Tournament, map[string]events.Result) {
	t.Helper()
	tr := &domain.Tournament{}
	apply := applier(t, tr)
	apply(tr.Create(events.TournamentCreated{Name: "x", Rated: true, TimeControl: "5400+30"}))
	for i, r := range []int{1800, 2000, 2000, 0} {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i+1), Name: fmt.Sprint("P", i+1), Rating: r}))
	}
	results := map[string]events.Result{}
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
	rows, err := Crosstable(&tr.Tournament, 3, results)
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

// TestRatingChanges: p1 (1800, 10 rated games: K 40) scores 2/2 against
// two 2000s (his game with the unrated p4 is not rated): expected 0.24
// each by the FIDE table, change 40 × (2 − 0.48) = +60.8. p2 and p3 lose
// to p1 (expected 0.76) and draw each other (0.5): p2, whose games are not
// given, is established (K 20): 20 × −0.76; p3, born in 2010, is a junior
// in 2026 (K 40): 40 × −0.76. Without the year the junior rule is not
// applied.
func TestRatingChanges(t *testing.T) {
	tr, results := rated(t)
	tr.Players[0].RatedGames = 10
	tr.Players[2].BirthYear = 2010
	tr.Year = 2026
	ch, cat, err := RatingChanges(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	if cat != ratings.Standard || len(ch) != 3 {
		t.Fatalf("%v %+v", cat, ch)
	}
	type want struct {
		change float64
		k      int
	}
	wants := map[string]want{"p1": {60.8, 40}, "p2": {-15.2, 20}, "p3": {-30.4, 40}}
	for _, c := range ch {
		if w := wants[c.PlayerID]; math.Abs(c.Change-w.change) > 1e-9 || c.K != w.k {
			t.Errorf("%+v, want %+v", c, w)
		}
	}
	tr.Year = 0
	ch, _, err = RatingChanges(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ch {
		if c.PlayerID == "p3" && (c.K != 20 || math.Abs(c.Change+15.2) > 1e-9) {
			t.Errorf("p3 without the year: %+v", c)
		}
	}
	tr.Created.Rated = false
	if ch, _, err := RatingChanges(&tr.Tournament, 3, results); err != nil || ch != nil {
		t.Errorf("unrated tournament: %v %v", ch, err)
	}
}

func TestEloPlayer(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    events.PlayerRegistered
		year int
		k    int
	}{
		{"established", events.PlayerRegistered{Rating: 2100}, 2026, 20},
		{"new to the list", events.PlayerRegistered{Rating: 2100, RatedGames: 29}, 2026, 40},
		{"30 games", events.PlayerRegistered{Rating: 2100, RatedGames: 30}, 2026, 20},
		{"junior", events.PlayerRegistered{Rating: 2100, BirthYear: 2008}, 2026, 40},
		{"junior year unknown", events.PlayerRegistered{Rating: 2100, BirthYear: 2008}, 0, 20},
		{"junior rated 2300", events.PlayerRegistered{Rating: 2300, BirthYear: 2008}, 2026, 20},
		{"once 2400", events.PlayerRegistered{Rating: 2350, Reached2400: true}, 2026, 10},
		{"2400", events.PlayerRegistered{Rating: 2400}, 2026, 10},
	} {
		if k := ratings.KFactor(EloPlayer(tt.p, tt.year), ratings.Standard); k != tt.k {
			t.Errorf("%s: K %d, want %d", tt.name, k, tt.k)
		}
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
