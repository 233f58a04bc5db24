package e2e

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestInsiderGarbageThenStreamDeleted: a message that is not an event,
// published by an insider with the games service's password on one game's
// subject, stops neither the checkpoints (a move of another game played
// after it is witnessed) nor hakem audit all (which names the damaged game
// at its seq and passes the other); the admin then deletes the stream
// TOURNAMENTS under the running server: its reads and writes answer 503
// stream_changed, not 500, and the audit names the tournament the
// checkpoints witnessed.
func TestInsiderGarbageThenStreamDeleted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, natsAddr := t.TempDir(), freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr, "HAKEM_CHECKPOINT_INTERVAL=20ms"}, true)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "gt", "name": "Garbage Open", "system": "round-robin", "idempotency_key": "t-gt"}), "create the tournament")
	for _, id := range []string{"ga", "gb"} {
		startedGame(t, s, map[string]any{"id": id, "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "g-" + id})
		s.move(id, "w", "e4", "1-"+id)
	}
	publishRaw(t, natsURL(t, data, natsAddr, string(events.WriterGames)), "game.ga.games", []byte(`garbage{`))
	if a := s.post("/api/games/ga/moves", map[string]any{"player": "b", "move": "e5", "idempotency_key": "2-ga"}); a.status != http.StatusConflict || !strings.Contains(a.raw, "log damaged at seq 4") {
		t.Fatalf("a move of the damaged game: %d %s", a.status, a.raw)
	}
	a := s.move("gb", "b", "e5", "2-gb")
	witnessedAt(t, s, "gb", int(a.body["version"].(float64)))

	nc, err := nats.Connect(natsURL(t, data, natsAddr, embedded.AdminUser))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := js.DeleteStream(ctx, "TOURNAMENTS"); err != nil {
		t.Fatalf("the admin could not delete TOURNAMENTS (the attack this test is about): %v", err)
	}
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/api/tournaments/gt", ""},
		{"POST", "/api/tournaments", `{"id":"gt2","name":"After","system":"round-robin","idempotency_key":"t2"}`},
	} {
		if a := s.do(c.method, c.path, c.body); a.status != http.StatusServiceUnavailable || !strings.Contains(a.raw, "stream_changed") {
			t.Errorf("%s %s with TOURNAMENTS deleted: %d %s", c.method, c.path, a.status, a.raw)
		}
	}
	s.stop()

	r := runAudit(t, "all", "--data", data, "--checkpoints", filepath.Join(data, "checkpoints.ndjson"))
	if r.code != 1 {
		t.Errorf("audit all: exit %d, want 1\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, w := range []string{"game/ga: FAILS: LOG DAMAGED at seq 4 ", "game/gb: ok", "tournament/gt: FAILS: witnessed: seq 1 is missing"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("audit all does not say %q:\n%s\n%s", w, r.stdout, r.stderr)
		}
	}
}
