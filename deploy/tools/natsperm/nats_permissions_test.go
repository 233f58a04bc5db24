package natsperm_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// deployedConf is the nats-server configuration the deployment runs
// (docker compose); it includes accounts.conf, the one place where users
// and permissions are written, which Kubernetes uses too.
const deployedConf = "../../nats/nats-server.conf"

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

// ephemeralUsers may create ephemeral (ordered) consumers: the gateway's
// live feeds, the clocks service's watcher.
var ephemeralUsers = []string{"clocks", "gateway"}

// commandServices answer the gateway's commands on hakem.http.<service>
// (the arbiter: its hand rulings, POST /api/games/{id}/rulings).
var commandServices = []string{"games", "clocks", "pairing", "arbiter"}

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

// serviceUsers are the NATS users of the services; each is named after the
// events.Writer whose subjects it alone may publish (the gateway writes no
// event).
var serviceUsers = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

// configUsers is every user of the configuration: the services, the
// operator (admin: JetStream API only, no event subject) and the system
// account's user.
var configUsers = append(slices.Clone(serviceUsers), "admin", "sys", "standby")

// sealOwner names the user that may write the sealed copy of each kind's
// logs (the key-value bucket HAKEM_SEALED).
var sealOwner = map[events.Kind]string{events.KindGame: "games", events.KindTournament: "pairing"}

// setDeployEnv sets the environment variables the configuration reads
// (random passwords, the server name, the sync interval) and returns the
// passwords by user.
func setDeployEnv(t *testing.T, syncInterval string) map[string]string {
	t.Helper()
	pw := map[string]string{}
	for _, u := range configUsers {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		pw[u] = hex.EncodeToString(b)
		t.Setenv("HAKEM_NATS_"+strings.ToUpper(u)+"_PASSWORD", pw[u])
	}
	t.Setenv("NATS_SERVER_NAME", "hakem-permissions-test")
	t.Setenv("NATS_SYNC_INTERVAL", syncInterval)
	return pw
}

// loadDeployedConf parses the deployed configuration as nats-server does.
func loadDeployedConf(t *testing.T) *server.Options {
	t.Helper()
	opts, err := server.ProcessConfigFile(deployedConf)
	if err != nil {
		t.Fatalf("%s: %v", deployedConf, err)
	}
	return opts
}

// startDeployedServer starts nats-server in this process from the deployed
// configuration, with only what cannot be used on a test machine
// overridden: loopback and a random client port, no monitoring port, no
// cluster (a single node: the permissions are the same), the JetStream
// store in a temporary folder. It returns the client URL.
func startDeployedServer(t *testing.T) (string, map[string]string) {
	t.Helper()
	pw := setDeployEnv(t, "120s")
	opts := loadDeployedConf(t)
	opts.Host = "127.0.0.1"
	opts.Port = server.RANDOM_PORT
	opts.HTTPHost, opts.HTTPPort = "", 0
	opts.Cluster = server.ClusterOpts{}
	opts.Routes = nil
	opts.RoutesStr = ""
	opts.StoreDir = t.TempDir()
	opts.NoSigs, opts.NoLog = true, true
	srv, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		srv.Shutdown()
		t.Fatal("nats-server did not start within 30 s")
	}
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv.ClientURL(), pw
}

// refusals collects the permission violations the server reports to one
// connection.
type refusals struct {
	mu   sync.Mutex
	errs []string
	note chan struct{}
}

func (r *refusals) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	if !errors.Is(err, nats.ErrPermissionViolation) {
		return
	}
	r.mu.Lock()
	r.errs = append(r.errs, err.Error())
	r.mu.Unlock()
	select {
	case r.note <- struct{}{}:
	default:
	}
}

// wait waits until the server has reported a violation containing want.
func (r *refusals) wait(want string) bool {
	deadline := time.After(10 * time.Second)
	for {
		r.mu.Lock()
		for _, e := range r.errs {
			if strings.Contains(e, want) {
				r.mu.Unlock()
				return true
			}
		}
		r.mu.Unlock()
		select {
		case <-r.note:
		case <-deadline:
			return false
		}
	}
}

// about returns the violations reported so far that mention subject.
func (r *refusals) about(subject string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.errs {
		if strings.Contains(e, `"`+subject+`"`) {
			out = append(out, e)
		}
	}
	return out
}

