package trfreport

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/pairing/domain"
	scoring "github.com/hakem-chess/hakem/services/scoring/domain"
)

// TestServiceExportStandings: the standings a chief arbiter computes from
// the service's TRF export (a Swiss with a forfeit, a requested bye, a
// withdrawal and an expulsion) are the scoring service's: same points and
// tie-breaks for every player.
func TestServiceExportStandings(t *testing.T) {
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
	codes := []string{"BH/C1", "BH", "SB", "DE", "WIN", "BPG", "ARO"}
	apply(tr.Create(events.TournamentCreated{Name: "Open", System: "swiss-dutch", Rounds: 4, Tiebreaks: codes}))
	for i := 1; i <= 8; i++ {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("Player ", i), Rating: 2300 - 25*i}))
	}
	results := map[string]events.Result{}
	for r := 1; r <= 4; r++ {
		switch r {
		case 2:
			apply(tr.RequestBye(events.ByeRequested{PlayerID: "p3", Round: 2}))
			apply(tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p8", Reason: "ill"}))
		case 3:
			apply(tr.Expel(events.PlayerExpelled{PlayerID: "p5", Article: "12.9.9", Reason: "device"}))
		}
		apply(tr.PairNextAfter("T", results))
		for b, p := range tr.Rounds[r-1].Pairings {
			results[p.GameID] = []events.Result{"1-0", "0-1", "1/2-1/2", events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin}[(r+b)%5]
		}
		apply(tr.Close(r, results))
	}
	want, err := scoring.Standings(&tr.Tournament, 4, results)
	if err != nil {
		t.Fatal(err)
	}
	f, err := tr.File(results)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := f.Write(&text); err != nil {
		t.Fatal(err)
	}
	back, err := trf.Read(&text)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ratings.ParseCodes("BH/C1,BH,SB,DE,WIN,BPG,ARO")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Standings(back, parsed, ratings.Options{Rules: ratings.Rules2026})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]ratings.Row{}
	for _, p := range back.Players {
		byName[p.Name] = got.Rows[p.StartNo-1]
	}
	for _, s := range want {
		var name string
		for _, p := range tr.Players {
			if p.PlayerID == s.PlayerID {
				name = p.Name
			}
		}
		row := byName[name]
		if row.Points != s.Points {
			t.Errorf("%s: %g points from the TRF, %g from the service", s.PlayerID, row.Points, s.Points)
		}
		for k := range s.Tiebreaks {
			if row.Values[k].X != s.Tiebreaks[k] {
				t.Errorf("%s %s: %g from the TRF, %g from the service", s.PlayerID, codes[k], row.Values[k].X, s.Tiebreaks[k])
			}
		}
	}
}
