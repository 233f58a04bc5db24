package eventstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

func move(ply int, san string) events.MovePlayed {
	by := events.White
	if ply%2 == 0 {
		by = events.Black
	}
	return events.MovePlayed{Ply: ply, By: by, SAN: san, UCI: "e2e4", At: fixedNow()}
}

func meta() events.Meta {
	return events.Meta{Actor: player, CorrelationID: "corr-1", RecordedAt: fixedNow()}
}

func TestAppendAndLoad(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("g1")
	envs, head, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "create-g1", meta(),
		events.GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"})
	if err != nil {
		t.Fatal(err)
	}
	if len(envs) != 1 || envs[0].Seq != 1 || head.Version != 1 || head.Hash != envs[0].Hash || envs[0].PrevHash != "" {
		t.Fatalf("first append: %+v head %+v", envs, head)
	}
	// A clocks event, decided on the head: same game, next version.
	_, head, err = s.Append(ctx, g, events.WriterClocks, head, "clock-g1", meta(),
		events.ClockStarted{At: fixedNow(), TimeControl: "300+2", WhiteMs: 300000, BlackMs: 300000})
	if err != nil {
		t.Fatal(err)
	}
	// Two events of one command, in one batch.
	two, head, err := s.Append(ctx, g, events.WriterGames, head, "resign-g1", meta(),
		events.Resigned{By: events.Black}, events.GameEnded{Result: "1-0", Termination: "resignation", Article: "5.1.2"})
	if err != nil {
		t.Fatal(err)
	}
	if two[0].Seq != 3 || two[1].Seq != 4 || head.Version != 4 || two[1].PrevHash != two[0].Hash {
		t.Fatalf("batch: %+v", two)
	}
	// Another game in between does not disturb g1.
	if _, _, err := s.Append(ctx, events.Game("g2"), events.WriterGames, events.Head{}, "create-g2", meta(), events.GameCreated{White: "a", Black: "b"}); err != nil {
		t.Fatal(err)
	}
	log, loaded, err := s.Load(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if loaded != head {
		t.Fatalf("loaded head %+v, appended %+v", loaded, head)
	}
	var types []string
	for i, e := range log {
		if e.Seq != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
		types = append(types, e.Type)
	}
	want := []string{"game.created", "clock.started", "game.resigned", "game.ended"}
	if !reflect.DeepEqual(types, want) {
		t.Fatalf("types %v, want %v", types, want)
	}
	if err := events.Verify(log); err != nil {
		t.Fatal(err)
	}
	ev, err := events.Decode(log[3])
	if err != nil {
		t.Fatal(err)
	}
	if got := ev.(*events.GameEnded); got.Result != "1-0" || got.Article != "5.1.2" {
		t.Fatalf("decoded %+v", got)
	}
	// An empty aggregate loads as nothing at the zero head.
	none, h0, err := s.Load(ctx, events.Game("nobody"))
	if err != nil || len(none) != 0 || h0 != (events.Head{}) {
		t.Fatalf("empty aggregate: %v %v %v", none, h0, err)
	}
}

func TestAppendRejectsBadCommands(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	cases := []struct {
		name   string
		agg    events.Aggregate
		writer events.Writer
		key    string
		evs    []events.Event
	}{
		{"wrong writer", events.Game("g"), events.WriterClocks, "k", []events.Event{move(1, "e4")}},
		{"writer of another kind", events.Game("g"), events.WriterPairing, "k", []events.Event{move(1, "e4")}},
		{"event of another kind", events.Tournament("t"), events.WriterPairing, "k", []events.Event{move(1, "e4")}},
		{"bad id", events.Game("g.1"), events.WriterGames, "k", []events.Event{move(1, "e4")}},
		{"wildcard id", events.Game("*"), events.WriterGames, "k", []events.Event{move(1, "e4")}},
		{"empty key", events.Game("g"), events.WriterGames, "", []events.Event{move(1, "e4")}},
		{"no events", events.Game("g"), events.WriterGames, "k", nil},
		{"unknown kind", events.Aggregate{Kind: "club", ID: "x"}, events.WriterGames, "k", []events.Event{move(1, "e4")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := s.Append(ctx, c.agg, c.writer, events.Head{}, c.key, meta(), c.evs...); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	// Heads not returned by the store.
	for _, h := range []events.Head{{Version: 1}, {Version: 1, Seq: 1}, {Seq: 3}, {Hash: "ab"}} {
		if _, _, err := s.Append(ctx, events.Game("g"), events.WriterGames, h, "k", meta(), move(1, "e4")); err == nil {
			t.Errorf("head %+v accepted", h)
		}
	}
	// Envelopes that are not a chained command.
	envs, err := events.Build(events.Game("g"), events.WriterGames, events.Head{}, "k", meta(), move(1, "e4"), move(2, "e5"))
	if err != nil {
		t.Fatal(err)
	}
	unchained := append([]events.Envelope{}, envs...)
	unchained[1].PrevHash = "ab"
	altered := append([]events.Envelope{}, envs...)
	altered[0].Actor.ID = "mallory"
	for name, bad := range map[string][]events.Envelope{"unchained": unchained, "altered": altered, "not from the start": envs[1:]} {
		if _, _, err := s.AppendEnvelopes(ctx, events.Head{}, bad); err == nil {
			t.Errorf("%s envelopes accepted", name)
		}
	}
	if log, _, _ := s.LoadStream(ctx, events.Game("g")); len(log) != 0 {
		t.Fatalf("%d events appended by refused commands", len(log))
	}
}

func TestAppendConflict(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("g1")
	_, h1, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "c1", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	// Two writers decide on h1; the clocks service wins.
	if _, _, err := s.Append(ctx, g, events.WriterClocks, h1, "c2", meta(), events.ClockStarted{At: fixedNow()}); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.Append(ctx, g, events.WriterGames, h1, "c3", meta(), move(1, "e4"))
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append: %v, want ErrConflict", err)
	}
	// A stale batch conflicts as a whole.
	_, _, err = s.Append(ctx, g, events.WriterGames, h1, "c4", meta(), events.Resigned{By: events.White}, events.GameEnded{Result: "0-1", Termination: "resignation"})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale batch: %v, want ErrConflict", err)
	}
	// Expecting an empty game that exists.
	if _, _, err = s.Append(ctx, g, events.WriterGames, events.Head{}, "c5", meta(), events.GameCreated{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("expecting an empty game: %v", err)
	}
	log, _, err := s.Load(ctx, g)
	if err != nil || len(log) != 2 {
		t.Fatalf("%d events (%v), want 2", len(log), err)
	}
}

func TestAppendRetryReturnsOriginal(t *testing.T) {
	for _, batch := range []bool{false, true} {
		t.Run(fmt.Sprintf("batch=%v", batch), func(t *testing.T) {
			s := openStore(t, Config{})
			ctx := testCtx(t)
			g := events.Game("g1")
			evs := []events.Event{move(1, "e4")}
			if batch {
				evs = []events.Event{events.DrawOffered{By: events.White, Ply: 1}, move(1, "e4")}
			}
			_, h0, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "create", meta(), events.GameCreated{})
			if err != nil {
				t.Fatal(err)
			}
			orig, h1, err := s.Append(ctx, g, events.WriterGames, h0, "cmd", meta(), evs...)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, got []events.Envelope, h events.Head, err error) {
				t.Helper()
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if h != h1 || !reflect.DeepEqual(ids(got), ids(orig)) {
					t.Fatalf("%s: got %v %+v, want the original %v %+v", what, ids(got), h, ids(orig), h1)
				}
			}
			// The ack was lost: the same command on the same head. The
			// server says "wrong last sequence"; Append finds it last.
			got, h, err := s.Append(ctx, g, events.WriterGames, h0, "cmd", meta(), evs...)
			check("retry on the same head", got, h, err)
			// Others wrote meanwhile.
			_, h2, err := s.Append(ctx, g, events.WriterClocks, h1, "other", meta(), events.ClockStarted{At: fixedNow()})
			if err != nil {
				t.Fatal(err)
			}
			got, h, err = s.Append(ctx, g, events.WriterGames, h0, "cmd", meta(), evs...)
			check("retry after another command", got, h, err)
			// A caller who reloaded and decided again with the same key:
			// "duplicate" from the server.
			got, h, err = s.Append(ctx, g, events.WriterGames, h2, "cmd", meta(), evs...)
			check("retry on a fresh head", got, h, err)
			log, _, err := s.Load(ctx, g)
			if err != nil || len(log) != 2+len(evs) {
				t.Fatalf("%d events, want %d (%v)", len(log), 2+len(evs), err)
			}
			if len(events.Landed(log, "cmd")) != len(evs) {
				t.Fatal("Landed does not find the command")
			}
		})
	}
}

// TestAppendRetryAfterWindow: outside the duplicate window the server
// forgets the id; the expected-sequence check and the walk back still
// recognise the command.
func TestAppendRetryAfterWindow(t *testing.T) {
	s := openStore(t, Config{DuplicateWindow: 100 * time.Millisecond})
	ctx := testCtx(t)
	g := events.Game("g1")
	orig, h1, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "cmd", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, g, events.WriterClocks, h1, "other", meta(), events.ClockStarted{At: fixedNow()}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(600 * time.Millisecond) // let the server drop the id
	got, h, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "cmd", meta(), events.GameCreated{})
	if err != nil || h != h1 || got[0].ID != orig[0].ID {
		t.Fatalf("retry after the window: %v %+v %v", ids(got), h, err)
	}
	log, _, _ := s.Load(ctx, g)
	if len(log) != 2 {
		t.Fatalf("%d events, want 2", len(log))
	}
}

