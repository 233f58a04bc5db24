package events

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

func move(ply int, san string) MovePlayed {
	by := White
	if ply%2 == 0 {
		by = Black
	}
	return MovePlayed{Ply: ply, By: by, SAN: san, UCI: "e2e4", At: fixedNow()}
}

func meta() Meta { return Meta{Actor: player, CorrelationID: "corr-1", RecordedAt: fixedNow()} }

func TestAppendAndLoad(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := Game("g1")
	envs, head, err := s.Append(ctx, g, WriterGames, Head{}, "create-g1", meta(),
		GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"})
	if err != nil {
		t.Fatal(err)
	}
	if len(envs) != 1 || envs[0].Seq != 1 || head.Version != 1 || head.Hash != envs[0].Hash || envs[0].PrevHash != "" {
		t.Fatalf("first append: %+v head %+v", envs, head)
	}
	// A clocks event, decided on the head: same game, next version.
	_, head, err = s.Append(ctx, g, WriterClocks, head, "clock-g1", meta(),
		ClockStarted{At: fixedNow(), TimeControl: "300+2", WhiteMs: 300000, BlackMs: 300000})
	if err != nil {
		t.Fatal(err)
	}
	// Two events of one command, in one batch.
	two, head, err := s.Append(ctx, g, WriterGames, head, "resign-g1", meta(),
		Resigned{By: Black}, GameEnded{Result: "1-0", Termination: "resignation", Article: "5.1.2"})
	if err != nil {
		t.Fatal(err)
	}
	if two[0].Seq != 3 || two[1].Seq != 4 || head.Version != 4 || two[1].PrevHash != two[0].Hash {
		t.Fatalf("batch: %+v", two)
	}
	// Another game in between does not disturb g1.
	if _, _, err := s.Append(ctx, Game("g2"), WriterGames, Head{}, "create-g2", meta(), GameCreated{White: "a", Black: "b"}); err != nil {
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
	if err := Verify(log); err != nil {
		t.Fatal(err)
	}
	ev, err := Decode(log[3])
	if err != nil {
		t.Fatal(err)
	}
	if got := ev.(*GameEnded); got.Result != "1-0" || got.Article != "5.1.2" {
		t.Fatalf("decoded %+v", got)
	}
	// An empty aggregate loads as nothing at the zero head.
	none, h0, err := s.Load(ctx, Game("nobody"))
	if err != nil || len(none) != 0 || h0 != (Head{}) {
		t.Fatalf("empty aggregate: %v %v %v", none, h0, err)
	}
}

func TestAppendRejectsBadCommands(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	cases := []struct {
		name   string
		agg    Aggregate
		writer Writer
		key    string
		evs    []Event
	}{
		{"wrong writer", Game("g"), WriterClocks, "k", []Event{move(1, "e4")}},
		{"writer of another kind", Game("g"), WriterPairing, "k", []Event{move(1, "e4")}},
		{"event of another kind", Tournament("t"), WriterPairing, "k", []Event{move(1, "e4")}},
		{"bad id", Game("g.1"), WriterGames, "k", []Event{move(1, "e4")}},
		{"wildcard id", Game("*"), WriterGames, "k", []Event{move(1, "e4")}},
		{"empty key", Game("g"), WriterGames, "", []Event{move(1, "e4")}},
		{"no events", Game("g"), WriterGames, "k", nil},
		{"unknown kind", Aggregate{Kind: "club", ID: "x"}, WriterGames, "k", []Event{move(1, "e4")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := s.Append(ctx, c.agg, c.writer, Head{}, c.key, meta(), c.evs...); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	// Heads not returned by the store.
	for _, h := range []Head{{Version: 1}, {Version: 1, Seq: 1}, {Seq: 3}, {Hash: "ab"}} {
		if _, _, err := s.Append(ctx, Game("g"), WriterGames, h, "k", meta(), move(1, "e4")); err == nil {
			t.Errorf("head %+v accepted", h)
		}
	}
	// Envelopes that are not a chained command.
	envs, err := Build(Game("g"), WriterGames, Head{}, "k", meta(), move(1, "e4"), move(2, "e5"))
	if err != nil {
		t.Fatal(err)
	}
	unchained := append([]Envelope{}, envs...)
	unchained[1].PrevHash = "ab"
	altered := append([]Envelope{}, envs...)
	altered[0].Actor.ID = "mallory"
	for name, bad := range map[string][]Envelope{"unchained": unchained, "altered": altered, "not from the start": envs[1:]} {
		if _, _, err := s.AppendEnvelopes(ctx, Head{}, bad); err == nil {
			t.Errorf("%s envelopes accepted", name)
		}
	}
	if log, _, _ := s.LoadStream(ctx, Game("g")); len(log) != 0 {
		t.Fatalf("%d events appended by refused commands", len(log))
	}
}

func TestAppendConflict(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := Game("g1")
	_, h1, err := s.Append(ctx, g, WriterGames, Head{}, "c1", meta(), GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	// Two writers decide on h1; the clocks service wins.
	if _, _, err := s.Append(ctx, g, WriterClocks, h1, "c2", meta(), ClockStarted{At: fixedNow()}); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.Append(ctx, g, WriterGames, h1, "c3", meta(), move(1, "e4"))
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append: %v, want ErrConflict", err)
	}
	// A stale batch conflicts as a whole.
	_, _, err = s.Append(ctx, g, WriterGames, h1, "c4", meta(), Resigned{By: White}, GameEnded{Result: "0-1", Termination: "resignation"})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale batch: %v, want ErrConflict", err)
	}
	// Expecting an empty game that exists.
	if _, _, err = s.Append(ctx, g, WriterGames, Head{}, "c5", meta(), GameCreated{}); !errors.Is(err, ErrConflict) {
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
			g := Game("g1")
			evs := []Event{move(1, "e4")}
			if batch {
				evs = []Event{DrawOffered{By: White, Ply: 1}, move(1, "e4")}
			}
			_, h0, err := s.Append(ctx, g, WriterGames, Head{}, "create", meta(), GameCreated{})
			if err != nil {
				t.Fatal(err)
			}
			orig, h1, err := s.Append(ctx, g, WriterGames, h0, "cmd", meta(), evs...)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, got []Envelope, h Head, err error) {
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
			got, h, err := s.Append(ctx, g, WriterGames, h0, "cmd", meta(), evs...)
			check("retry on the same head", got, h, err)
			// Others wrote meanwhile.
			_, h2, err := s.Append(ctx, g, WriterClocks, h1, "other", meta(), ClockStarted{At: fixedNow()})
			if err != nil {
				t.Fatal(err)
			}
			got, h, err = s.Append(ctx, g, WriterGames, h0, "cmd", meta(), evs...)
			check("retry after another command", got, h, err)
			// A caller who reloaded and decided again with the same key:
			// "duplicate" from the server.
			got, h, err = s.Append(ctx, g, WriterGames, h2, "cmd", meta(), evs...)
			check("retry on a fresh head", got, h, err)
			log, _, err := s.Load(ctx, g)
			if err != nil || len(log) != 2+len(evs) {
				t.Fatalf("%d events, want %d (%v)", len(log), 2+len(evs), err)
			}
			if len(Landed(log, "cmd")) != len(evs) {
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
	g := Game("g1")
	orig, h1, err := s.Append(ctx, g, WriterGames, Head{}, "cmd", meta(), GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, g, WriterClocks, h1, "other", meta(), ClockStarted{At: fixedNow()}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(600 * time.Millisecond) // let the server drop the id
	got, h, err := s.Append(ctx, g, WriterGames, Head{}, "cmd", meta(), GameCreated{})
	if err != nil || h != h1 || got[0].ID != orig[0].ID {
		t.Fatalf("retry after the window: %v %+v %v", ids(got), h, err)
	}
	log, _, _ := s.Load(ctx, g)
	if len(log) != 2 {
		t.Fatalf("%d events, want 2", len(log))
	}
}

func ids(envs []Envelope) []string {
	var out []string
	for _, e := range envs {
		out = append(out, e.ID)
	}
	return out
}

func TestLegacyVersionReadAndUpcast(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g := Game("old")
	// An event as a version-1 writer wrote it: "move" in SAN, an extra
	// field and an unknown envelope field.
	e := Envelope{ID: NewULID(fixedNow()), Type: "game.move_played", Version: 1, Aggregate: g, Writer: WriterGames,
		Seq: 1, RecordedAt: fixedNow(), Actor: player, IdempotencyKey: "k1",
		Data:  []byte(`{"ply":1,"by":"white","move":"Nf3","comment":"!?"}`),
		extra: map[string]json.RawMessage{"origin": json.RawMessage(`"board-7"`)}}
	var err error
	if e.Hash, err = ComputeHash(&e); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AppendEnvelopes(ctx, Head{}, []Envelope{e}); err != nil {
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
	if err := Verify(log); err != nil {
		t.Fatal(err)
	}
	ev, err := Decode(log[0])
	if err != nil {
		t.Fatal(err)
	}
	if mp := ev.(*MovePlayed); mp.SAN != "Nf3" || mp.Ply != 1 || mp.By != White {
		t.Fatalf("upcast: %+v", mp)
	}
}
