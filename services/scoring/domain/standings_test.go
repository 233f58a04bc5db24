package domain

import (
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// TestStandings: a 4-player round robin where p1 beats everyone and the
// others draw among themselves; direct encounter cannot split the three
// (all drew), Sonneborn-Berger does not either: they share second place.
func TestStandings(t *testing.T) {
	tr := &domain.Tournament{}
	apply := applier(t, tr)
	apply(tr.Create(events.TournamentCreated{Name: "x", Tiebreaks: []string{"DE", "SB"}}))
	for i := 1; i <= 4; i++ {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: "n"}))
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
	st, err := Standings(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	if st[0].PlayerID != "p1" || st[0].Points != 3 || st[0].Rank != 1 {
		t.Fatalf("first: %+v", st[0])
	}
	for _, s := range st[1:] {
		if s.Points != 1 || s.Rank != 2 || len(s.Tiebreaks) != 2 {
			t.Errorf("the others: %+v", s)
		}
	}
	if _, err := Standings(&tr.Tournament, 3, map[string]events.Result{}); err == nil {
		t.Error("standings without results")
	}
}
