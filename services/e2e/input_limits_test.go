package e2e

import (
	"bufio"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// appended is the server's count of events appended so far (the sum of
// hakem_events_appended_total), once it has stopped changing: the
// reactions to earlier commands have settled.
func (s *server) appended() float64 {
	s.t.Helper()
	read := func() float64 {
		a := s.do("GET", "/metrics", "")
		var sum float64
		sc := bufio.NewScanner(strings.NewReader(a.raw))
		for sc.Scan() {
			line := sc.Text()
			if !strings.HasPrefix(line, "hakem_events_appended_total{") {
				continue
			}
			f := strings.Fields(line)
			v, err := strconv.ParseFloat(f[len(f)-1], 64)
			if err != nil {
				s.t.Fatalf("metrics line %q: %v", line, err)
			}
			sum += v
		}
		return sum
	}
	last := read()
	for i := 0; i < 100; i++ {
		time.Sleep(150 * time.Millisecond)
		now := read()
		if now == last {
			return now
		}
		last = now
	}
	s.t.Fatal("the server keeps appending events: no quiet moment to compare counts")
	return 0
}

// limitCase is one command the server must refuse, naming the field.
type limitCase struct {
	name   string
	method string // POST when empty
	path   string
	body   string
	status int
	code   string
	field  string // the message starts with "field <field>:" when set
}

// refuses posts each case and checks its refusal: the status, the code,
// the field named, and nothing appended anywhere (the server's count of
// appended events, and the log of game when given).
func (s *server) refuses(t *testing.T, game string, cases []limitCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := s.appended()
			var log int
			if game != "" {
				log = len(s.eventLog(game))
			}
			if c.method == "" {
				c.method = "POST"
			}
			a := s.do(c.method, c.path, c.body)
			if c.status == 0 {
				c.status = http.StatusBadRequest
			}
			if c.code == "" {
				c.code = "invalid"
			}
			if a.status != c.status || a.errorCode() != c.code {
				t.Fatalf("%s: %d %s, want %d %s", c.path, a.status, truncate(a.raw), c.status, c.code)
			}
			msg, _ := a.body["error"].(map[string]any)["message"].(string)
			if c.field != "" && !strings.HasPrefix(msg, "field "+c.field+":") {
				t.Errorf("message %q does not name the field %s", truncate(msg), c.field)
			}
			if after := s.appended(); after != before {
				t.Errorf("%g events appended by a refused command", after-before)
			}
			if game != "" {
				if n := len(s.eventLog(game)); n != log {
					t.Errorf("game %s: %d events before, %d after a refused command", game, log, n)
				}
			}
		})
	}
}

