package natsperm_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// partitions is the game partition count of the widened accounts.conf.
const partitions events.GamePartitions = 3

// TestNATSPermissionsPartitioned starts nats-server from the deployed
// nats-server.conf with accounts.conf as hakem nats accounts --partitions 3
// prints it (embedded.PartitionedAccountsConf), the admin provisioning three
// game partitions, and proves per partition what TestNATSPermissions proves
// on the single stream: every service user publishes its own writer's
// subject game-<p>.<id>.<writer> (stored in GAMES_<p>) and is refused the
// others'; a consumer group's service pulls and acknowledges it on
// GAMES_<p>, another service is refused; clocks' and the gateway's ordered
// consumers may be created there. The deployed accounts.conf as it is
// refuses the partitions' subjects: the widening is what grants them.
func TestNATSPermissionsPartitioned(t *testing.T) {
	widened, err := embedded.PartitionedAccountsConf(partitions)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("as deployed", func(t *testing.T) {
		url, pw := startServerFrom(t, confWithAccounts(t, embedded.AccountsConf()))
		admin, _ := connectAs(t, url, "admin", pw["admin"])
		provisionPartitions(t, admin)
		nc, r := connectAs(t, url, "games", pw["games"])
		expectRefused(t, nc, r, "games", "game-1.perm.games")
		expectRefused(t, nc, r, "games", "$JS.API.CONSUMER.MSG.NEXT.GAMES_2.games-results")
	})
	t.Run("widened", func(t *testing.T) {
		url, pw := startServerFrom(t, confWithAccounts(t, widened))
		ctx := ctxFor(t)
		admin, _ := connectAs(t, url, "admin", pw["admin"])
		provisionPartitions(t, admin)
		ajs, err := jetstream.New(admin)
		if err != nil {
			t.Fatal(err)
		}
		conns := map[string]*nats.Conn{}
		refused := map[string]*refusals{}
		for _, u := range serviceUsers {
			conns[u], refused[u] = connectAs(t, url, u, pw[u])
			if _, err := eventstore.Open(ctx, conns[u], eventstore.Config{Provisioned: true, Partitions: partitions}); err != nil {
				t.Fatalf("%s: binding to the provisioned partitions: %v", u, err)
			}
		}
		for p := range int(partitions) {
			stream := partitions.StreamName(p)
			for _, u := range serviceUsers {
				ujs, err := jetstream.New(conns[u])
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range events.KindGame.Writers() {
					subject := "game-" + strconv.Itoa(p) + ".perm-" + u + "." + string(w)
					if string(w) != u {
						expectRefused(t, conns[u], refused[u], u, subject)
						continue
					}
					ack, err := ujs.Publish(ctx, subject, []byte("own"))
					if err != nil {
						t.Errorf("%s: publishing to its own subject %s: %v", u, subject, err)
					} else if ack.Stream != stream {
						t.Errorf("%s: %s stored in %s, want %s", u, subject, ack.Stream, stream)
					}
				}
				// The ordered consumers of the clock watcher and the feeds.
				if u == "clocks" || u == "gateway" {
					if _, err := ujs.CreateConsumer(ctx, stream, jetstream.ConsumerConfig{Name: "eph-" + u, InactiveThreshold: time.Minute}); err != nil {
						t.Errorf("%s: ephemeral consumer on %s: %v", u, stream, err)
					}
				} else {
					expectRefused(t, conns[u], refused[u], u, "$JS.API.CONSUMER.CREATE."+stream+".eph-"+u)
				}
			}
			// games-results (game-<p>.*.games) is the games service's:
			// it pulls and acknowledges its own move; clocks may not.
			expectRefused(t, conns["clocks"], refused["clocks"], "clocks", "$JS.API.CONSUMER.MSG.NEXT."+stream+".games-results")
			expectRefused(t, conns["clocks"], refused["clocks"], "clocks", "$JS.ACK."+stream+".games-results.1.1.1.1.0")
			gjs, err := jetstream.New(conns["games"])
			if err != nil {
				t.Fatal(err)
			}
			c, err := gjs.Consumer(ctx, stream, "games-results")
			if err != nil {
				t.Fatalf("games: binding to games-results on %s: %v", stream, err)
			}
			if err := fetchOne(c, true); err != nil {
				t.Errorf("games: consuming games-results on %s: %v", stream, err)
			}
		}
		// The refused publishes stored nothing.
		for p := range int(partitions) {
			s, err := ajs.Stream(ctx, partitions.StreamName(p))
			if err != nil {
				t.Fatal(err)
			}
			info, err := s.Info(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if info.State.Msgs != uint64(len(events.KindGame.Writers())) {
				t.Errorf("%s holds %d events, want one per writer (%d)", s.CachedInfo().Config.Name, info.State.Msgs, len(events.KindGame.Writers()))
			}
		}
	})
}

// confWithAccounts writes the deployed nats-server.conf into a temporary
// folder beside accounts as its accounts.conf and returns its path.
func confWithAccounts(t *testing.T, accounts string) string {
	t.Helper()
	dir := t.TempDir()
	b, err := os.ReadFile(deployedConf)
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "nats-server.conf")
	if err := os.WriteFile(conf, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "accounts.conf"), []byte(accounts), 0o600); err != nil {
		t.Fatal(err)
	}
	return conf
}

// provisionPartitions does, as the admin user, what hakem provision does
// with HAKEM_GAME_PARTITIONS=3 for the groups these tests pull: the game
// partitions' streams and games-results on each.
func provisionPartitions(t *testing.T, nc *nats.Conn) {
	t.Helper()
	ctx := ctxFor(t)
	if _, err := eventstore.Open(ctx, nc, eventstore.Config{Partitions: partitions}); err != nil {
		t.Fatalf("admin: provisioning %d game partitions: %v", partitions, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	for p, stream := range partitions.StreamNames() {
		filter := "game-" + strconv.Itoa(p) + ".*.games"
		if _, err := js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
			Durable: "games-results", FilterSubject: filter, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 5 * time.Second, MaxDeliver: -1,
		}); err != nil {
			t.Fatalf("admin: games-results on %s: %v", stream, err)
		}
	}
}
