package witness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// A checkpoint that cannot be published (no CHECKPOINTS stream) keeps the
// heads it took for the next one: nothing read is left unwitnessed.
func TestFlushKeepsTheHeadsWhenPublishingFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	nc := natstest.Connect(t, natstest.Server(t))
	st, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	signer, err := events.LoadOrCreateCheckpointKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	heads := map[string]events.Head{}
	for _, id := range []string{"a", "b"} {
		meta := events.Meta{Actor: events.Actor{Role: "player", ID: "p1"}, RecordedAt: time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)}
		_, h, err := st.Append(ctx, events.Game(id), events.WriterGames, events.Head{}, id+"-created", meta, events.GameCreated{White: "w", Black: "b"})
		if err != nil {
			t.Fatal(err)
		}
		heads[id] = h
	}
	file := filepath.Join(dir, FileName)
	c := &Checkpointer{Store: st, JS: js, Signer: signer, File: file, Interval: time.Hour, Log: zap.NewNop()}
	if _, err := c.Once(ctx); err == nil || !strings.Contains(err.Error(), events.CheckpointStream) {
		t.Fatalf("publishing without the stream %s: %v", events.CheckpointStream, err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("a checkpoint not published is in the file: %v", err)
	}
	if _, err := js.CreateStream(ctx, StreamConfig(1)); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var got []events.Checkpoint
	if err := eachCheckpoint(strings.NewReader(string(b)), func(_ events.CheckpointLine, cp events.Checkpoint) error {
		got = append(got, cp)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Number != 1 || len(got[0].Heads) != 2 {
		t.Fatalf("checkpoints %+v, want one, number 1, with both games' heads", got)
	}
	for _, h := range got[0].Heads {
		if want := heads[h.Aggregate.ID]; h.Head.Version != want.Version || h.Head.Hash != want.Hash {
			t.Fatalf("game %s witnessed at %+v, its head is %+v", h.Aggregate.ID, h.Head, want)
		}
	}
	if err := c.Flush(ctx); err != nil { // nothing changed since: no checkpoint
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(file); len(after) != len(b) {
		t.Fatalf("a checkpoint of nothing changed was written")
	}
}