func truncate(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// TestInputLimits: every limit of the HTTP commands, through the real
// server: a field out of range, too long or holding a control character
// is refused with 400 naming it, a body over 1 MiB with 413, and none
// appends anything; values at the limits are accepted.
func TestInputLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	g := startedGame(t, s, map[string]any{"id": "lim", "white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "c-lim"})
	long := func(n int) string { return strings.Repeat("k", n) }
	adjust := "/api/games/" + g + "/clock/adjust"
	s.refuses(t, g, []limitCase{
		{name: "delta_ms MaxInt64", path: adjust, body: fmt.Sprintf(`{"side":"white","delta_ms":%d,"reason":"r","article":"6.10","idempotency_key":"a1"}`, int64(math.MaxInt64)), field: "delta_ms"},
		{name: "delta_ms MinInt64", path: adjust, body: fmt.Sprintf(`{"side":"white","delta_ms":%d,"reason":"r","article":"6.10","idempotency_key":"a2"}`, int64(math.MinInt64)), field: "delta_ms"},
		{name: "delta_ms a day and 1 ms", path: adjust, body: `{"side":"white","delta_ms":86400001,"reason":"r","article":"6.10","idempotency_key":"a3"}`, field: "delta_ms"},
		{name: "delta_ms beyond int64", path: adjust, body: `{"side":"white","delta_ms":1e40,"reason":"r","article":"6.10","idempotency_key":"a4"}`, code: "malformed_json"},
		{name: "reason over 1000 bytes", path: "/api/games/" + g + "/clock/pause", body: `{"reason":"` + long(1001) + `","idempotency_key":"p1"}`, field: "reason"},
		{name: "newline in a reason", path: "/api/games/" + g + "/clock/pause", body: `{"reason":"a\nb","idempotency_key":"p2"}`, field: "reason"},
		{name: "key of 129 bytes", path: "/api/games/" + g + "/moves", body: `{"move":"e4","player":"w","idempotency_key":"` + long(129) + `"}`, field: "idempotency_key"},
		{name: "key of 100 KB", path: "/api/games/" + g + "/moves", body: `{"move":"e4","player":"w","idempotency_key":"` + long(100<<10) + `"}`, field: "idempotency_key"},
		{name: "body over 1 MiB", path: "/api/games/" + g + "/moves", body: `{"move":"e4","player":"w","idempotency_key":"` + long(1<<20) + `"}`, status: http.StatusRequestEntityTooLarge, code: "too_large"},
		{name: "player of 65 bytes", path: "/api/games/" + g + "/moves", body: `{"move":"e4","player":"` + long(65) + `","idempotency_key":"m"}`, field: "player"},
		{name: "NUL in a move", path: "/api/games/" + g + "/moves", body: `{"move":"e4\u0000","player":"w","idempotency_key":"m"}`, field: "move"},
		{name: "lateness_ms negative", path: "/api/games/" + g + "/rulings", body: `{"matter":"late_arrival","side":"white","lateness_ms":-1,"by":"arb","idempotency_key":"l1"}`, field: "lateness_ms"},
		{name: "lateness_ms over a day", path: "/api/games/" + g + "/rulings", body: `{"matter":"late_arrival","side":"white","lateness_ms":86400001,"by":"arb","idempotency_key":"l2"}`, field: "lateness_ms"},
		{name: "amount_ms over a day", path: "/api/games/" + g + "/rulings", body: `{"matter":"penalty","side":"white","penalty":"time_off","amount_ms":86400001,"reason":"phone","by":"arb","idempotency_key":"pen"}`, field: "amount_ms"},
		{name: "article over 100 bytes", path: "/api/games/" + g + "/rulings", body: `{"matter":"result_override","result":"1-0","reason":"r","article":"` + long(101) + `","by":"arb","idempotency_key":"ro"}`, field: "article"},
		{name: "illegal move text over 32 bytes", path: "/api/games/" + g + "/illegal-moves", body: `{"offender":"white","move":"` + long(33) + `","reported_by":"arbiter","by":"arb","idempotency_key":"il"}`, field: "move"},
	})
	s.refuses(t, "", []limitCase{
		{name: "newline in white", path: "/api/games", body: `{"white":"a\nb","black":"b","idempotency_key":"g1"}`, field: "white"},
		{name: "tab in black", path: "/api/games", body: `{"white":"a","black":"b\tc","idempotency_key":"g2"}`, field: "black"},
		{name: "id of 65 bytes", path: "/api/games", body: `{"id":"` + long(65) + `","white":"a","black":"b","idempotency_key":"g3"}`, field: "id"},
		{name: "board 10000", path: "/api/games", body: `{"white":"a","black":"b","board":10000,"idempotency_key":"g4"}`, field: "board"},
		{name: "board negative", path: "/api/games", body: `{"white":"a","black":"b","board":-1,"idempotency_key":"g5"}`, field: "board"},
		{name: "round 100", path: "/api/games", body: `{"white":"a","black":"b","round":100,"idempotency_key":"g6"}`, field: "round"},
		{name: "a Swiss of 10000 rounds", path: "/api/tournaments", body: `{"id":"big","name":"Big","system":"swiss-dutch","rounds":10000,"idempotency_key":"t1"}`, field: "rounds"},
		{name: "a Swiss of 100 rounds", path: "/api/tournaments", body: `{"id":"big","name":"Big","system":"swiss-dutch","rounds":100,"idempotency_key":"t2"}`, field: "rounds"},
		{name: "tournament name over 100 bytes", path: "/api/tournaments", body: `{"id":"big","name":"` + long(101) + `","system":"swiss-dutch","rounds":5,"idempotency_key":"t3"}`, field: "name"},
		{name: "newline in a tournament name", path: "/api/tournaments", body: `{"id":"big","name":"Big\nOpen","system":"swiss-dutch","rounds":5,"idempotency_key":"t4"}`, field: "name"},
		{name: "point system out of range", path: "/api/tournaments", body: `{"id":"big","name":"Big","rounds":5,"system":"swiss-dutch","point_system":{"win":1e9},"idempotency_key":"t5"}`, field: "point_system.win"},
		{name: "too many tie-breaks", path: "/api/tournaments", body: `{"id":"big","name":"Big","rounds":5,"system":"swiss-dutch","tiebreaks":[` + strings.TrimSuffix(strings.Repeat(`"BH",`, 33), ",") + `],"idempotency_key":"t6"}`, field: "tiebreaks"},
	})
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "sw", "name": "Swiss", "system": "swiss-dutch", "rounds": 4, "idempotency_key": "t-sw"}), "create")
	s.refuses(t, "", []limitCase{
		{name: "rating 3501", path: "/api/tournaments/sw/players", body: `{"player_id":"p1","name":"P","rating":3501,"idempotency_key":"r1"}`, field: "rating"},
		{name: "rating negative", path: "/api/tournaments/sw/players", body: `{"player_id":"p1","name":"P","rating":-1,"idempotency_key":"r2"}`, field: "rating"},
		{name: "newline in a player's name", path: "/api/tournaments/sw/players", body: `{"player_id":"p1","name":"Carlsen,\nMagnus","idempotency_key":"r3"}`, field: "name"},
		{name: "newline in a player's id", path: "/api/tournaments/sw/players", body: `{"player_id":"p\n1","name":"P","idempotency_key":"r4"}`, field: "player_id"},
		{name: "player name over 100 bytes", path: "/api/tournaments/sw/players", body: `{"player_id":"p1","name":"` + long(101) + `","idempotency_key":"r5"}`, field: "name"},
		{name: "birth year 2101", path: "/api/tournaments/sw/players", body: `{"player_id":"p1","name":"P","birth_year":2101,"idempotency_key":"r6"}`, field: "birth_year"},
		{name: "bye round 100", path: "/api/tournaments/sw/byes", body: `{"player_id":"p1","round":100,"idempotency_key":"b1"}`, field: "round"},
		{name: "withdrawal from round -1", path: "/api/tournaments/sw/withdrawals", body: `{"player_id":"p1","from_round":-1,"reason":"ill","idempotency_key":"w1"}`, field: "from_round"},
		{name: "close round 100", path: "/api/tournaments/sw/rounds/100/close", body: `{"idempotency_key":"c1"}`},
	})
	// at the limits: accepted
	mustOK(t, s.post(adjust, map[string]any{"side": "white", "delta_ms": 86400000, "reason": "r", "article": "6.10", "idempotency_key": strings.Repeat("k", 128)}), "a day, a key of 128 bytes")
	mustOK(t, s.post("/api/tournaments/sw/players", map[string]any{"player_id": strings.Repeat("p", 64), "name": strings.Repeat("n", 100), "rating": 3500, "idempotency_key": "top-sw"}), "limits of a registration")
	for i := 2; i <= 4; i++ {
		mustOK(t, s.post("/api/tournaments/sw/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("P", i), "rating": 2000 - i, "idempotency_key": fmt.Sprint("r", i)}), "register")
	}
	// four rounds among four players (three pair everyone with everyone, C.04.1 b): refused at round 1, nothing paired,
	// and the tournament made by mistake can be deleted
	s.refuses(t, "", []limitCase{{name: "four rounds among four players", path: "/api/tournaments/sw/rounds", body: `{"idempotency_key":"p1"}`, status: http.StatusConflict, code: "tournament_state"}})
	if a := s.do("DELETE", "/api/tournaments/sw", `{"reason":"four rounds for four players","idempotency_key":"del","by":"org"}`); a.status != http.StatusOK {
		t.Fatalf("delete: %d %s", a.status, a.raw)
	}
}
