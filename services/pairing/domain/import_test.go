package domain

import (
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
)

func TestImportedResult(t *testing.T) {
	for _, c := range []struct {
		w, b trf.ResultCode
		want string
		ok   bool
	}{
		{'1', '0', "1-0", true}, {'0', '1', "0-1", true}, {'=', '=', "1/2-1/2", true}, {'+', '-', WhiteForfeitWin, true},
		{'-', '+', BlackForfeitWin, true}, {'-', '-', DoubleForfeit, true}, {'W', 'L', UnratedWhiteWin, true},
		{'D', 'D', UnratedDraw, true}, {'0', '0', BothLost, true}, {' ', ' ', "", true},
		{'1', '1', "", false}, {'1', '=', "", false}, {'+', '0', "", false},
	} {
		got, ok := importedResult(c.w, c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("%c %c: %q %v, want %q %v", c.w, c.b, got, ok, c.want, c.ok)
		}
	}
}

func TestBirthYear(t *testing.T) {
	for s, want := range map[string]int{"1994/05/01": 1994, "2001": 2001, "01/05/1994": 1994, "": 0, "94/05/01": 0} {
		if got := birthYear(s); got != want {
			t.Errorf("%q: %d, want %d", s, got, want)
		}
	}
}

// TestImportFold imports a two-round file with a forfeit, a bye, a
// half-point bye and an absence entered for round 3.
func TestImportFold(t *testing.T) {
	file := "012 Club Open\n022 Bursa\nXXR 4\n" +
		"001    1      Alpha, A                          2100 TUR    34000001 1990/01/01  2.0    1     2 w 1     3 b +\n" +
		"001    2      Beta, B                           2000 TUR                         1.0    2     1 b 0  0000 - U  0000 - H\n" +
		"001    3      Gamma, C                          1900 GER                         0.5    3  0000 - H     1 w -\n"
	evs, err := (&Tournament{}).Import(events.TournamentImported{TournamentID: "t1", TRF: file})
	if err != nil {
		t.Fatal(err)
	}
	tr := &Tournament{}
	if err := tr.Apply(evs[0]); err != nil {
		t.Fatal(err)
	}
	if tr.Created.Name != "Club Open" || tr.Created.City != "Bursa" || tr.Created.Rounds != 4 || tr.Closed != 2 || len(tr.Players) != 3 {
		t.Fatalf("%+v closed %d", tr.Created, tr.Closed)
	}
	if r := tr.Rounds[1]; len(r.Pairings) != 1 || r.Pairings[0].White != "p3" || tr.Imported.Results[r.Pairings[0].GameID] != BlackForfeitWin {
		t.Errorf("round 2: %+v %v", r, tr.Imported.Results)
	}
	if len(tr.ByeRequests) != 1 || tr.ByeRequests[0].PlayerID != "p2" || tr.ByeRequests[0].Round != 3 || tr.ByeRequests[0].Points != 0.5 {
		t.Errorf("round 3's absences: %+v", tr.ByeRequests)
	}
	if tr.Players[0].BirthYear != 1990 || tr.Players[0].FideID != "34000001" {
		t.Errorf("player 1: %+v", tr.Players[0])
	}
	if _, err := (&Tournament{}).Import(events.TournamentImported{TRF: strings.Replace(file, "3 b +", "3 b 1", 1)}); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("results that do not fit: %v", err)
	}
}
