package eventstore

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// testCluster is a 3-node JetStream cluster running in this process.
type testCluster struct {
	opts []*server.Options
	srvs []*server.Server
}

// startNode starts node i from its options (again, after a stop: same
// store folder, same cluster port, a new client port).
func (c *testCluster) startNode(t *testing.T, i int) {
	t.Helper()
	o := *c.opts[i]
	srv, err := server.NewServer(&o)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		t.Fatal("cluster node did not start")
	}
	c.srvs[i] = srv
}

// stopNode shuts node i down.
func (c *testCluster) stopNode(i int) {
	c.srvs[i].Shutdown()
	c.srvs[i].WaitForShutdown()
}

// startCluster starts a 3-node JetStream cluster in this process and
// returns a connection to all its nodes once JetStream answers.
func startCluster(t *testing.T) *nats.Conn {
	_, nc := startTestCluster(t)
	return nc
}

func startTestCluster(t *testing.T) (*testCluster, *nats.Conn) {
	ports := []int{freePort(t), freePort(t), freePort(t)}
	var routes []*url.URL
	for _, p := range ports {
		u, _ := url.Parse(fmt.Sprintf("nats://127.0.0.1:%d", p))
		routes = append(routes, u)
	}
	c := &testCluster{srvs: make([]*server.Server, len(ports))}
	t.Cleanup(func() {
		for _, srv := range c.srvs {
			if srv != nil {
				srv.Shutdown()
				srv.WaitForShutdown()
			}
		}
	})
	var urls []string
	for i := range ports {
		c.opts = append(c.opts, &server.Options{
			ServerName: fmt.Sprintf("n%d", i), Host: "127.0.0.1", Port: server.RANDOM_PORT,
			JetStream: true, StoreDir: t.TempDir(), NoSigs: true, NoLog: true,
			Cluster: server.ClusterOpts{Name: "hakem", Host: "127.0.0.1", Port: ports[i]},
			Routes:  routes,
		})
		c.opts[i].Tags = append(c.opts[i].Tags, fmt.Sprintf("node:n%d", i))
		c.startNode(t, i)
		urls = append(urls, c.srvs[i].ClientURL())
	}
	nc, err := nats.Connect(urls[0] + "," + urls[1] + "," + urls[2])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	waitJetStream(t, nc)
	return c, nc
}

// waitJetStream waits until JetStream answers through nc.
func waitJetStream(t *testing.T, nc *nats.Conn) {
	t.Helper()
	js, _ := jetstream.New(nc)
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := js.AccountInfo(ctx)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster's JetStream did not come up: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestClusterReplicas3 runs the store's essentials on a 3-replica stream in
// a 3-node cluster: creation, conflicts over the wildcard, atomic batches,
// retries, the sealed copy. Slow (three servers, elections): -long only.
func TestClusterReplicas3(t *testing.T) {
	if !*long {
		t.Skip("starts a 3-node cluster: run with -long (bench/events.sh)")
	}
	nc := startCluster(t)
	ctx := testCtx(t)
	var s *Store
	var err error
	for i := 0; i < 50; i++ { // the meta leader may still be settling
		if s, err = Open(ctx, nc, Config{Replicas: 3}); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.js.Stream(ctx, "GAMES")
	if err != nil {
		t.Fatal(err)
	}
	if c := info.CachedInfo().Config; c.Replicas != 3 || !c.DenyDelete || !c.DenyPurge || !c.AllowAtomicPublish {
		t.Fatalf("stream config %+v", c)
	}
	g := events.Game("c1")
	var h0 events.Head
	for i := 0; i < 100; i++ { // the stream's leader may still be settling
		if _, h0, err = s.Append(ctx, g, events.WriterGames, events.Head{}, "create", meta(), events.GameCreated{}); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	batch, h1, err := s.Append(ctx, g, events.WriterGames, h0, "b", meta(), events.DrawOffered{By: events.White}, move(1, "e4"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, g, events.WriterClocks, h0, "stale", meta(), events.ClockStarted{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append on R3: %v", err)
	}
	if _, _, err := s.Append(ctx, g, events.WriterClocks, h0, "stale-b", meta(), events.ClockPaused{}, events.ClockResumed{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale batch on R3: %v", err)
	}
	again, h, err := s.Append(ctx, g, events.WriterGames, h0, "b", meta(), events.DrawOffered{By: events.White}, move(1, "e4"))
	if err != nil || h != h1 || again[1].ID != batch[1].ID {
		t.Fatalf("retried batch on R3: %v %+v", err, h)
	}
	if _, err := s.Seal(ctx, g); err != nil {
		t.Fatal(err)
	}
	log, head, src, err := s.LoadFrom(ctx, g)
	if err != nil || src != FromSealed || head != h1 || len(log) != 3 || events.Verify(log) != nil {
		t.Fatalf("load on R3: %d events from %s, %v", len(log), src, err)
	}
	st, _ := s.js.Stream(ctx, "GAMES")
	if err := st.Purge(ctx); err == nil {
		t.Fatal("purge accepted on R3")
	}
}
