package backup

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func startEmbedded(t *testing.T, dir string) (*embedded.Embedded, *nats.Conn) {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1, SyncAlways: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return srv, nc
}

// gamesIn opens the store on nc and appends games games of plies moves.
func gamesIn(t *testing.T, nc *nats.Conn, games, plies int) *eventstore.Store {
	t.Helper()
	ctx := context.Background()
	store, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for g := range games {
		agg := events.Game(fmt.Sprint("g", g))
		_, head, err := store.Append(ctx, agg, events.WriterGames, events.Head{}, fmt.Sprint(g, "/c"), events.Meta{}, events.GameCreated{White: "w", Black: "b"})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 1; ply <= plies; ply++ {
			if _, head, err = store.Append(ctx, agg, events.WriterGames, head, fmt.Sprint(g, "/", ply), events.Meta{}, events.MovePlayed{Ply: ply, By: events.White, UCI: "e2e4", At: time.Now()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return store
}

// TestTakeRestore: a backup of a store with games (and a consumer that has
// acknowledged some of them), packed into a tar and unpacked, restores
// into a fresh server with every message up to the manifest's sequences,
// byte for byte, and the consumer back at its floor.
func TestTakeRestore(t *testing.T) {
	ctx := context.Background()
	_, nc := startEmbedded(t, t.TempDir())
	store := gamesIn(t, nc, 20, 30)
	js, _ := jetstream.New(nc)
	stream := events.KindGame.StreamName()
	c, err := js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{Durable: "group", AckPolicy: jetstream.AckExplicitPolicy})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := c.Fetch(100)
	if err != nil {
		t.Fatal(err)
	}
	for m := range batch.Messages() {
		if err := m.DoubleAck(ctx); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "b")
	var reported []string
	m, err := Take(ctx, nc, dir, func(s string, n int64, done bool) {
		if done {
			reported = append(reported, s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reported) != len(m.Streams) {
		t.Errorf("progress reported %v, manifest has %d streams", reported, len(m.Streams))
	}
	var games Stream
	for _, s := range m.Streams {
		if s.Name == stream {
			games = s
		}
	}
	if games.LastSeq != 20*31 || len(games.Consumers) != 1 || games.Consumers[0].AckFloor != 100 {
		t.Fatalf("manifest's %s: %+v", stream, games)
	}
	// more appends after the backup are not in it
	if _, _, err := store.Append(ctx, events.Game("late"), events.WriterGames, events.Head{}, "c", events.Meta{}, events.GameCreated{White: "w", Black: "b"}); err != nil {
		t.Fatal(err)
	}
	tarFile := filepath.Join(t.TempDir(), "b.tar")
	if err := Pack(dir, tarFile); err != nil {
		t.Fatal(err)
	}
	unpacked := filepath.Join(t.TempDir(), "u")
	if err := Unpack(tarFile, unpacked); err != nil {
		t.Fatal(err)
	}
	_, nc2 := startEmbedded(t, t.TempDir())
	if _, err := Restore(ctx, nc2, unpacked, nil); err != nil {
		t.Fatal(err)
	}
	js2, _ := jetstream.New(nc2)
	sameStreams(t, js, js2, m)
	rc, err := js2.Consumer(ctx, stream, "group")
	if err != nil {
		t.Fatal(err)
	}
	if info := rc.CachedInfo(); info.AckFloor.Stream != 100 || info.NumPending != uint64(20*31-100) {
		t.Errorf("restored consumer: floor %d pending %d, want 100 and %d", info.AckFloor.Stream, info.NumPending, 20*31-100)
	}
	// a second restore into the same server refuses: the streams exist
	if _, err := Restore(ctx, nc2, unpacked, nil); err == nil {
		t.Error("restoring over existing streams succeeded")
	}
	if err := Unpack(tarFile, unpacked); err == nil {
		t.Error("unpacking into a folder that is not empty succeeded")
	}
}

// sameStreams checks that b holds a's messages up to each stream's last
// sequence in m.
func sameStreams(t *testing.T, js, js2 jetstream.JetStream, m Manifest) {
	t.Helper()
	ctx := context.Background()
	for _, s := range m.Streams {
		a, _ := js.Stream(ctx, s.Name)
		b, err := js2.Stream(ctx, s.Name)
		if err != nil {
			t.Fatalf("restored %s: %v", s.Name, err)
		}
		if last := b.CachedInfo().State.LastSeq; last != s.LastSeq {
			t.Errorf("restored %s ends at %d, manifest %d", s.Name, last, s.LastSeq)
		}
		for seq := s.FirstSeq; seq <= s.LastSeq && seq > 0; seq++ {
			ma, errA := a.GetMsg(ctx, seq)
			mb, errB := b.GetMsg(ctx, seq)
			if (errA == nil) != (errB == nil) || errA == nil && (ma.Subject != mb.Subject || !bytes.Equal(ma.Data, mb.Data)) {
				t.Fatalf("%s seq %d differs after the restore: %v %v", s.Name, seq, errA, errB)
			}
		}
	}
}

// TestRestoreClusterBackup: a backup whose streams have 3 replicas (a
// cluster's) is refused by a single server as it is, and restores with
// RestoreReplicas 1.
func TestRestoreClusterBackup(t *testing.T) {
	ctx := context.Background()
	_, nc := startEmbedded(t, t.TempDir())
	gamesIn(t, nc, 2, 4)
	dir := filepath.Join(t.TempDir(), "b")
	m, err := Take(ctx, nc, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Streams {
		if m.Streams[i].Config, err = withReplicas(m.Streams[i].Config, 3); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(dir, ManifestFile)); err != nil {
		t.Fatal(err)
	}
	if err := writeManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	_, single := startEmbedded(t, t.TempDir())
	if _, err := Restore(ctx, single, dir, nil); err == nil {
		t.Fatal("a single server restored 3-replica streams as they are")
	}
	_, fresh := startEmbedded(t, t.TempDir())
	if _, err := RestoreReplicas(ctx, fresh, dir, 1, nil); err != nil {
		t.Fatal(err)
	}
	js, _ := jetstream.New(fresh)
	s, err := js.Stream(ctx, events.KindGame.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	if info := s.CachedInfo(); info.Config.Replicas != 1 || info.State.LastSeq != 10 {
		t.Errorf("restored: replicas %d, last seq %d; want 1 and 10", info.Config.Replicas, info.State.LastSeq)
	}
}
