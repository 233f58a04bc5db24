package commandfuzz

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/arbiter"
	arbiterports "github.com/hakem-chess/hakem/services/arbiter/ports"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	clocksports "github.com/hakem-chess/hakem/services/clocks/ports"
	"github.com/hakem-chess/hakem/services/games/app/handlers"
	gamesports "github.com/hakem-chess/hakem/services/games/ports"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	pairingapp "github.com/hakem-chess/hakem/services/pairing/app"
	pairingports "github.com/hakem-chess/hakem/services/pairing/ports"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// routes are the commands fuzzed: every command route of the games,
// arbiter, clocks and pairing ports, on a game ("fz", timed, its clock started) and
// a tournament ("ft", two players) made before.
var routes = []struct{ method, path string }{
	{"POST", "/api/games"},
	{"POST", "/api/games/fz/moves"},
	{"POST", "/api/games/fz/draw"},
	{"POST", "/api/games/fz/resign"},
	{"POST", "/api/games/fz/claims"},
	{"POST", "/api/games/fz/illegal-moves"},
	{"POST", "/api/games/fz/rulings"},
	{"POST", "/api/games/fz/repair"},
	{"POST", "/api/games/fz/clock/start"},
	{"POST", "/api/games/fz/clock/pause"},
	{"POST", "/api/games/fz/clock/resume"},
	{"POST", "/api/games/fz/clock/adjust"},
	{"POST", "/api/tournaments"},
	{"POST", "/api/tournaments/ft/players"},
	{"POST", "/api/tournaments/ft/rounds"},
	{"POST", "/api/tournaments/ft/rounds/1/close"},
	{"POST", "/api/tournaments/ft/withdrawals"},
	{"POST", "/api/tournaments/ft/byes"},
	{"POST", "/api/tournaments/ft/forbidden-pairs"},
	{"POST", "/api/tournaments/ft/expulsions"},
	{"DELETE", "/api/tournaments/ft"},
	{"POST", "/api/tournaments/ft/exclusions"},
	{"POST", "/api/tournaments/ft/repair"},
	{"POST", "/api/tournaments/ft/tiebreaks"},
	{"POST", "/api/tournaments/ft/players/a/correct"},
	{"POST", "/api/tournaments/ft/players/b/remove"},
	{"POST", "/api/tournaments/ft/rounds/1/results"},
	{"POST", "/api/tournaments/ft/rounds/1/publish"},
	{"DELETE", "/api/tournaments/ft/rounds/1"},
	{"POST", "/api/tournaments/ft/rounds/1/changes"},
	{"POST", "/api/tournaments/import"},
}

// TestFuzzCoversEveryCommand: every command route of the games, arbiter,
// clocks and pairing ports is among the routes fuzzed.
func TestFuzzCoversEveryCommand(t *testing.T) {
	fuzzed := map[string]bool{}
	for _, r := range routes {
		fuzzed[r.method+" "+r.path] = true
	}
	ids := strings.NewReplacer("{id}/players/{player}/correct", "ft/players/a/correct", "{id}/players/{player}/remove", "ft/players/b/remove", "{n}", "1")
	for _, list := range [][]string{gamesports.CommandRoutes, arbiterports.RulingRoutes, clocksports.CommandRoutes, pairingports.CommandRoutes} {
		for _, pattern := range list {
			route := ids.Replace(pattern)
			if strings.HasPrefix(route, "POST /api/games/") || strings.HasPrefix(route, "DELETE /api/games/") {
				route = strings.Replace(route, "{id}", "fz", 1)
			}
			route = strings.Replace(route, "{id}", "ft", 1)
			if !fuzzed[route] {
				t.Errorf("%s (%s) is not fuzzed: add it to routes", pattern, route)
			}
		}
	}
}

// fixture is the in-process API on a real embedded store.
type fixture struct {
	mux *http.ServeMux
	js  jetstream.JetStream
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	st := natstest.Store(t)
	js, err := jetstream.New(st.Conn())
	if err != nil {
		t.Fatal(err)
	}
	arb := arbiter.New(arbiter.Deps{Store: st, Retries: 4, Log: zap.NewNop()})
	app := handlers.New(handlers.Options{Store: gamelog.EventStore{Store: st}, Feed: gamelog.JetStreamFeed{JS: js}, Retries: 4, Arbiter: arb})
	mux := http.NewServeMux()
	gamesports.HTTP{App: app}.Register(mux)
	arb.Commands.Register(mux)
	clocksports.HTTP{Clocks: &clocksapp.Clocks{Store: gamelog.EventStore{Store: st, Writer: events.WriterClocks}, Retries: 4}}.Register(mux)
	pairingports.HTTP{Pairing: &pairingapp.Pairing{Store: st, Retries: 4}}.Register(mux)
	f := &fixture{mux: mux, js: js}
	for _, c := range []struct{ path, body string }{
		{"/api/games", `{"id":"fz","white":"w","black":"b","time_control":"5400+30","idempotency_key":"c"}`},
		{"/api/games/fz/clock/start", `{"idempotency_key":"s"}`},
		{"/api/tournaments", `{"id":"ft","name":"Fuzz","system":"round-robin","idempotency_key":"t"}`},
		{"/api/tournaments/ft/players", `{"player_id":"a","name":"A","idempotency_key":"a"}`},
		{"/api/tournaments/ft/players", `{"player_id":"b","name":"B","idempotency_key":"b"}`},
	} {
		if code, body := f.post("POST", c.path, c.body); code >= 300 {
			t.Fatalf("%s: %d %s", c.path, code, body)
		}
	}
	return f
}

