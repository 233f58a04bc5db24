package natsperm_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
)

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
