package standby

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
)

// TestStreamsAreServes: a standby mirrors exactly the streams hakem serve
// provisions on its embedded server (a new one must be mirrored too), and
// the mirrors of a fresh folder are refused on a primary's folder.
func TestStreamsAreServes(t *testing.T) {
	dir := t.TempDir()
	users, err := embedded.LoadOrCreateUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown()
	admin, err := e.Connect(nats.UserInfo(embedded.AdminUser, users[embedded.AdminUser]))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got, err := wiring.Provision(ctx, admin, 1, events.SinglePartition, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	want := Streams(events.SinglePartition)
	slices.Sort(want)
	slices.Sort(got.Streams)
	if !slices.Equal(got.Streams, want) {
		t.Errorf("hakem serve provisions %v; the standby mirrors %v", got.Streams, want)
	}
	// a primary's folder: its streams are not mirrors
	if _, err := CreateMirrors(ctx, admin, wiring.PrimaryDomain, events.SinglePartition); err == nil {
		t.Error("mirrors made on a primary's data folder")
	}
}
