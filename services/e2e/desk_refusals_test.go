package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// deskRefusal is one command of the desk's contract that must be refused.
type deskRefusal struct {
	name   string
	method string // POST when empty
	path   string // under /api/tournaments/
	body   string // JSON, or the file of a text content type
	ctype  string // application/json when empty
	status int
	want   string // in the answer
}

// refusesDesk sends each case and checks its status and what it names,
// and that nothing was appended: neither the tournament's events nor the
// server's count of events appended anywhere change.
func refusesDesk(t *testing.T, s *server, id string, cases []deskRefusal) {
	t.Helper()
	for _, c := range cases {
		before, events := s.appended(), eventCount(t, s, id)
		method, ctype := c.method, c.ctype
		if method == "" {
			method = "POST"
		}
		if ctype == "" {
			ctype = "application/json"
		}
		a := s.text(method, "/api/tournaments/"+c.path, ctype, c.body)
		if a.status != c.status || !strings.Contains(a.raw, c.want) {
			t.Errorf("%s: %d %s, want %d naming %q", c.name, a.status, a.raw, c.status, c.want)
		}
		if after := s.appended(); after != before {
			t.Errorf("%s: refused, yet %v event(s) appended", c.name, after-before)
		}
		if n := eventCount(t, s, id); n != events {
			t.Errorf("%s: refused, yet the tournament has %d more event(s)", c.name, n-events)
		}
	}
}