func (f *fixture) post(method, path, body string) (int, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// lastSeqs is the last sequence of every stream.
func (f *fixture) lastSeqs(t *testing.T) map[string]uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out := map[string]uint64{}
	for _, k := range events.Kinds() {
		s, err := f.js.Stream(ctx, k.StreamName())
		if err != nil {
			t.Fatal(err)
		}
		info, err := s.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out[k.StreamName()] = info.State.LastSeq
	}
	return out
}

// FuzzCommands posts arbitrary bodies to every command route: no answer
// is a 5xx, and a refusal (4xx) appends nothing to any stream.
func FuzzCommands(f *testing.F) {
	seeds := []string{
		``, `{}`, `null`, `[]`, `{"idempotency_key":"k"}`, `{"idempotency_key":""}`,
		`{"idempotency_key":"k","unknown":1}`, `{"idempotency_key":"k"} {}`, `{"idempotency_key":"k"`,
		`{"move":"e4","player":"w","idempotency_key":"m1"}`,
		`{"move":"e4\n","player":"w","idempotency_key":"m2"}`,
		`{"action":"offer","player":"b","idempotency_key":"d"}`,
		`{"player":"w","reason":"threefold_repetition","idempotency_key":"cl"}`,
		`{"offender":"white","move":"Ke3","reported_by":"arbiter","by":"arb","idempotency_key":"il"}`,
		`{"matter":"penalty","side":"white","penalty":"warning","reason":"phone","by":"arb","idempotency_key":"pe"}`,
		`{"matter":"late_arrival","side":"black","lateness_ms":-5,"by":"arb","idempotency_key":"la"}`,
		`{"by":"arb","reason":"x","idempotency_key":"rp"}`,
		`{"side":"white","delta_ms":9223372036854775807,"reason":"r","article":"6.10","idempotency_key":"a"}`,
		`{"side":"white","delta_ms":60000,"reason":"r","article":"6.10","idempotency_key":"a2"}`,
		`{"reason":"incident","idempotency_key":"p"}`,
		`{"name":"Open","system":"swiss-dutch","rounds":10000,"idempotency_key":"t"}`,
		`{"name":"Open","system":"swiss-dutch","rounds":5,"point_system":{"win":1e308},"idempotency_key":"t2"}`,
		`{"player_id":"c","name":"C\u0000","rating":3501,"idempotency_key":"r"}`,
		`{"player_id":"c","name":"C","rating":2000,"idempotency_key":"r2"}`,
		`{"player_id":"a","round":2,"points":0.5,"idempotency_key":"by"}`,
		`{"player_a":"a","player_b":"b","reason":"siblings","idempotency_key":"fp"}`,
		`{"player_id":"a","from_round":1,"reason":"ill","idempotency_key":"wd"}`,
		`{"player_id":"a","reason":"phone","idempotency_key":"ex","by":"arb"}`,
		`{"reason":"created twice","idempotency_key":"del","by":"org"}`,
		`{"idempotency_key":"` + strings.Repeat("k", 200) + `"}`,
	}
	for i, s := range seeds {
		for r := range routes {
			if (i+r)%3 == 0 || i < 9 {
				f.Add(uint8(r), []byte(s))
			}
		}
	}
	fx := newFixture(f)
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		rt := routes[int(route)%len(routes)]
		before := fx.lastSeqs(t)
		code, answer := fx.post(rt.method, rt.path, string(body))
		if code >= 500 {
			t.Fatalf("%s %s %q: %d %s", rt.method, rt.path, body, code, answer)
		}
		if code >= 400 {
			for stream, seq := range fx.lastSeqs(t) {
				if seq != before[stream] {
					t.Fatalf("%s %s %q refused (%d %s) but %s went from %d to %d", rt.method, rt.path, body, code, answer, stream, before[stream], seq)
				}
			}
		}
	})
}
