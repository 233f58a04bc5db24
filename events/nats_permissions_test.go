package events_test

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
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// deployedConf is the nats-server configuration the deployment runs
// (docker compose); it includes accounts.conf, the one place where users
// and permissions are written, which Kubernetes uses too.
const deployedConf = "../deploy/nats/nats-server.conf"

// serviceUsers are the NATS users of the services; each is named after the
// events.Writer whose subjects it alone may publish (the gateway writes no
// event).
var serviceUsers = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

// configUsers is every user of the configuration: the services, the
// operator (admin: JetStream API only, no event subject) and the system
// account's user.
var configUsers = append(slices.Clone(serviceUsers), "admin", "sys")

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

	// Every service user can open the event store: the JetStream API
	// calls it makes (create-or-update of the streams and the sealed-log
	// bucket) are allowed.
	stores := map[string]*events.Store{}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range append(slices.Clone(serviceUsers), "admin") {
		nc, r := connectAs(t, url, u, pw[u])
		conns[u], refused[u] = nc, r
		s, err := events.Open(ctx, nc, events.Config{})
		if err != nil {
			t.Fatalf("%s: opening the event store: %v", u, err)
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
	stores := map[string]*events.Store{}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range serviceUsers {
		nc, r := connectAs(t, url, u, pw[u])
		conns[u], refused[u] = nc, r
		s, err := events.Open(ctx, nc, events.Config{})
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

	// Consumer groups and live feeds: a durable pull consumer with
	// acknowledgements and an ordered consumer, under every user.
	for _, u := range serviceUsers {
		js, err := jetstream.New(conns[u])
		if err != nil {
			t.Fatal(err)
		}
		c, err := js.CreateOrUpdateConsumer(ctx, "GAMES", jetstream.ConsumerConfig{
			Durable: "perm-" + u, FilterSubject: g.Filter(), AckPolicy: jetstream.AckExplicitPolicy,
		})
		if err != nil {
			t.Errorf("%s: durable consumer: %v", u, err)
			continue
		}
		if err := fetchOne(c, true); err != nil {
			t.Errorf("%s: durable consumer: %v", u, err)
		}
		oc, err := js.OrderedConsumer(ctx, "GAMES", jetstream.OrderedConsumerConfig{FilterSubjects: []string{g.Filter()}})
		if err != nil {
			t.Errorf("%s: ordered consumer: %v", u, err)
			continue
		}
		if err := fetchOne(oc, false); err != nil {
			t.Errorf("%s: ordered consumer: %v", u, err)
		}
	}

	// No service may delete or purge a stream, delete an event, or read an
	// event subject without JetStream.
	for _, u := range serviceUsers {
		for _, subject := range []string{"$JS.API.STREAM.DELETE.GAMES", "$JS.API.STREAM.PURGE.TOURNAMENTS", "$JS.API.STREAM.MSG.DELETE.GAMES", "$JS.API.STREAM.CREATE.OTHER"} {
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
	batch, err := c.Fetch(1, jetstream.FetchMaxWait(5*time.Second))
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
	for _, conf := range []string{deployedConf, "../deploy/nats/nats-server.k8s.conf"} {
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

	// The meta leader is elected once the routes are up: retry until then.
	var store *events.Store
	for {
		var err error
		try, cancelTry := context.WithTimeout(ctx, 10*time.Second)
		store, err = events.Open(try, nc, events.Config{Replicas: 3})
		cancelTry()
		if err == nil {
			break
		}
		t.Logf("opening the store with R3 streams, retrying: %v", err)
		if ctx.Err() != nil {
			t.Fatalf("opening the store with R3 streams: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
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
		if err == nil || errors.Is(err, events.ErrAlreadyApplied) {
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
