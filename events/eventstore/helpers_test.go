package eventstore

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/nats-io/nats.go"
)

var long = flag.Bool("long", false, "run the slow suites: the kill test's long variant and the benchmark figures")

// startServer starts an embedded server on a fresh data folder, closed at
// the end of the test.
func startServer(t testing.TB, dir string) (*embedded.Embedded, *nats.Conn) {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	nc, err := srv.Connect()
	if err != nil {
		srv.Shutdown()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		nc.Close()
		srv.Shutdown()
	})
	return srv, nc
}

// openStore starts a server and opens a store on it.
func openStore(t testing.TB, cfg Config) *Store {
	t.Helper()
	_, nc := startServer(t, "")
	s, err := Open(testCtx(t), nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// fixedNow is a clock for deterministic tests.
func fixedNow() time.Time { return time.Date(2026, 11, 29, 15, 0, 0, 123000000, time.UTC) }

var player = events.Actor{Role: "player", ID: "p1"}
