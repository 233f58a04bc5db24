package e2e

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
)

// streamCopy is every event of a data folder's streams, as stored, in
// stream order.
type streamCopy map[events.Kind][]events.Envelope

// sealedCopy is the values of a data folder's sealed-log bucket, by key.
type sealedCopy map[string][]byte

// readFolder reads every event of a data folder, on a copy of it.
func readFolder(t *testing.T, dir string) (streamCopy, sealedCopy) {
	t.Helper()
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	st, nc, closeStore := natstest.Folder(t, tmp)
	defer closeStore()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out := streamCopy{}
	for _, k := range events.Kinds() {
		if _, err := st.Read(ctx, k, 1, func(r eventstore.Record) error {
			out[k] = append(out[k], r.Envelope)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(ctx, "HAKEM_SEALED")
	if err != nil {
		t.Fatal(err)
	}
	sealed := sealedCopy{}
	keys, err := kv.ListKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for k := range keys.Keys() {
		e, err := kv.Get(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		sealed[k] = e.Value()
	}
	return out, sealed
}

// forge writes a new data folder holding the given events, published raw
// with nats.go (no expected-sequence headers, no hash computed or checked:
// what someone rewriting the log by hand would do, since the streams
// themselves refuse deletes and purges), and the given sealed copies. It
// returns the folder.
func forge(t *testing.T, all streamCopy, sealed sealedCopy) string {
	t.Helper()
	dir := t.TempDir()
	_, nc, closeStore := natstest.Folder(t, dir)
	defer closeStore()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if len(sealed) > 0 {
		kv, err := js.KeyValue(ctx, "HAKEM_SEALED")
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range sealed {
			if _, err := kv.Put(ctx, k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range events.Kinds() {
		for _, e := range all[k] {
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := js.Publish(ctx, e.Aggregate.Subject(e.Writer), b); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// gameOf returns the events of one game, in order.
func (c streamCopy) gameOf(id string) []events.Envelope {
	var out []events.Envelope
	for _, e := range c[events.KindGame] {
		if e.Aggregate.ID == id {
			out = append(out, e)
		}
	}
	return out
}

// withGame returns a copy of c in which game id's events are replaced by
// log (placed where the game's first event was).
func (c streamCopy) withGame(id string, log []events.Envelope) streamCopy {
	out := streamCopy{events.KindTournament: c[events.KindTournament]}
	placed := false
	for _, e := range c[events.KindGame] {
		if e.Aggregate.ID != id {
			out[events.KindGame] = append(out[events.KindGame], e)
			continue
		}
		if !placed {
			out[events.KindGame] = append(out[events.KindGame], log...)
			placed = true
		}
	}
	return out
}

// setData changes one field of an event's data, leaving its hash alone.
func setData(t *testing.T, e *events.Envelope, field string, v any) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.Data, &m); err != nil {
		t.Fatal(err)
	}
	m[field] = v
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	e.Data = b
}

// rechain renumbers and re-hashes a whole log, as someone who knows the
// hash function would after editing it.
func rechain(t *testing.T, log []events.Envelope) {
	t.Helper()
	prev := ""
	for i := range log {
		log[i].Seq, log[i].PrevHash = uint64(i+1), prev
		h, err := events.ComputeHash(&log[i])
		if err != nil {
			t.Fatal(err)
		}
		log[i].Hash, prev = h, h
	}
}
