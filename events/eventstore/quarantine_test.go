package eventstore

import (
	"encoding/json"
	"errors"
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

// TestLoadTolerantNothingGood: messages on the subject of a game not
// created yet are all set aside; the head is version 0 over them (their
// stream sequence, no hash), and one command appended on it, a repair
// voiding them then the creation, makes the game, which reads whole.
func TestLoadTolerantNothingGood(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("early")
	js, _ := jetstream.New(s.nc)
	var seqs []uint64
	for _, b := range []string{`garbage{`, `{"not":"an envelope"}`} {
		ack, err := js.Publish(ctx, "game.early.games", []byte(b))
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, ack.Sequence)
	}
	log, h, d, err := s.LoadTolerant(ctx, g)
	if err != nil || len(log) != 0 || d == nil || d.Seq != 1 || len(d.Voided) != 2 || d.Voided[1] != seqs[1] {
		t.Fatalf("garbage only: %d events, damage %+v, %v", len(log), d, err)
	}
	if h != (events.Head{Seq: seqs[1]}) {
		t.Fatalf("head %+v: want version 0 at stream seq %d", h, seqs[1])
	}
	// the zero head conflicts: the subject is not empty
	if _, _, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "c0", meta(), events.GameCreated{White: "a", Black: "b"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a creation on the zero head over garbage: %v, want a conflict", err)
	}
	if _, _, err := s.Append(ctx, g, events.WriterGames, h, "c1", meta(),
		events.LogRepaired{Voided: d.Voided, Found: d.Reason, Reason: "voided at creation"}, events.GameCreated{White: "a", Black: "b"}); err != nil {
		t.Fatalf("a repair and the creation on the head over garbage: %v", err)
	}
	log, _, d, err = s.LoadTolerant(ctx, g)
	if err != nil || d != nil || len(log) != 2 || !events.IsRepair(log[0].Type) || log[1].Type != (events.GameCreated{}).EventType() {
		t.Fatalf("after the creation: %d events, damage %+v, %v", len(log), d, err)
	}
	// a hash without a version is still no head
	if _, _, err := s.Append(ctx, g, events.WriterGames, events.Head{Seq: 9, Hash: "x"}, "c2", meta(), move(1, "e4")); err == nil || errors.Is(err, ErrConflict) {
		t.Fatalf("a head with a hash and no version: %v", err)
	}
}
