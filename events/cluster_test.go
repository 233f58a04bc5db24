package events

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"testing"
	"time"

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

// startCluster starts a 3-node JetStream cluster in this process and
// returns a connection to it once JetStream answers.
func startCluster(t *testing.T) *nats.Conn {
	ports := []int{freePort(t), freePort(t), freePort(t)}
	var routes []*url.URL
	for _, p := range ports {
		u, _ := url.Parse(fmt.Sprintf("nats://127.0.0.1:%d", p))
		routes = append(routes, u)
	}
	var urls []string
	for i := range ports {
		opts := &server.Options{
			ServerName: fmt.Sprintf("n%d", i), Host: "127.0.0.1", Port: server.RANDOM_PORT,
			JetStream: true, StoreDir: t.TempDir(), NoSigs: true, NoLog: true,
			Cluster: server.ClusterOpts{Name: "hakem", Host: "127.0.0.1", Port: ports[i]},
			Routes:  routes,
		}
		srv, err := server.NewServer(opts)
		if err != nil {
			t.Fatal(err)
		}
		go srv.Start()
		t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
		if !srv.ReadyForConnections(30 * time.Second) {
			t.Fatal("cluster node did not start")
		}
		urls = append(urls, srv.ClientURL())
	}
	nc, err := nats.Connect(urls[0] + "," + urls[1] + "," + urls[2])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, _ := jetstream.New(nc)
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := js.AccountInfo(ctx)
		cancel()
		if err == nil {
			return nc
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
	g := Game("c1")
	var h0 Head
	for i := 0; i < 100; i++ { // the stream's leader may still be settling
		if _, h0, err = s.Append(ctx, g, WriterGames, Head{}, "create", meta(), GameCreated{}); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	batch, h1, err := s.Append(ctx, g, WriterGames, h0, "b", meta(), DrawOffered{By: White}, move(1, "e4"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, g, WriterClocks, h0, "stale", meta(), ClockStarted{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append on R3: %v", err)
	}
	if _, _, err := s.Append(ctx, g, WriterClocks, h0, "stale-b", meta(), ClockPaused{}, ClockResumed{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale batch on R3: %v", err)
	}
	again, h, err := s.Append(ctx, g, WriterGames, h0, "b", meta(), DrawOffered{By: White}, move(1, "e4"))
	if err != nil || h != h1 || again[1].ID != batch[1].ID {
		t.Fatalf("retried batch on R3: %v %+v", err, h)
	}
	if _, err := s.Seal(ctx, g); err != nil {
		t.Fatal(err)
	}
	log, head, src, err := s.LoadFrom(ctx, g)
	if err != nil || src != FromSealed || head != h1 || len(log) != 3 || Verify(log) != nil {
		t.Fatalf("load on R3: %d events from %s, %v", len(log), src, err)
	}
	st, _ := s.js.Stream(ctx, "GAMES")
	if err := st.Purge(ctx); err == nil {
		t.Fatal("purge accepted on R3")
	}
}