func ids(envs []events.Envelope) []string {
	var out []string
	for _, e := range envs {
		out = append(out, e.ID)
	}
	return out
}

func TestLegacyVersionReadAndUpcast(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := events.Game("old")
	// An event as a version-1 writer wrote it: "move" in SAN, an extra
	// field and an unknown envelope field.
	e := events.Envelope{ID: events.NewULID(fixedNow()), Type: "game.move_played", Version: 1, Aggregate: g, Writer: events.WriterGames,
		Seq: 1, RecordedAt: fixedNow(), Actor: player, IdempotencyKey: "k1",
		Data: []byte(`{"ply":1,"by":"white","move":"Nf3","comment":"!?"}`)}
	// The unknown envelope field comes in as a reader meets it: in JSON.
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if e, err = events.DecodeEnvelope(append([]byte(`{"origin":"board-7",`), b[1:]...)); err != nil {
		t.Fatal(err)
	}
	if e.Hash, err = events.ComputeHash(&e); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AppendEnvelopes(ctx, events.Head{}, []events.Envelope{e}); err != nil {
		t.Fatal(err)
	}
	log, _, err := s.Load(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if log[0].Version != 1 || string(log[0].Data) != string(e.Data) {
		t.Fatalf("stored event changed: v%d %s", log[0].Version, log[0].Data)
	}
	if string(log[0].Extra()["origin"]) != `"board-7"` {
		t.Fatalf("unknown envelope field lost: %v", log[0].Extra())
	}
	if err := events.Verify(log); err != nil {
		t.Fatal(err)
	}
	ev, err := events.Decode(log[0])
	if err != nil {
		t.Fatal(err)
	}
	if mp := ev.(*events.MovePlayed); mp.SAN != "Nf3" || mp.Ply != 1 || mp.By != events.White {
		t.Fatalf("upcast: %+v", mp)
	}
}
