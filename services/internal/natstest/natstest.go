// Package natstest starts what the services' tests run on: an embedded
// NATS server with JetStream in the test's temporary folder, connections
// to it and the event store over it, each closed when the test ends. It
// is used only by tests; a failure to start fails the test at once.
package natstest

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
)

// Server starts an embedded JetStream server on a free loopback port,
// storing in a temporary folder of t; it shuts down when t ends.
func Server(t testing.TB) *embedded.Embedded {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir(), Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return srv
}

// Connect opens a connection to srv that closes when t ends.
func Connect(t testing.TB, srv *embedded.Embedded) *nats.Conn {
	t.Helper()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// Store opens the event store, with its default configuration, on a
// server of its own (Server, Connect).
func Store(t testing.TB) *eventstore.Store {
	t.Helper()
	s, err := eventstore.Open(context.Background(), Connect(t, Server(t)), eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Folder opens the event store on an embedded server storing in dir (a
// data folder of hakem serve's, not in use by another process), with its
// default configuration. close shuts the connection and the server, so
// that the folder is free again for the process the test starts next; it
// is also called when t ends, if the test has not.
func Folder(t testing.TB, dir string) (store *eventstore.Store, nc *nats.Conn, close func()) {
	t.Helper()
	return folder(t, dir, eventstore.Config{}, false)
}

// SigningFolder is Folder with a store that signs what it appends with
// the data folder's own writer keys (<dir>/keys, hakem serve's default
// keys_dir, created if missing): what a service of hakem serve would have
// appended, so that the audit and the live services verify it.
func SigningFolder(t testing.TB, dir string) (store *eventstore.Store, nc *nats.Conn, close func()) {
	t.Helper()
	signer, err := events.LoadOrCreateKeys(filepath.Join(dir, "keys"), events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	return folder(t, dir, eventstore.Config{Signer: signer}, false)
}

// DurableFolder is SigningFolder on a server that syncs every write before
// acknowledging it (sync_always): the store as hakem serve keeps it.
func DurableFolder(t testing.TB, dir string) (store *eventstore.Store, nc *nats.Conn, close func()) {
	t.Helper()
	signer, err := events.LoadOrCreateKeys(filepath.Join(dir, "keys"), events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	return folder(t, dir, eventstore.Config{Signer: signer}, true)
}

func folder(t testing.TB, dir string, cfg eventstore.Config, syncAlways bool) (store *eventstore.Store, nc *nats.Conn, close func()) {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1, SyncAlways: syncAlways})
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	close = func() {
		once.Do(func() {
			if nc != nil {
				nc.Close()
			}
			srv.Shutdown()
		})
	}
	t.Cleanup(close)
	if nc, err = srv.Connect(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if store, err = eventstore.Open(ctx, nc, cfg); err != nil {
		t.Fatal(err)
	}
	return store, nc, close
}
