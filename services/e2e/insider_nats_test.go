package e2e

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestInsiderNoAnonymousNATS: hakem serve with its NATS listener open
// refuses an anonymous client and a wrong password; a service user may
// publish on its own writer subject only, and neither it nor the
// in-process user may edit or delete a stream; the admin whose URL hakem
// nats creds prints may read the streams but not publish an event.
func TestInsiderNoAnonymousNATS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, natsAddr := t.TempDir(), freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	startedGame(t, s, map[string]any{"id": "ins", "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "g-ins"})
	s.move("ins", "w", "e4", "1-ins")

	if nc, err := nats.Connect("nats://" + natsAddr); err == nil {
		nc.Close()
		t.Fatal("an anonymous CONNECT was accepted")
	}
	if nc, err := nats.Connect("nats://games:not-the-password@" + natsAddr); err == nil {
		nc.Close()
		t.Fatal("a wrong password was accepted")
	}
	out, err := exec.Command(hakemBinary(t), "nats", "creds", "--data", data).Output()
	if err != nil {
		t.Fatalf("hakem nats creds: %v", err)
	}
	adminURL := strings.TrimSpace(string(out))
	// without HAKEM_NATS_LISTEN, where serve listens (recorded in the data
	// folder): the URL works as printed
	if want := natsURL(t, data, natsAddr, embedded.AdminUser); adminURL != want {
		t.Errorf("hakem nats creds printed %q, want the admin's URL at the listener %s", adminURL, natsAddr)
	}
	adminURL = natsURL(t, data, natsAddr, embedded.AdminUser)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	connect := func(url string) (*nats.Conn, jetstream.JetStream) {
		t.Helper()
		nc, err := nats.Connect(url, nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		return nc, js
	}
	refused := func(who string, js jetstream.JetStream, subject string) {
		t.Helper()
		pctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		if _, err := js.Publish(pctx, subject, []byte(`{}`)); err == nil {
			t.Errorf("%s published on %s", who, subject)
		}
	}
	_, adminJS := connect(adminURL)
	if _, err := adminJS.Stream(ctx, "GAMES"); err != nil {
		t.Fatalf("the admin cannot read the stream GAMES: %v", err)
	}
	refused("the admin", adminJS, "game.ins.games")

	for _, user := range append([]string{embedded.InProcessUser}, embedded.ServiceUsers...) {
		nc, js := connect(natsURL(t, data, natsAddr, user))
		if user != "clocks" && user != embedded.InProcessUser {
			refused(user, js, "game.ins.clocks")
		}
		for _, api := range []string{"$JS.API.STREAM.DELETE.GAMES", "$JS.API.STREAM.PURGE.GAMES", "$JS.API.STREAM.DELETE.TOURNAMENTS"} {
			if m, err := nc.Request(api, nil, 500*time.Millisecond); err == nil && !strings.Contains(string(m.Data), `"error"`) {
				t.Errorf("%s: %s answered %s", user, api, m.Data)
			}
		}
		// an edit that would trim the stream (max one message per subject)
		cfg := eventstore.StreamConfig(events.KindGame, eventstore.Config{})
		cfg.MaxMsgsPerSubject = 1
		uctx, cancel := context.WithTimeout(ctx, time.Second)
		if _, err := js.UpdateStream(uctx, cfg); err == nil {
			t.Errorf("%s edited the stream GAMES", user)
		}
		cancel()
		if user == embedded.InProcessUser {
			refused(user, js, events.CheckpointSubject)
		}
	}
	gs, err := adminJS.Stream(ctx, "GAMES")
	if err != nil {
		t.Fatal(err)
	}
	if st := gs.CachedInfo().State; st.Msgs < 3 || st.FirstSeq != 1 {
		t.Errorf("GAMES after the attempts: %+v", st)
	}
}
