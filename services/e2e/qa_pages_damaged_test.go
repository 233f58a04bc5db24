package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestQAPagesOfDamagedLogs: the HTML pages of a game and a tournament
// read their log as the API does. A game whose log a message published by
// hand damaged is served (its page shows what the API answers: the game
// up to its last good event, damaged), and so is it after the arbiter's
// repair, as is a repaired tournament's page; they answered 503 "cannot be
// read now" for ever before. A subject holding only such a message (a
// game never created) is 409 naming the damage; an unknown id stays 404.
func TestQAPagesOfDamagedLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr, data := freeAddr(t), t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	games := natsURL(t, data, natsAddr, string(events.WriterGames))
	pairing := natsURL(t, data, natsAddr, string(events.WriterPairing))
	page := func(path string, want int) {
		t.Helper()
		if a := s.do("GET", path, ""); a.status != want {
			t.Errorf("GET %s: %d, want %d\n%.300s", path, a.status, want, a.raw)
		}
	}
	startedGame(t, s, map[string]any{"id": "pg", "white": "w", "black": "b", "time_control": "600", "idempotency_key": "g-pg"})
	s.move("pg", "w", "e4", "1-pg")
	publishRaw(t, games, "game.pg.games", []byte("garbage{"))
	if d := damagedOf(s.do("GET", "/api/games/pg", "").body); d == nil {
		t.Fatal("the API does not read game pg as damaged")
	}
	page("/games/pg", http.StatusOK)
	if a := s.post("/api/games/pg/repair", map[string]any{"by": "arb", "reason": "a message published by hand", "idempotency_key": "fix-pg"}); a.status != http.StatusOK {
		t.Fatalf("repair: %d %s", a.status, a.raw)
	}
	page("/games/pg", http.StatusOK)
	page("/replay/pg", http.StatusOK)

	if a := s.post("/api/tournaments", map[string]any{"id": "tp", "name": "T", "system": "round-robin", "time_control": "600", "idempotency_key": "t-tp"}); a.status != http.StatusCreated {
		t.Fatalf("tournament: %d %s", a.status, a.raw)
	}
	publishRaw(t, pairing, "tournament.tp.pairing", []byte("garbage{"))
	if a := s.post("/api/tournaments/tp/repair", map[string]any{"by": "arb", "reason": "a message published by hand", "idempotency_key": "fix-tp"}); a.status != http.StatusOK {
		t.Fatalf("tournament repair: %d %s", a.status, a.raw)
	}
	page("/tournaments/tp", http.StatusOK)

	publishRaw(t, games, "game.never.games", []byte("garbage{"))
	a := s.do("GET", "/games/never", "")
	if a.status != http.StatusConflict || !strings.Contains(a.raw, "damaged at seq 1") {
		t.Errorf("GET /games/never: %d, want 409 naming the damage\n%.400s", a.status, a.raw)
	}
	page("/games/nosuch", http.StatusNotFound)
}

// TestQADuplicateKeyRefused: a command whose JSON gives a field twice
// ({"move":"e4","move":"d4"}: Go's decoder kept the last, so d4 was played
// where a proxy or a log reading the first saw e4) is refused, 400
// malformed_json naming the field, and appends nothing; with the field
// once it is played.
func TestQADuplicateKeyRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	startedGame(t, s, map[string]any{"id": "dk", "white": "w", "black": "b", "time_control": "600", "idempotency_key": "g-dk"})
	before := len(s.eventLog("dk"))
	for _, body := range []string{
		`{"move":"e4","player":"w","move":"d4","idempotency_key":"m1"}`,
		`{"move":"e4","player":"w","Player":"b","idempotency_key":"m2"}`,
	} {
		a := s.do("POST", "/api/games/dk/moves", body)
		if a.status != http.StatusBadRequest || a.errorCode() != "malformed_json" || !strings.Contains(a.raw, "given twice") {
			t.Errorf("%s: %d %s, want 400 malformed_json naming the field", body, a.status, a.raw)
		}
	}
	if n := len(s.eventLog("dk")); n != before {
		t.Errorf("events after the refusals: %d, want %d", n, before)
	}
	if a := s.do("POST", "/api/games/dk/moves", `{"move":"d4","player":"w","idempotency_key":"m1"}`); a.status != http.StatusOK {
		t.Errorf("the move with its key once: %d %s", a.status, a.raw)
	}
}
