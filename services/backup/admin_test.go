package backup

import (
	"context"
	"crypto/rand"
	"path/filepath"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestTakeAsAdmin: on a server with the deployment's users
// (deploy/nats/accounts.conf, which the embedded server runs), the admin
// user backs up a stream larger than the server's snapshot window (8 MiB):
// the chunks are acknowledged ($JS.SNAPSHOT.ACK.>, which the admin may
// publish), so the snapshot does not stall. The backup is then restored
// into that server as the admin ($JS.SNAPSHOT.RESTORE.>).
func TestTakeAsAdmin(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 12 MB")
	}
	dir := t.TempDir()
	users, err := embedded.LoadOrCreateUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	var asyncErr error
	nc, err := srv.Connect(nats.UserInfo(embedded.AdminUser, users[embedded.AdminUser]),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { asyncErr = err }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	// the poison queue: the one subject the admin may publish on
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "HAKEM_POISON", Subjects: []string{"HAKEM_POISON"}}); err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 100<<10) // random: the snapshot compresses
	for range 120 {
		rand.Read(chunk)
		if _, err := js.Publish(ctx, "HAKEM_POISON", chunk); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "b")
	m, err := Take(ctx, nc, out, nil)
	if err != nil || len(m.Streams) != 1 || m.Streams[0].LastSeq != 120 || m.Streams[0].Bytes < 8<<20 {
		t.Fatalf("the admin's backup: %d streams, %v (async: %v)", len(m.Streams), err, asyncErr)
	}
	if err := js.DeleteStream(ctx, "HAKEM_POISON"); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, nc, out, nil); err != nil {
		t.Fatalf("the admin's restore: %v (async: %v)", err, asyncErr)
	}
	s, err := js.Stream(ctx, "HAKEM_POISON")
	if err != nil || s.CachedInfo().State.Msgs != 120 {
		t.Fatalf("restored: %v %v", s, err)
	}
}
