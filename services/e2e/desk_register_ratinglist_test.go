package e2e

import (
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// ratingLists are the hand-made FIDE lists of ratings/ratinglist.
const ratingLists = "../../ratings/ratinglist/testdata/"

// TestDeskRegisterFromRatingList imports FIDE's combined TXT list and the
// single blitz list in XML with `hakem ratinglist import`, then
// registers players by FIDE id alone through the server on that data
// folder: each takes name, federation, title, sex, year of birth and the
// rating of the tournament's list from it; an id the list does not have
// is a 400 naming fide_id; the audit follows.
func TestDeskRegisterFromRatingList(t *testing.T) {
	data := t.TempDir()
	for _, file := range []string{"players_list_foa.txt", "blitz_rating_list_xml.xml"} {
		out, err := exec.Command(hakemBinary(t), "ratinglist", "import", ratingLists+file, "--data", data).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "5 players imported") {
			t.Fatalf("ratinglist import %s: %v\n%s", file, err, out)
		}
	}
	if out, err := exec.Command(hakemBinary(t), "ratinglist", "import", "desk_register_ratinglist_test.go", "--data", data).CombinedOutput(); err == nil {
		t.Errorf("a file that is no list was imported: %s", out)
	}
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "std", "name": "Standard Open", "system": "swiss-dutch", "rounds": 5,
		"time_control": "5400+30", "rated": true, "idempotency_key": "c-std"}), "create")
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "blz", "name": "Blitz Open", "system": "swiss-dutch", "rounds": 5,
		"time_control": "180+2", "rated": true, "idempotency_key": "c-blz"}), "create")
	a := mustOK(t, s.post("/api/tournaments/std/players", map[string]any{"fide_id": "34100028", "idempotency_key": "r1-std"}), "register by FIDE id")
	got := a.events()[0]["data"].(map[string]any)
	want := map[string]any{"player_id": "f34100028", "name": "Yilmaz, Elif", "federation": "TUR", "title": "IM", "rating": 2405.0, "birth_year": 2001.0, "sex": "w"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("registered %s = %v, want %v (%v)", k, got[k], v, got)
		}
	}
	a = mustOK(t, s.post("/api/tournaments/blz/players", map[string]any{"players": []map[string]any{{"fide_id": "4611234"}, {"fide_id": "13300050"}, {"fide_id": "34100010"}},
		"idempotency_key": "l"}), "register a list by FIDE id")
	evs := a.events()
	if len(evs) != 3 {
		t.Fatalf("%s", a.raw)
	}
	for i, w := range []struct {
		name, title string
		rating      float64
		reached     any
	}{{"Schmidt, Jonas", "", 1850, nil}, {"Ionescu, Ana-Maria", "WFM", 2010, nil}, {"Kaya, Deniz", "GM", 2580, nil}} {
		d := evs[i]["data"].(map[string]any)
		title, _ := d["title"].(string)
		if d["name"] != w.name || title != w.title || d["rating"] != w.rating {
			t.Errorf("blitz entry %d: %v, want %s %s %v", i, d, w.name, w.title, w.rating)
		}
	}
	if a := s.post("/api/tournaments/std/players", map[string]any{"fide_id": "999", "idempotency_key": "r9-std"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "fide_id") {
		t.Errorf("an id not in the list: %d %s", a.status, a.raw)
	}
	s.stop()
	auditTournament(t, data, "std")
	auditTournament(t, data, "blz")
}
