package embedded

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
)

func TestEmbeddedOptions(t *testing.T) {
	if _, err := StartEmbedded(EmbeddedConfig{}); err == nil {
		t.Fatal("started without a data folder")
	}
	dir := t.TempDir()
	// In-process only, fsync on every write: the same store code works.
	srv, err := StartEmbedded(EmbeddedConfig{Dir: dir, Port: -1, SyncAlways: true})
	if err != nil {
		t.Fatal(err)
	}
	if srv.ClientURL() != "" {
		t.Fatalf("a server that does not listen has URL %q", srv.ClientURL())
	}
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	s, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, head, err := s.Append(ctx, events.Game("g"), events.WriterGames, events.Head{}, "k", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	nc.Close()
	srv.Shutdown()
	// The same folder, now listening on TCP with a sync interval: the event
	// is there.
	srv, err = StartEmbedded(EmbeddedConfig{Dir: dir, SyncInterval: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	if srv.ClientURL() == "" {
		t.Fatal("no URL")
	}
	nc, err = srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if s, err = eventstore.Open(ctx, nc, eventstore.Config{}); err != nil {
		t.Fatal(err)
	}
	log, h, err := s.Load(ctx, events.Game("g"))
	if err != nil || len(log) != 1 || h != head {
		t.Fatalf("after restart: %d events, head %+v (%v)", len(log), h, err)
	}
}
