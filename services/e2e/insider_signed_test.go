package e2e

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestInsiderForgedEventFound: with the games service's NATS password (an
// insider's), a resignation for the opponent is published on a running
// hakem serve's game subject with a valid hash chain, once unsigned and
// once signed with a key of the forger's own; hakem audit, given the
// keyring, names each forged event (its seq) and why, and passes the game
// nobody touched.
func TestInsiderForgedEventFound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, natsAddr := t.TempDir(), freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	for _, id := range []string{"unsigned", "wrongkey", "honest"} {
		startedGame(t, s, map[string]any{"id": id, "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": id})
		s.move(id, "w", "e4", "1-"+id)
		s.move(id, "b", "e5", "2-"+id)
	}
	nc, err := nats.Connect(natsURL(t, data, natsAddr, "games"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true})
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	forger, err := events.LoadOrCreateKeys(t.TempDir(), events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	forge := func(id string, sign bool) uint64 {
		t.Helper()
		log, head, err := st.Load(ctx, events.Game(id))
		if err != nil {
			t.Fatal(err)
		}
		envs, err := events.Build(events.Game(id), events.WriterGames, events.Head{Version: head.Version, Hash: head.Hash}, "forged",
			events.Meta{Actor: events.Actor{Role: "player", ID: "b"}, RecordedAt: log[len(log)-1].RecordedAt.Add(time.Second)},
			events.Resigned{By: events.White})
		if err != nil {
			t.Fatal(err)
		}
		if sign {
			if err := forger.Sign(&envs[0]); err != nil {
				t.Fatal(err)
			}
		}
		b, err := json.Marshal(envs[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(ctx, events.Game(id).Subject(events.WriterGames), b); err != nil {
			t.Fatalf("the games user's publish: %v", err)
		}
		return envs[0].Seq
	}
	ring := filepath.Join(data, "keys", events.KeyringFile)
	admin := natsURL(t, data, natsAddr, embedded.AdminUser)
	for id, c := range map[string]struct {
		sign bool
		why  string
	}{"unsigned": {false, "signature: unsigned"}, "wrongkey": {true, "not in the keyring"}} {
		seq := forge(id, c.sign)
		r := runAudit(t, "game", id, "--nats", admin, "--keyring", ring, "--json")
		first, _ := r.json["first_bad"].(map[string]any)
		reason, _ := first["reason"].(string)
		if r.code != 1 || first["seq"] != float64(seq) || !strings.Contains(reason, c.why) {
			t.Errorf("%s: exit %d, first bad %v; want exit 1 at seq %d: %s\n%s", id, r.code, first, seq, c.why, r.stderr)
		}
	}
	if r := runAudit(t, "game", "honest", "--nats", admin, "--keyring", ring, "--json"); r.code != 0 {
		t.Errorf("the game nobody touched: exit %d %s", r.code, r.stderr)
	}
}
