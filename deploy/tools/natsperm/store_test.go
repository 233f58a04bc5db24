package natsperm_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestNATSPermissionsStore runs what the services do through the event
// store under each user: an owner appends and seals, everyone reads, and a
// user that does not own the writer cannot append through the store either.
func TestNATSPermissionsStore(t *testing.T) {
	url, pw := startDeployedServer(t)
	ctx := ctxFor(t)
	stores := map[string]*eventstore.Store{}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	admin, _ := connectAs(t, url, "admin", pw["admin"])
	provision(t, ctx, admin, 1)
	for _, u := range serviceUsers {
		nc, r := connectAs(t, url, u, pw[u])
		conns[u], refused[u] = nc, r
		s, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true})
		if err != nil {
			t.Fatalf("%s: opening the event store: %v", u, err)
		}
		stores[u] = s
	}
	meta := events.Meta{Actor: events.Actor{Role: "organiser", ID: "o1"}, RecordedAt: time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)}
	created := events.GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"}
	g := events.Game("perm-store")

	// The clocks service cannot write a move: its append is refused and
	// nothing lands.
	short, cancel := context.WithTimeout(ctx, 3*time.Second)
	_, _, err := stores["clocks"].Append(short, g, events.WriterGames, events.Head{}, "k-clocks", meta, created)
	cancel()
	if err == nil {
		t.Fatal("clocks appended to game.*.games")
	}
	if !refused["clocks"].wait(`Publish to "` + g.Subject(events.WriterGames) + `"`) {
		t.Error("clocks: append to game.*.games not reported as a permissions violation")
	}
	// The games service can.
	_, head, err := stores["games"].Append(ctx, g, events.WriterGames, events.Head{}, "k-games", meta, created)
	if err != nil {
		t.Fatalf("games: append: %v", err)
	}
	for _, u := range serviceUsers {
		log, h, err := stores[u].Load(ctx, g)
		if err != nil {
			t.Errorf("%s: load: %v", u, err)
			continue
		}
		if len(log) != 1 || h != head {
			t.Errorf("%s: load: %d events, head %+v; want 1 event, head %+v", u, len(log), h, head)
		}
	}

	// Sealing: only the owner of the kind writes the sealed copy.
	for _, u := range serviceUsers {
		for _, k := range events.Kinds() {
			subject := "$KV.HAKEM_SEALED." + string(k) + ".perm-" + u
			if sealOwner[k] == u {
				nc := conns[u]
				js, err := jetstream.New(nc)
				if err != nil {
					t.Fatal(err)
				}
				kv, err := js.KeyValue(ctx, "HAKEM_SEALED")
				if err != nil {
					t.Fatalf("%s: bucket: %v", u, err)
				}
				if _, err := kv.Put(ctx, string(k)+".perm-"+u, []byte("{}")); err != nil {
					t.Errorf("%s: sealing a %s: %v", u, k, err)
				}
				continue
			}
			expectRefused(t, conns[u], refused[u], u, subject)
		}
	}
	if _, err := stores["games"].Seal(ctx, g); err != nil {
		t.Errorf("games: Seal: %v", err)
	}

	// Live feeds and the clock watcher: an ordered consumer, under the
	// gateway and clocks only; the other services cannot create a consumer
	// of any kind.
	for _, u := range serviceUsers {
		js, err := jetstream.New(conns[u])
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(ephemeralUsers, u) {
			oc, err := js.OrderedConsumer(ctx, "GAMES", jetstream.OrderedConsumerConfig{FilterSubjects: []string{g.Filter()}})
			if err == nil {
				err = fetchOne(oc, false)
			}
			if err != nil {
				t.Errorf("%s: ordered consumer: %v", u, err)
			}
			continue
		}
		short, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		oc, err := js.OrderedConsumer(short, "GAMES", jetstream.OrderedConsumerConfig{FilterSubjects: []string{g.Filter()}})
		cancel()
		if err == nil && fetchOneWithin(oc, false, 500*time.Millisecond) == nil {
			t.Errorf("%s: read through an ordered consumer of its own", u)
		}
		if !refused[u].wait(`Publish to "$JS.API.CONSUMER.CREATE.GAMES.`) {
			t.Errorf("%s: creating an ordered consumer not reported as a permissions violation", u)
		}
	}

	// No service may create, update, delete or purge a stream, delete an
	// event, or read an event subject without JetStream.
	for _, u := range serviceUsers {
		for _, subject := range []string{"$JS.API.STREAM.DELETE.GAMES", "$JS.API.STREAM.PURGE.TOURNAMENTS", "$JS.API.STREAM.MSG.DELETE.GAMES", "$JS.API.STREAM.CREATE.OTHER",
			"$JS.API.STREAM.CREATE.GAMES", "$JS.API.STREAM.UPDATE.GAMES", "$JS.API.STREAM.UPDATE.TOURNAMENTS", "$JS.API.STREAM.UPDATE.KV_HAKEM_SEALED",
			"$JS.API.STREAM.UPDATE.HAKEM_POISON", "$JS.API.STREAM.DELETE.KV_HAKEM_SEALED"} {
			expectRefused(t, conns[u], refused[u], u, subject)
		}
		if _, err := conns[u].SubscribeSync("game.>"); err != nil {
			t.Fatal(err)
		}
		if err := conns[u].Flush(); err != nil {
			t.Fatal(err)
		}
		if !refused[u].wait(`Subscription to "game.>"`) {
			t.Errorf("%s: a plain subscription to game.> was not refused", u)
		}
	}
	log, _, err := stores["games"].Load(ctx, g)
	if err != nil || len(log) != 1 {
		t.Errorf("after the refused deletes: %d events, %v; want the 1 event", len(log), err)
	}
}

// sealOwner names the user that may write the sealed copy of each kind's
// logs (the key-value bucket HAKEM_SEALED).
var sealOwner = map[events.Kind]string{events.KindGame: "games", events.KindTournament: "pairing"}

// ephemeralUsers may create ephemeral (ordered) consumers: the gateway's
// live feeds, the clocks service's watcher.
var ephemeralUsers = []string{"clocks", "gateway"}
