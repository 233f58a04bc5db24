package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// playGame appends a short finished game and returns its head.
func playGame(t *testing.T, s *Store, id string, moves int) events.Head {
	t.Helper()
	ctx := testCtx(t)
	g := events.Game(id)
	_, head, err := s.Append(ctx, g, events.WriterGames, events.Head{}, id+"-create", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= moves; i++ {
		if _, head, err = s.Append(ctx, g, events.WriterGames, head, fmt.Sprintf("%s-m%d", id, i), meta(), move(i, "e4")); err != nil {
			t.Fatal(err)
		}
	}
	_, head, err = s.Append(ctx, g, events.WriterGames, head, id+"-end", meta(), events.Resigned{By: events.White}, events.GameEnded{Result: "0-1", Termination: "resignation"})
	if err != nil {
		t.Fatal(err)
	}
	return head
}

func TestSealAndLoad(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	for i := 0; i < 3; i++ {
		playGame(t, s, fmt.Sprintf("g%d", i), 6)
	}
	g := events.Game("g1")
	streamLog, streamHead, err := s.LoadStream(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	// Not sealed yet: from the stream.
	if _, _, src, _ := s.LoadFrom(ctx, g); src != FromStream {
		t.Fatalf("unsealed game loaded from %s", src)
	}
	if !events.Ended(streamLog[len(streamLog)-2:]) || events.Ended(streamLog[:2]) {
		t.Fatal("Ended does not recognise the end of the game")
	}
	sealHead, err := s.Seal(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if sealHead != streamHead {
		t.Fatalf("sealed head %+v, stream head %+v", sealHead, streamHead)
	}
	log, head, src, err := s.LoadFrom(ctx, g)
	if err != nil || src != FromSealed {
		t.Fatalf("sealed game: %s %v", src, err)
	}
	if head != streamHead || !sameLog(log, streamLog) {
		t.Fatal("the sealed copy differs from the stream")
	}
	// An event after sealing (an arbiter's late ruling): the copy no longer
	// ends where the stream does, Load reads the stream.
	_, h2, err := s.Append(ctx, g, events.WriterArbiter, head, "late", meta(), events.ResultOverridden{Previous: "0-1", Result: "1-0", Reason: "appeal"})
	if err != nil {
		t.Fatal(err)
	}
	log, head, src, err = s.LoadFrom(ctx, g)
	if err != nil || src != FromStream || head != h2 || len(log) != len(streamLog)+1 {
		t.Fatalf("after a late event: %s head %+v (%d events) %v", src, head, len(log), err)
	}
	// Sealing again makes it fast again.
	if _, err := s.Seal(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, _, src, _ := s.LoadFrom(ctx, g); src != FromSealed {
		t.Fatalf("resealed game loaded from %s", src)
	}
}

func TestTamperedSealIsIgnored(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	playGame(t, s, "g", 4)
	g := events.Game("g")
	if _, err := s.Seal(ctx, g); err != nil {
		t.Fatal(err)
	}
	entry, err := s.kv.Get(ctx, sealKey(g))
	if err != nil {
		t.Fatal(err)
	}
	tampers := map[string]func(*sealed){
		"move changed": func(d *sealed) {
			d.Events[2].Event.Data = json.RawMessage(`{"ply":2,"by":"black","san":"Qh4"}`)
		},
		"event removed": func(d *sealed) { d.Events = append(d.Events[:2:2], d.Events[3:]...) },
		"head moved back": func(d *sealed) {
			d.Events = d.Events[:len(d.Events)-1]
			last := d.Events[len(d.Events)-1]
			d.Head = events.Head{Version: last.Event.Seq, Seq: last.StreamSeq, Hash: last.Event.Hash}
		},
		"not JSON": nil,
	}
	for name, tamper := range tampers {
		t.Run(name, func(t *testing.T) {
			var doc sealed
			if err := json.Unmarshal(entry.Value(), &doc); err != nil {
				t.Fatal(err)
			}
			b := []byte("{{{")
			if tamper != nil {
				tamper(&doc)
				b, _ = json.Marshal(doc)
			}
			if _, err := s.kv.Put(ctx, sealKey(g), b); err != nil {
				t.Fatal(err)
			}
			log, _, src, err := s.LoadFrom(ctx, g)
			if err != nil || src != FromStream || events.Verify(log) != nil || len(log) != 7 {
				t.Fatalf("tampered copy: loaded %d events from %s (%v)", len(log), src, err)
			}
		})
	}
}

func sameLog(a, b []events.Envelope) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Hash != b[i].Hash || a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

func TestReadWholeStream(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	for i := 0; i < 4; i++ {
		playGame(t, s, fmt.Sprintf("g%d", i), 3)
	}
	// Tournament events go to their own stream.
	if _, _, err := s.Append(ctx, events.Tournament("t1"), events.WriterPairing, events.Head{}, "t", meta(), events.TournamentCreated{Name: "x"}); err != nil {
		t.Fatal(err)
	}
	var all []Record
	last, err := s.Read(ctx, events.KindGame, 1, func(r Record) error { all = append(all, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 4*6 || last != all[len(all)-1].StreamSeq {
		t.Fatalf("read %d records, last %d", len(all), last)
	}
	perGame := map[string][]events.Envelope{}
	for i, r := range all {
		if r.StreamSeq != uint64(i+1) {
			t.Fatalf("record %d has stream seq %d", i, r.StreamSeq)
		}
		perGame[r.Envelope.Aggregate.ID] = append(perGame[r.Envelope.Aggregate.ID], r.Envelope)
	}
	for id, log := range perGame {
		if err := events.Verify(log); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	// Resume from the middle: exactly the rest.
	var rest int
	if _, err := s.Read(ctx, events.KindGame, 11, func(r Record) error { rest++; return nil }); err != nil {
		t.Fatal(err)
	}
	if rest != len(all)-10 {
		t.Fatalf("resumed read: %d records, want %d", rest, len(all)-10)
	}
	// Past the end: nothing, no wait.
	if n, err := s.Read(ctx, events.KindGame, 1000, func(Record) error { t.Fatal("called"); return nil }); err != nil || n != 999 {
		t.Fatalf("read past the end: %d %v", n, err)
	}
	var tn int
	if _, err := s.Read(ctx, events.KindTournament, 1, func(Record) error { tn++; return nil }); err != nil || tn != 1 {
		t.Fatalf("tournament stream: %d %v", tn, err)
	}
}

func TestFollowAndRecords(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	playGame(t, s, "a", 2) // 5 events
	// Records stops when the loop breaks.
	n := 0
	for rec, err := range s.Records(ctx, events.KindGame, 1, false) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 2 || rec.StreamSeq != uint64(n) {
			break
		}
	}
	if n != 2 {
		t.Fatalf("iterated %d records", n)
	}
	// Follow sees events appended after it started, until cancelled.
	fctx, cancel := context.WithCancel(ctx)
	got := make(chan Record, 100)
	done := make(chan error, 1)
	go func() {
		_, err := s.Follow(fctx, events.KindGame, 3, func(r Record) error { got <- r; return nil })
		done <- err
	}()
	for i := 3; i <= 5; i++ {
		if r := <-got; r.StreamSeq != uint64(i) {
			t.Fatalf("followed seq %d, want %d", r.StreamSeq, i)
		}
	}
	playGame(t, s, "b", 1) // 4 more events
	for i := 6; i <= 9; i++ {
		if r := <-got; r.StreamSeq != uint64(i) || r.Envelope.Aggregate.ID != "b" {
			t.Fatalf("followed %d %s, want %d of b", r.StreamSeq, r.Envelope.Aggregate, i)
		}
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Follow ended with %v", err)
	}
}
