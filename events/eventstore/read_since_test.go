package eventstore

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestReadSince: every event of every stream stored since an instant, in
// each stream's order, a message that is no event passed over; none
// before the instant.
func TestReadSince(t *testing.T) {
	ctx := testCtx(t)
	s := openStore(t, Config{})
	appendOne := func(agg events.Aggregate, w events.Writer, head events.Head, key string, ev events.Event) events.Head {
		t.Helper()
		_, h, err := s.Append(ctx, agg, w, head, key, meta(), ev)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	appendOne(events.Game("old"), events.WriterGames, events.Head{}, "old-1", events.GameCreated{White: "a", Black: "b"})
	time.Sleep(20 * time.Millisecond) // the server's storing times: the read starts after the first event
	since := time.Now()
	g := appendOne(events.Game("g1"), events.WriterGames, events.Head{}, "g1-1", events.GameCreated{White: "a", Black: "b"})
	rawPublish(t, s.Conn(), "game.junk.games", nil, "not an event")
	appendOne(events.Game("g1"), events.WriterGames, g, "g1-2", move(1, "e4"))
	appendOne(events.Tournament("t1"), events.WriterPairing, events.Head{}, "t1-1", events.TournamentCreated{Name: "T"})
	var keys []string
	if err := s.ReadSince(ctx, since, func(r Record) error {
		keys = append(keys, r.Envelope.IdempotencyKey)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"g1-1", "g1-2", "t1-1"}
	if len(keys) != len(want) {
		t.Fatalf("read %v, want %v", keys, want)
	}
	for i := range want {
		if keys[i] != want[i] {
			t.Fatalf("read %v, want %v", keys, want)
		}
	}
	keys = nil
	if err := s.ReadSince(ctx, time.Now().Add(time.Hour), func(r Record) error { keys = append(keys, r.Envelope.IdempotencyKey); return nil }); err != nil || len(keys) != 0 {
		t.Fatalf("since an hour ahead: %v %v", keys, err)
	}
}
