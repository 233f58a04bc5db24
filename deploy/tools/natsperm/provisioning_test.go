package natsperm_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestNATSProvisioning: the streams, the bucket and the consumer groups are
// the admin's. Before the admin provisions, no service user can create
// them; afterwards no service user can re-define a stream (a republish or a
// subject transform would re-route events) or create, update or delete a
// consumer group's durable consumer; each pulls and acknowledges its own
// groups only. The server refuses every one of these requests.
func TestNATSProvisioning(t *testing.T) {
	url, pw := startDeployedServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	admin, _ := connectAs(t, url, "admin", pw["admin"])
	ajs, err := jetstream.New(admin)
	if err != nil {
		t.Fatal(err)
	}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	jss := map[string]jetstream.JetStream{}
	for _, u := range serviceUsers {
		conns[u], refused[u] = connectAs(t, url, u, pw[u])
		if jss[u], err = jetstream.New(conns[u]); err != nil {
			t.Fatal(err)
		}
	}
	// A refused request gets no answer: the client gives up after its
	// timeout, and the proof is the server's report of the violation.
	short := func() context.Context {
		c, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		t.Cleanup(cancel)
		return c
	}

	// Nothing provisioned: a service can neither create the store nor
	// bind to it, and nothing gets created.
	for _, u := range serviceUsers {
		if _, err := eventstore.Open(short(), conns[u], eventstore.Config{}); err == nil {
			t.Errorf("%s created the event store's streams", u)
		}
		if _, err := eventstore.Open(short(), conns[u], eventstore.Config{Provisioned: true}); !errors.Is(err, eventstore.ErrNotProvisioned) {
			t.Errorf("%s: Open on an unprovisioned server: %v, want ErrNotProvisioned", u, err)
		}
		if !refused[u].wait(`Publish to "$JS.API.STREAM.`) {
			t.Errorf("%s: creating a stream not reported as a permissions violation", u)
		}
	}
	names := ajs.StreamNames(ctx)
	for n := range names.Name() {
		t.Errorf("a service user created stream %s", n)
	}

	provision(t, ctx, admin, 1)
	want := map[string]jetstream.StreamConfig{}
	for _, name := range []string{"GAMES", "TOURNAMENTS", "KV_HAKEM_SEALED", "HAKEM_POISON", "KV_HAKEM_CLOCK_WATCH"} {
		s, err := ajs.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = s.CachedInfo().Config
	}

	// Owners write one event on each group's filter.
	for _, w := range []struct{ user, subject string }{
		{"games", "game.prov.games"}, {"arbiter", "game.prov.arbiter"}, {"clocks", "game.prov.clocks"}, {"pairing", "tournament.prov.pairing"},
	} {
		if _, err := jss[w.user].Publish(ctx, w.subject, []byte("{}")); err != nil {
			t.Fatalf("%s: publishing on %s: %v", w.user, w.subject, err)
		}
	}

	tryAs := func(t *testing.T, u string) {
		// Binding works; re-defining a stream does not.
		if _, err := eventstore.Open(ctx, conns[u], eventstore.Config{Provisioned: true}); err != nil {
			t.Errorf("%s: binding to the provisioned store: %v", u, err)
		}
		if _, err := eventstore.Open(short(), conns[u], eventstore.Config{}); err == nil {
			t.Errorf("%s: create-or-update of the provisioned streams succeeded", u)
		}
		for name, cfg := range want {
			changed := cfg
			changed.RePublish = &jetstream.RePublish{Source: ">", Destination: "game.rerouted.arbiter"}
			if _, err := jss[u].UpdateStream(short(), changed); err == nil {
				t.Errorf("%s: updated stream %s with a republish", u, name)
			}
			if !refused[u].wait(`Publish to "$JS.API.STREAM.UPDATE.` + name + `"`) {
				t.Errorf("%s: updating %s not reported as a permissions violation", u, name)
			}
			if err := jss[u].DeleteStream(short(), name); err == nil {
				t.Errorf("%s: deleted stream %s", u, name)
			}
		}
		expectRefused(t, conns[u], refused[u], u, "$JS.API.CONSUMER.DURABLE.CREATE.GAMES.perm-"+u)
		// Ephemeral consumers: the gateway on GAMES and TOURNAMENTS,
		// clocks on GAMES; nobody on the buckets; the writers nowhere.
		for _, stream := range []string{"GAMES", "TOURNAMENTS", "KV_HAKEM_SEALED", "KV_HAKEM_CLOCK_WATCH"} {
			subject := "$JS.API.CONSUMER.CREATE." + stream + ".eph-" + u
			if (u == "gateway" && (stream == "GAMES" || stream == "TOURNAMENTS")) || (u == "clocks" && stream == "GAMES") {
				if _, err := jss[u].CreateConsumer(ctx, stream, jetstream.ConsumerConfig{Name: "eph-" + u, InactiveThreshold: time.Minute}); err != nil {
					t.Errorf("%s: ephemeral consumer on %s: %v", u, stream, err)
				}
				continue
			}
			expectRefused(t, conns[u], refused[u], u, subject)
		}
		// Only the clocks service keeps the clock watcher's checkpoint.
		if u == "clocks" {
			kv, err := jss[u].KeyValue(ctx, "HAKEM_CLOCK_WATCH")
			if err == nil {
				_, err = kv.Put(ctx, "watcher", []byte("{}"))
			}
			if err != nil {
				t.Errorf("clocks: writing its checkpoint: %v", err)
			}
		} else {
			expectRefused(t, conns[u], refused[u], u, "$KV.HAKEM_CLOCK_WATCH.watcher")
		}

		for _, g := range groups {
			// No one but the admin re-defines or deletes a group's consumer,
			// not even its own service.
			if _, err := jss[u].CreateOrUpdateConsumer(short(), g.stream, jetstream.ConsumerConfig{
				Durable: g.name, FilterSubject: "game.>", AckPolicy: jetstream.AckExplicitPolicy,
			}); err == nil {
				t.Errorf("%s: re-defined consumer %s", u, g.name)
			}
			if !refused[u].wait(`Publish to "$JS.API.CONSUMER.CREATE.` + g.stream + `.` + g.name) {
				t.Errorf("%s: re-defining consumer %s not reported as a permissions violation", u, g.name)
			}
			if err := jss[u].DeleteConsumer(short(), g.stream, g.name); err == nil {
				t.Errorf("%s: deleted consumer %s", u, g.name)
			}
			if g.service == u {
				continue
			}
			// Another service cannot pull from the group (it would take
			// the owner's events) nor acknowledge in its name.
			expectRefused(t, conns[u], refused[u], u, "$JS.API.CONSUMER.MSG.NEXT."+g.stream+"."+g.name)
			expectRefused(t, conns[u], refused[u], u, "$JS.ACK."+g.stream+"."+g.name+".1.1.1.1.0")
		}
	}
	// The users at once (t.Parallel would be bounded by GOMAXPROCS).
	var wg sync.WaitGroup
	for _, u := range serviceUsers {
		wg.Go(func() { t.Run(u, func(t *testing.T) { tryAs(t, u) }) })
	}
	wg.Wait()
	// Each group's own service pulls and acknowledges its event; nothing
	// was taken by the refused pulls.
	for _, g := range groups {
		c, err := jss[g.service].Consumer(ctx, g.stream, g.name)
		if err != nil {
			t.Errorf("%s: binding to %s: %v", g.service, g.name, err)
			continue
		}
		if err := fetchOne(c, true); err != nil {
			t.Errorf("%s: consuming its group %s: %v", g.service, g.name, err)
		}
		info, err := c.Info(ctx)
		if err != nil || info.Config.FilterSubject != g.filter || info.NumAckPending != 0 {
			t.Errorf("%s after the refusals: %+v, %v; want filter %s, nothing pending", g.name, info, err, g.filter)
		}
	}
	for name, cfg := range want {
		s, err := ajs.Stream(ctx, name)
		if err != nil {
			t.Errorf("stream %s after the refusals: %v", name, err)
			continue
		}
		got := s.CachedInfo().Config
		if got.RePublish != nil || !slices.Equal(got.Subjects, cfg.Subjects) {
			t.Errorf("stream %s re-defined: %+v", name, got)
		}
	}
}