// connectAs connects as user with its password.
func connectAs(t *testing.T, url, user, password string) (*nats.Conn, *refusals) {
	t.Helper()
	r := &refusals{note: make(chan struct{}, 1)}
	nc, err := nats.Connect(url, nats.UserInfo(user, password), nats.Name("permissions test "+user),
		nats.ErrorHandler(r.handler))
	if err != nil {
		t.Fatalf("connecting as %s: %v", user, err)
	}
	t.Cleanup(nc.Close)
	return nc, r
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// expectRefused publishes to subject with core NATS and expects the server
// to report a publish permissions violation for exactly that subject.
func expectRefused(t *testing.T, nc *nats.Conn, r *refusals, user, subject string) {
	t.Helper()
	if err := nc.Publish(subject, []byte("forged")); err != nil {
		t.Fatalf("%s: publish %s: %v", user, subject, err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatalf("%s: flush: %v", user, err)
	}
	if !r.wait(`Publish to "` + subject + `"`) {
		t.Errorf("%s: publishing to %s was not refused by the server", user, subject)
	}
}

// TestNATSPermissions starts nats-server from the deployed configuration and
// proves, for every service user and every writer subject of the event
// catalogue, that a publish to a subject not the user's own is refused by
// the server and stores nothing, and that a publish to its own is stored.
func TestNATSPermissions(t *testing.T) {
	url, pw := startDeployedServer(t)
	ctx := ctxFor(t)

	// The admin provisions; every service user can then open the event
	// store bound to what the admin made.
	stores := map[string]*eventstore.Store{}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range append(slices.Clone(serviceUsers), "admin") {
		nc, r := connectAs(t, url, u, pw[u])
		conns[u], refused[u] = nc, r
	}
	provision(t, ctx, conns["admin"], 1)
	for _, u := range serviceUsers {
		s, err := eventstore.Open(ctx, conns[u], eventstore.Config{Provisioned: true})
		if err != nil {
			t.Fatalf("%s: opening the provisioned event store: %v", u, err)
		}
		stores[u] = s
	}
	js, err := jetstream.New(conns["admin"])
	if err != nil {
		t.Fatal(err)
	}

	checked := 0
	for _, u := range append(slices.Clone(serviceUsers), "admin") {
		ujs, err := jetstream.New(conns[u])
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range events.Kinds() {
			stream, err := js.Stream(ctx, k.StreamName())
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range k.Writers() {
				subject := events.Aggregate{Kind: k, ID: "perm-" + u}.Subject(w)
				checked++
				if string(w) == u {
					ack, err := ujs.Publish(ctx, subject, []byte("own"))
					if err != nil {
						t.Errorf("%s: publishing to its own subject %s: %v", u, subject, err)
						continue
					}
					if ack.Stream != k.StreamName() {
						t.Errorf("%s: %s stored in stream %s, want %s", u, subject, ack.Stream, k.StreamName())
					}
					if got := refused[u].about(subject); len(got) > 0 {
						t.Errorf("%s: own subject %s reported refused: %v", u, subject, got)
					}
					continue
				}
				expectRefused(t, conns[u], refused[u], u, subject)
				if _, err := stream.GetLastMsgForSubject(ctx, subject); !errors.Is(err, jetstream.ErrMsgNotFound) {
					t.Errorf("%s: refused publish to %s: stream lookup gave %v, want no message", u, subject, err)
				}
			}
		}
	}
	// Every writer of the catalogue was tried by every user.
	want := 0
	for _, k := range events.Kinds() {
		want += len(k.Writers())
	}
	if want*(len(serviceUsers)+1) != checked || want == 0 {
		t.Errorf("checked %d publishes, want %d", checked, want*(len(serviceUsers)+1))
	}
}

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

// fetchOne fetches the one message on the consumer and acknowledges it
// (synchronously, so that a refused acknowledgement shows).
func fetchOne(c jetstream.Consumer, ack bool) error {
	return fetchOneWithin(c, ack, 5*time.Second)
}

// fetchOneWithin is fetchOne waiting at most wait for the message.
func fetchOneWithin(c jetstream.Consumer, ack bool, wait time.Duration) error {
	batch, err := c.Fetch(1, jetstream.FetchMaxWait(wait))
	if err != nil {
		return err
	}
	n := 0
	for m := range batch.Messages() {
		n++
		if ack {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := m.DoubleAck(ctx)
			cancel()
			if err != nil {
				return fmt.Errorf("ack: %w", err)
			}
		}
	}
	if batch.Error() != nil {
		return batch.Error()
	}
	if n != 1 {
		return fmt.Errorf("fetched %d messages, want 1", n)
	}
	return nil
}

// TestNATSConfig checks what the deployed configurations (docker compose
// and Kubernetes, which include the same accounts.conf) declare: exactly the
// users the tests cover, JetStream on, a 3-node cluster, and the sync
// interval taken from the deployment's setting.
func TestNATSConfig(t *testing.T) {
	for _, conf := range []string{deployedConf, "../../nats/nats-server.k8s.conf"} {
		for _, tc := range []struct {
			setting  string
			always   bool
			interval time.Duration
		}{
			{"120s", false, 2 * time.Minute},
			{"10s", false, 10 * time.Second},
			{"always", true, 0},
		} {
			t.Run(filepath.Base(conf)+"/"+tc.setting, func(t *testing.T) {
				setDeployEnv(t, tc.setting)
				opts, err := server.ProcessConfigFile(filepath.FromSlash(conf))
				if err != nil {
					t.Fatal(err)
				}
				if !opts.JetStream || opts.StoreDir != "/data/jetstream" {
					t.Errorf("JetStream %v in %q, want on in /data/jetstream", opts.JetStream, opts.StoreDir)
				}
				if opts.SyncAlways != tc.always || (!tc.always && opts.SyncInterval != tc.interval) {
					t.Errorf("sync_interval %q: SyncAlways %v, SyncInterval %v", tc.setting, opts.SyncAlways, opts.SyncInterval)
				}
				var names []string
				for _, u := range opts.Users {
					names = append(names, u.Username)
				}
				slices.Sort(names)
				want := slices.Clone(configUsers)
				slices.Sort(want)
				if !slices.Equal(names, want) {
					t.Errorf("users %v, want %v (a new user needs its permissions tested)", names, want)
				}
				if len(opts.Routes) != 3 || opts.Cluster.Name != "hakem" || opts.Cluster.Port != 6222 {
					t.Errorf("cluster %q on port %d with %d routes, want hakem on 6222 with 3", opts.Cluster.Name, opts.Cluster.Port, len(opts.Routes))
				}
				if opts.ServerName != "hakem-permissions-test" {
					t.Errorf("server name %q, want the one from NATS_SERVER_NAME", opts.ServerName)
				}
			})
		}
	}
}

// freePorts returns n loopback ports that were free a moment ago.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
		defer l.Close()
	}
	return ports
}