// TestDeskRefusalsAppendNothing sends every refusal of the desk's
// contract (the import, registration and late entries, byes, pairing,
// publication, hand changes, un-pairing, results sheets and corrections,
// the close, the tie-break rules) at the point of a tournament where it
// must be refused: each is a 4xx naming what is wrong, and nothing is
// appended.
func TestDeskRefusalsAppendNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	const id = "refusals"
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Refusals Open", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "c--" + id + id}), "create")
	for i := 1; i <= 6; i++ {
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("Player, ", i),
			"rating": 2300 - 20*i, "fide_id": fmt.Sprint(2000 + i), "idempotency_key": fmt.Sprint(id, "-r", i)}), "register")
	}
	trf := "012 Open\nXXR 3\n" +
		"001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"
	player := func(field, value string) string {
		return fmt.Sprintf(`{"player_id":"x","name":"X, Y",%q:%s,"idempotency_key":"bad-%s"}`, field, value, field)
	}
	refusesDesk(t, s, id, []deskRefusal{
		{name: "import: a bad result", path: "import?id=imp-bad", body: strings.Replace(trf, "2 w 1", "2 w 7", 1), ctype: "text/plain", status: 400, want: "line 3, column"},
		{name: "import: no player", path: "import?id=imp-empty", body: "012 Nothing\n", ctype: "text/plain", status: 400, want: "no player"},
		{name: "import: JSON", path: "import?id=imp-json", body: trf, status: 415, want: "text/plain"},
		{name: "register: FIDE id", path: id + "/players", body: player("fide_id", `"12a4"`), status: 400, want: "fide_id"},
		{name: "register: same FIDE id", path: id + "/players", body: player("fide_id", `"2003"`), status: 400, want: "fide_id"},
		{name: "register: title", path: id + "/players", body: player("title", `"XM"`), status: 400, want: "title"},
		{name: "register: federation", path: id + "/players", body: player("federation", `"Ger"`), status: 400, want: "federation"},
		{name: "register: rating", path: id + "/players", body: player("rating", `999`), status: 400, want: "rating"},
		{name: "register: birth year", path: id + "/players", body: player("birth_year", `1850`), status: 400, want: "birth_year"},
		{name: "register: FIDE id alone, no list", path: id + "/players", body: `{"fide_id":"34100028","idempotency_key":"bad-list"}`, status: 400, want: "fide_id"},
		{name: "register: a CSV column", path: id + "/players?idempotency_key=csv", body: "name,elo\nX,2000\n", ctype: "text/csv", status: 400, want: "column 2"},
		{name: "bye: a kind", path: id + "/byes", body: `{"player":3,"round":1,"kind":"X","idempotency_key":"bad-kind"}`, status: 400, want: "kind"},
		{name: "bye: no such player", path: id + "/byes", body: `{"player":9,"round":1,"idempotency_key":"bad-player"}`, status: 404, want: `player \"9\" is not registered`},
		{name: "publish: not paired", path: id + "/rounds/1/publish", body: `{"idempotency_key":"bad-pub"}`, status: 404, want: "round 1"},
		{name: "results: not paired", path: id + "/rounds/1/results", body: `{"results":[{"white":1,"black":4,"result":"1-0"}],"idempotency_key":"bad-res"}`, status: 404, want: "round 1"},
		{name: "unpair: not paired", method: "DELETE", path: id + "/rounds/1", body: `{"idempotency_key":"bad-unpair"}`, status: 404, want: "round 1"},
		{name: "tie-breaks: a code", path: id + "/tiebreaks", body: `{"tiebreaks":["XYZ"],"idempotency_key":"bad-tb"}`, status: 400, want: "tiebreaks"},
		{name: "tie-breaks: a year", path: id + "/tiebreaks", body: `{"tiebreak_rules":"2025","idempotency_key":"bad-tby"}`, status: 400, want: "tiebreak_rules"},
	})
	if a := s.do("GET", "/api/tournaments/"+id+"/rounds/1", ""); a.status != http.StatusNotFound {
		t.Errorf("a round not paired: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "p1-" + id}), "pair 1")
	rd := deskRoundOf(t, s, id, 1)
	b1, b2 := rd.boards[0], rd.boards[1]
	line := func(w, b int, result, key string) string {
		return fmt.Sprintf(`{"results":[{"white":%d,"black":%d,"result":%q}],"idempotency_key":%q}`, w, b, result, key)
	}
	refusesDesk(t, s, id, []deskRefusal{
		{name: "bye: its round paired", path: id + "/byes", body: `{"player":3,"round":1,"idempotency_key":"bye-paired"}`, status: 400, want: "round: 1 is not a round still to be paired"},
		{name: "late entry: missed rounds F", path: id + "/players", body: `{"player_id":"late","name":"Late, L","missed_rounds":"F","idempotency_key":"late-f"}`, status: 400, want: "missed_rounds"},
		{name: "change: unknown", path: id + "/rounds/1/changes", body: `{"change":"shuffle","idempotency_key":"ch-x"}`, status: 400, want: "change"},
		{name: "change: no such board", path: id + "/rounds/1/changes", body: `{"change":"colours","board":9,"idempotency_key":"ch-9"}`, status: 400, want: "board"},
		{name: "sheet: a pair not paired", path: id + "/rounds/1/results", body: line(b1.white, b2.black, "1-0", "s-pair"), status: 400, want: "results[0]"},
		{name: "sheet: colours reversed", path: id + "/rounds/1/results", body: line(b1.black, b1.white, "1-0", "s-rev"), status: 400, want: "results[0]"},
		{name: "sheet: a result", path: id + "/rounds/1/results", body: line(b1.white, b1.black, "1-1", "s-res"), status: 400, want: "results[0].result"},
		{name: "sheet: empty", path: id + "/rounds/1/results", body: `{"results":[],"idempotency_key":"s-empty"}`, status: 400, want: "results"},
		{name: "close: boards without results", path: id + "/rounds/1/close", body: `{"idempotency_key":"close-early"}`, status: 409, want: "board"},
		{name: "tie-breaks: round 1 paired", path: id + "/tiebreaks", body: `{"tiebreak_rules":"2024","idempotency_key":"tb-late"}`, status: 409, want: "round 1 is paired"},
		{name: "correct: round 1 paired", path: id + "/players/p2/correct", body: `{"rating":2290,"idempotency_key":"corr-late"}`, status: 409, want: "round 1 is paired"},
		{name: "remove: round 1 paired", path: id + "/players/p2/remove", body: `{"idempotency_key":"rem-late"}`, status: 409, want: "round 1 is paired"},
	})
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/1/publish", map[string]any{"idempotency_key": "pub1-" + id}), "publish")
	var sheet []map[string]any
	for _, b := range rd.boards {
		sheet = append(sheet, map[string]any{"white": b.white, "black": b.black, "result": "1-0"})
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/1/results", map[string]any{"results": sheet, "idempotency_key": "sheet1-" + id}), "sheet")
	refusesDesk(t, s, id, []deskRefusal{
		{name: "publish: twice", path: id + "/rounds/1/publish", body: `{"idempotency_key":"pub-again"}`, status: 409, want: "published"},
		{name: "change: published", path: id + "/rounds/1/changes", body: `{"change":"colours","board":1,"idempotency_key":"ch-pub"}`, status: 409, want: "published"},
		{name: "unpair: published", method: "DELETE", path: id + "/rounds/1", body: `{"idempotency_key":"unpair-pub"}`, status: 409, want: "published"},
		{name: "correction: no reason", path: id + "/rounds/1/results", body: line(b1.white, b1.black, "0-1", "fix-noreason"), status: 400, want: "results[0].reason"},
	})
}
