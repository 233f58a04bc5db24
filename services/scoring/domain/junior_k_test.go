package domain

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// TestJuniorBornIn2009HasK40 is the mismatch "K 20 recorded, K 40
// re-derived" of a player born in 2009: the scoring service's fold took
// the rating period's year from the tournament's creation, the audit's
// fold left it unknown (junior rule not applied: K 20). Both now take it
// from Tournament.RatingYear, and FIDE B.02 8.3.3 (2024) gives K 40 until
// the end of the year of the 18th birthday while under 2300: born 2009,
// rated 2075, in 2026 (aged 17 at the year's end): K 40; born 2008 (18
// this year) K 40; born 2007 K 20; born 2009 but rated 2300 K 20.
func TestJuniorBornIn2009HasK40(t *testing.T) {
	for _, c := range []struct {
		born, rating, k int
	}{{2009, 2075, 40}, {2008, 2075, 40}, {2007, 2075, 20}, {2009, 2300, 20}, {0, 2075, 20}} {
		tr := &domain.Tournament{}
		tr.RatingYear(events.Envelope{RecordedAt: time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC)})
		apply := applier(t, tr)
		apply(tr.Create(events.TournamentCreated{Name: "Junior", System: "round-robin", Rated: true, TimeControl: "5400+30"}))
		apply(tr.Register(events.PlayerRegistered{PlayerID: "j", Name: "Junior, J", Rating: c.rating, BirthYear: c.born}))
		apply(tr.Register(events.PlayerRegistered{PlayerID: "o", Name: "Other, O", Rating: 2100}))
		apply(tr.PairNext("junior"))
		results := map[string]events.Result{tr.Rounds[0].Pairings[0].GameID: "1-0"}
		apply(tr.Close(1, results))
		changes, _, err := RatingChanges(&tr.Tournament, 1, results)
		if err != nil {
			t.Fatal(err)
		}
		if changes[0].PlayerID != "j" || changes[0].K != c.k {
			t.Errorf("born %d rated %d in 2026: %+v, want K %d", c.born, c.rating, changes[0], c.k)
		}
	}
}
