package domain

import (
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

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
	if r := tr.Rounds[1]; len(r.Pairings) != 1 || r.Pairings[0].White != "p3" || tr.Imported.Results[r.Pairings[0].GameID] != events.ResultBlackForfeitWin {
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

// TestImportTiebreaks: a TRF-26 file's record 202 becomes the
// tournament's tie-break list, the query's list replaces it, and an
// unknown code in it refuses the file naming the record.
func TestImportTiebreaks(t *testing.T) {
	players := "001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"
	for _, c := range []struct {
		name, header string
		query, want  []string
		refused      string
	}{
		{"202 read", "202 BH/C1,BH,SB\n", nil, []string{"BH/C1", "BH", "SB"}, ""},
		{"the query's list replaces 202", "202 BH/C1,BH\n", []string{"DE", "WIN"}, []string{"DE", "WIN"}, ""},
		{"no 202: the system's default", "", nil, nil, ""},
		{"unknown code", "202 BH,XYZ\n", nil, nil, "record 202"},
	} {
		im := events.TournamentImported{TournamentID: "t1", TRF: "012 Open\nXXR 3\n" + c.header + players}
		im.Created.Tiebreaks = c.query
		evs, err := (&Tournament{}).Import(im)
		if c.refused != "" {
			refusedAs(t, c.name, evs, err, ErrInvalid, c.refused)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := evs[0].(events.TournamentImported).Created.Tiebreaks
		if c.want != nil && strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: tie-breaks %v, want %v", c.name, got, c.want)
		}
		if c.want == nil && len(got) > 0 && strings.Join(got, ",") == "BH/C1,BH,SB" {
			t.Errorf("%s: took a 202 list the file does not have: %v", c.name, got)
		}
	}
}
