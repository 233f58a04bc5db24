// Package natstest starts what the services' tests run on: an embedded
// NATS server with JetStream in the test's temporary folder, connections
// to it and the event store over it, each closed when the test ends. It
// is used only by tests; a failure to start fails the test at once.
package natstest

import (
	"context"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
)

// Server starts an embedded JetStream server on a free loopback port,
// storing in a temporary folder of t; it shuts down when t ends.
func Server(t testing.TB) *events.Embedded {
	t.Helper()
	srv, err := events.StartEmbedded(events.EmbeddedConfig{Dir: t.TempDir(), Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return srv
}

// Connect opens a connection to srv that closes when t ends.
func Connect(t testing.TB, srv *events.Embedded) *nats.Conn {
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
func Store(t testing.TB) *events.Store {
	t.Helper()
	s, err := events.Open(context.Background(), Connect(t, Server(t)), events.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
