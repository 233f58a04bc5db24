package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestStreamGuard: the NATS admin edits the running hakem serve's streams
// with the JetStream API (what `nats stream edit` does): GAMES gets a
// limit of messages per subject, TOURNAMENTS a maximum age. Within the
// guard's interval (HAKEM_STREAM_GUARD_INTERVAL) every write into either
// stream is refused, 503 stream_changed naming the stream and the change,
// and appends nothing; reads go on; the gauge hakem_stream_guard_ok turns
// from 1 to 0 and serve logs the change as an error. The admin puts the
// configurations back: within the interval the gauge is 1 again, serve
// logs it, and the refused move is played.
func TestStreamGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, natsAddr := t.TempDir(), freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr, "HAKEM_STREAM_GUARD_INTERVAL=200ms"}, true)
	id := startedGame(t, s, map[string]any{"id": "guarded", "white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "g-guarded"})
	s.move(id, "w", "e4", "1-"+id)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "open", "name": "Open", "system": "round-robin", "idempotency_key": "t-open"}), "create")
	if m := s.do("GET", "/metrics", ""); !strings.Contains(m.raw, "\nhakem_stream_guard_ok 1") {
		t.Fatalf("before any edit, /metrics lacks hakem_stream_guard_ok 1")
	}

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
	edit := func(stream string, change func(*jetstream.StreamConfig)) {
		t.Helper()
		st, err := js.Stream(ctx, stream)
		if err != nil {
			t.Fatal(err)
		}
		cfg := st.CachedInfo().Config
		change(&cfg)
		if _, err := js.UpdateStream(ctx, cfg); err != nil {
			t.Fatalf("the admin's edit of %s: %v", stream, err)
		}
	}
	edit(events.KindGame.StreamName(), func(c *jetstream.StreamConfig) { c.MaxMsgsPerSubject = 1000 })
	edit(events.KindTournament.StreamName(), func(c *jetstream.StreamConfig) { c.MaxAge = 24 * time.Hour })

	waitUntil(t, "the guard's gauge at 0", func() bool {
		return strings.Contains(s.do("GET", "/metrics", "").raw, "\nhakem_stream_guard_ok 0")
	})
	cases := []struct {
		name, path, body, stream, change string
	}{
		{"a move", "/api/games/" + id + "/moves", `{"move":"e5","player":"b","idempotency_key":"2"}`, "GAMES", "max_msgs_per_subject"},
		{"a new game", "/api/games", `{"id":"after","white":"x","black":"y","idempotency_key":"n"}`, "GAMES", "max_msgs_per_subject"},
		{"a registration", "/api/tournaments/open/players", `{"player_id":"a","name":"A","idempotency_key":"a"}`, "TOURNAMENTS", "max_age"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := s.appended()
			a := s.do("POST", c.path, c.body)
			msg, _ := a.body["error"].(map[string]any)["message"].(string)
			if a.status != http.StatusServiceUnavailable || a.errorCode() != "stream_changed" || !strings.Contains(msg, c.stream) || !strings.Contains(msg, c.change) {
				t.Fatalf("%s: %d %s, want 503 stream_changed naming %s and %s", c.path, a.status, a.raw, c.stream, c.change)
			}
			if after := s.appended(); after != before {
				t.Errorf("%g events appended by a refused write", after-before)
			}
		})
	}
	if g := s.game(id); moves(g) != "e4" {
		t.Errorf("the game read after the edit: %v", g)
	}
	if a := s.do("GET", "/api/games/after", ""); a.status != http.StatusNotFound {
		t.Errorf("the refused game exists: %d %s", a.status, a.raw)
	}
	// The guard's state (the gauge) changes before its log line is
	// written: wait for the line, as an operator reading the log would.
	waitUntil(t, "serve's log of the change", func() bool {
		return strings.Contains(s.output(), "a stream's configuration changed")
	})
	edit(events.KindGame.StreamName(), func(c *jetstream.StreamConfig) { c.MaxMsgsPerSubject = -1 })
	edit(events.KindTournament.StreamName(), func(c *jetstream.StreamConfig) { c.MaxAge = 0 })
	waitUntil(t, "the guard's gauge back at 1", func() bool {
		return strings.Contains(s.do("GET", "/metrics", "").raw, "\nhakem_stream_guard_ok 1")
	})
	waitUntil(t, "serve's log of the restoration", func() bool {
		return strings.Contains(s.output(), "the expected one again")
	})
	mustOK(t, s.do("POST", "/api/games/"+id+"/moves", `{"move":"e5","player":"b","idempotency_key":"2b"}`), "a move after the streams were put back")
	if g := s.game(id); moves(g) != "e4 e5" {
		t.Errorf("the game after the restoration: %v", g)
	}
}
