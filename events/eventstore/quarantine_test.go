package eventstore

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// TestLoadTolerant: a message that does not decode and one that does not
// chain are set aside and named; a game.log_repaired that voids them all
// ends the damage (and the game goes on after it); one that voids only
// some does not.
func TestLoadTolerant(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("q")
	_, head, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, head, err = s.Append(ctx, g, events.WriterGames, head, "m1", meta(), move(1, "e4")); err != nil {
		t.Fatal(err)
	}
	if log, h, d, err := s.LoadTolerant(ctx, g); err != nil || d != nil || len(log) != 2 || h != head {
		t.Fatalf("a sound log: %d events, head %+v (want %+v), damage %v, %v", len(log), h, head, d, err)
	}
	js, _ := jetstream.New(s.nc)
	ack1, err := js.Publish(ctx, "game.q.games", []byte(`{"id":`))
	if err != nil {
		t.Fatal(err)
	}
	forged, err := events.Build(g, events.WriterGames, events.Head{Version: 2, Seq: 2, Hash: strings.Repeat("0", 64)}, "f", meta(), move(2, "e5"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(forged[0])
	ack2, err := js.Publish(ctx, "game.q.games", body)
	if err != nil {
		t.Fatal(err)
	}
	log, h, d, err := s.LoadTolerant(ctx, g)
	if err != nil || d == nil || len(log) != 2 {
		t.Fatalf("damaged: %d events, damage %v, %v", len(log), d, err)
	}
	if d.Seq != 3 || d.StreamSeq != ack1.Sequence || !strings.HasPrefix(d.Reason, "does not decode") ||
		len(d.Voided) != 2 || d.Voided[1] != ack2.Sequence {
		t.Fatalf("damage %+v", d)
	}
	if h.Version != 2 || h.Hash != head.Hash || h.Seq != ack2.Sequence {
		t.Fatalf("head %+v: want version 2, the last good hash and the last message's stream seq %d", h, ack2.Sequence)
	}
	// the strict load refuses the log
	if _, _, err := s.Load(ctx, g); err == nil {
		t.Fatal("Load of a damaged log: no error")
	}
	// a repair voiding only the first message does not end the damage
	partial, _ := events.Build(g, events.WriterGames, h, "r0", meta(), events.LogRepaired{Voided: []uint64{ack1.Sequence}, Reason: "partial"})
	pb, _ := json.Marshal(partial[0])
	if _, err := js.Publish(ctx, "game.q.games", pb); err != nil {
		t.Fatal(err)
	}
	if _, _, d, _ := s.LoadTolerant(ctx, g); d == nil || d.StreamSeq != ack1.Sequence {
		t.Fatalf("a repair voiding one of two messages: damage %v", d)
	}
	_, h, d, _ = s.LoadTolerant(ctx, g)
	envs, rh, err := s.Append(ctx, g, events.WriterGames, h, "r1", meta(), events.LogRepaired{Voided: d.Voided, Found: d.Reason, Reason: "published by hand"})
	if err != nil {
		t.Fatalf("the repair: %v", err)
	}
	if _, _, err = s.Append(ctx, g, events.WriterGames, rh, "m2", meta(), move(2, "e5")); err != nil {
		t.Fatalf("a move after the repair: %v", err)
	}
	log, _, d, err = s.LoadTolerant(ctx, g)
	if err != nil || d != nil || len(log) != 4 || log[2].ID != envs[0].ID || log[3].Type != (events.MovePlayed{}).EventType() {
		t.Fatalf("repaired: %d events, damage %v, %v", len(log), d, err)
	}
}
