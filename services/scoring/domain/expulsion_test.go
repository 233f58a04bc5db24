package domain

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestExpelledInStandings: p4, expelled after round 2 of the round robin,
// is "expelled" in the standings and the crosstable after round 2, not
// after round 1.
func TestExpelledInStandings(t *testing.T) {
	tr, results := rated(t)
	tr.Rounds, tr.Closed, tr.Done = tr.Rounds[:2], 2, false
	if err := tr.Apply(events.PlayerExpelled{PlayerID: "p4", Article: "12.9.9", Reason: "cheating"}); err != nil {
		t.Fatal(err)
	}
	for after, want := range map[int]string{1: "", 2: "expelled"} {
		st, err := Standings(&tr.Tournament, after, results)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := Crosstable(&tr.Tournament, after, results)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range st {
			if s.PlayerID == "p4" && s.Status != want || s.PlayerID != "p4" && s.Status != "" {
				t.Errorf("after round %d: %+v", after, s)
			}
			if rows[i].PlayerID != s.PlayerID || rows[i].Status != s.Status {
				t.Errorf("after round %d: crosstable row %+v, standings %+v", after, rows[i], s)
			}
		}
	}
}