// TestNATSClusterR3 starts the deployed configuration as the 3-node cluster
// it describes (its routes and ports moved to loopback), opens the event
// store with R3 streams as the games user, appends, stops the stream's
// leader and appends again: the accounts and JetStream settings work
// clustered, and the permissions hold there too.
func TestNATSClusterR3(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a 3-node cluster")
	}
	pw := setDeployEnv(t, "120s")
	ports := freePorts(t, 3)
	var routes []string
	for _, p := range ports {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", p))
	}
	var servers []*server.Server
	var urls []string
	for i, p := range ports {
		t.Setenv("NATS_SERVER_NAME", fmt.Sprintf("hakem-%d", i))
		opts := loadDeployedConf(t)
		opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
		opts.HTTPHost, opts.HTTPPort = "", 0
		opts.Cluster.Host, opts.Cluster.Port = "127.0.0.1", p
		opts.Routes = server.RoutesFromStr(strings.Join(routes, ","))
		opts.StoreDir = t.TempDir()
		opts.NoSigs, opts.NoLog = true, true
		srv, err := server.NewServer(opts)
		if err != nil {
			t.Fatal(err)
		}
		go srv.Start()
		t.Cleanup(func() {
			srv.Shutdown()
			srv.WaitForShutdown()
		})
		servers = append(servers, srv)
	}
	for _, srv := range servers {
		if !srv.ReadyForConnections(60 * time.Second) {
			t.Fatalf("%s did not start within 60 s", srv.Name())
		}
		urls = append(urls, srv.ClientURL())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	nc, r := connectAs(t, strings.Join(urls, ","), "games", pw["games"])
	admin, _ := connectAs(t, strings.Join(urls, ","), "admin", pw["admin"])

	// The meta leader is elected once the routes are up: the admin retries
	// provisioning the R3 streams until then; games binds to them.
	for {
		try, cancelTry := context.WithTimeout(ctx, 10*time.Second)
		_, err := eventstore.Open(try, admin, eventstore.Config{Replicas: 3})
		cancelTry()
		if err == nil {
			break
		}
		t.Logf("provisioning R3 streams, retrying: %v", err)
		if ctx.Err() != nil {
			t.Fatalf("provisioning R3 streams: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	provision(t, ctx, admin, 3)
	store, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true})
	if err != nil {
		t.Fatalf("games: binding to the R3 streams: %v", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	stream, err := js.Stream(ctx, events.KindGame.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	info := stream.CachedInfo()
	if info.Config.Replicas != 3 || info.Cluster == nil || len(info.Cluster.Replicas) != 2 {
		t.Fatalf("stream %s: %d replicas configured, cluster %+v; want R3 on three servers", info.Config.Name, info.Config.Replicas, info.Cluster)
	}

	g := events.Game("cluster-1")
	meta := events.Meta{Actor: events.Actor{Role: "player", ID: "p1"}, RecordedAt: time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)}
	_, head, err := store.Append(ctx, g, events.WriterGames, events.Head{}, "k1", meta,
		events.GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"})
	if err != nil {
		t.Fatalf("append on R3: %v", err)
	}

	// Stop the stream's leader; the next append lands once a new leader
	// is elected (the same idempotency key on every try).
	leader := info.Cluster.Leader
	for _, srv := range servers {
		if srv.Name() == leader {
			srv.Shutdown()
		}
	}
	for {
		try, cancelTry := context.WithTimeout(ctx, 5*time.Second)
		_, _, err = store.Append(try, g, events.WriterGames, head, "k2", meta, events.DrawOffered{Ply: 1, By: events.White})
		cancelTry()
		if err == nil || errors.Is(err, eventstore.ErrAlreadyApplied) {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("append after the leader %s stopped: %v", leader, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	log, _, err := store.Load(ctx, g)
	if err != nil || len(log) != 2 {
		t.Fatalf("after the leader stopped: %d events, %v; want 2", len(log), err)
	}

	// The permissions hold in the cluster: games cannot write a ruling.
	expectRefused(t, nc, r, "games", g.Subject(events.WriterArbiter))
}

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

// TestNATSCommandSubjects: commands cross processes as NATS requests on
// hakem.http.<service>. Each command service can serve its own subject
// only, the gateway can send to each of them, and no other user can send a
// command or listen in on one: the server refuses.
func TestNATSCommandSubjects(t *testing.T) {
	url, pw := startDeployedServer(t)
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range serviceUsers {
		conns[u], refused[u] = connectAs(t, url, u, pw[u])
	}
	var mu sync.Mutex
	served := map[string]int{}
	for _, s := range commandServices {
		_, err := conns[s].Subscribe("hakem.http."+s, func(m *nats.Msg) {
			mu.Lock()
			served[s]++
			mu.Unlock()
			_ = m.Respond([]byte(s + " answers " + string(m.Data)))
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := conns[s].Flush(); err != nil {
			t.Fatal(err)
		}
		if got := refused[s].about("hakem.http." + s); len(got) > 0 {
			t.Errorf("%s: serving its own command subject refused: %v", s, got)
		}
	}
	for _, s := range commandServices {
		subject := "hakem.http." + s
		// The gateway sends a command and gets the service's answer.
		reply, err := conns["gateway"].Request(subject, []byte("move"), 10*time.Second)
		if err != nil {
			t.Errorf("gateway: request on %s: %v", subject, err)
		} else if string(reply.Data) != s+" answers move" {
			t.Errorf("gateway: %s answered %q", subject, reply.Data)
		}
		for _, u := range serviceUsers {
			if u == s {
				continue
			}
			// Nobody else serves (or overhears) the service's commands.
			if _, err := conns[u].SubscribeSync(subject); err != nil {
				t.Fatal(err)
			}
			if err := conns[u].Flush(); err != nil {
				t.Fatal(err)
			}
			if !refused[u].wait(`Subscription to "` + subject + `"`) {
				t.Errorf("%s: subscribing to %s was not refused", u, subject)
			}
			if u != "gateway" {
				// Nobody but the gateway sends commands.
				expectRefused(t, conns[u], refused[u], u, subject)
			}
		}
	}
	// Every command reached its service once: the gateway's.
	for _, u := range serviceUsers {
		if err := conns[u].Flush(); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range commandServices {
		if served[s] != 1 {
			t.Errorf("%s served %d commands, want the gateway's 1", s, served[s])
		}
	}
}