// groups are the consumer groups of hakem serve (services/internal/wiring.
// Groups, which this module cannot import): the durable consumers the admin
// provisions, each pulled and acknowledged by its service's user only. The
// end-to-end test of the split services (services/e2e) runs the real ones
// under these users.
var groups = []struct{ name, service, stream, filter string }{
	{"games-results", "games", "GAMES", "game.*.games"},
	{"games-rounds", "games", "TOURNAMENTS", "tournament.*.pairing"},
	{"games-rulings", "games", "GAMES", "game.*.arbiter"},
	{"clocks-penalties", "clocks", "GAMES", "game.*.arbiter"},
	{"scoring-rounds", "scoring", "TOURNAMENTS", "tournament.*.pairing"},
	{"arbiter-claims", "arbiter", "GAMES", "game.*.games"},
	{"arbiter-flags", "arbiter", "GAMES", "game.*.clocks"},
	{"arbiter-expulsions", "arbiter", "GAMES", "game.*.arbiter"},
	{"games-replays", "games", "GAMES", "game.*.arbiter"},
}

// provision does, as the admin user, what hakem provision does: the
// streams and the sealed-log bucket, the poison stream, the consumer
// groups' durable consumers.
func provision(t *testing.T, ctx context.Context, nc *nats.Conn, replicas int) {
	t.Helper()
	if _, err := eventstore.Open(ctx, nc, eventstore.Config{Replicas: replicas}); err != nil {
		t.Fatalf("admin: provisioning the event store: %v", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "HAKEM_POISON", Subjects: []string{"HAKEM_POISON"}, Replicas: replicas}); err != nil {
		t.Fatalf("admin: poison stream: %v", err)
	}
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "HAKEM_CLOCK_WATCH", History: 1, Replicas: replicas}); err != nil {
		t.Fatalf("admin: clock watch bucket: %v", err)
	}
	for _, g := range groups {
		if _, err := js.CreateOrUpdateConsumer(ctx, g.stream, jetstream.ConsumerConfig{
			Durable: g.name, FilterSubject: g.filter, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 5 * time.Second, MaxDeliver: -1,
		}); err != nil {
			t.Fatalf("admin: consumer %s: %v", g.name, err)
		}
	}
}
