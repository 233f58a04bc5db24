package eventstore

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// LoadAfter from the head after every command of a game (one-event and
// two-event commands of two writers, interleaved with another game's, so
// the game's stream sequences have gaps) gives exactly the log Load gives
// after that version and Load's head: through the walk back (a few events)
// and through the scan (more than loadAfterWalk).
func TestLoadAfterContract(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	g, other := events.Game("la"), events.Game("la-other")
	heads := []events.Head{{}}
	var head, otherHead events.Head
	var err error
	at := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	add := func(w events.Writer, key string, evs ...events.Event) {
		t.Helper()
		if _, head, err = s.Append(ctx, g, w, head, key, meta(), evs...); err != nil {
			t.Fatal(err)
		}
		heads = append(heads, head)
		// another game's event between two of this game's
		if _, otherHead, err = s.Append(ctx, other, events.WriterGames, otherHead, "o-"+key, meta(), move(len(heads), "e4")); err != nil {
			t.Fatal(err)
		}
	}
	if _, otherHead, err = s.Append(ctx, other, events.WriterGames, events.Head{}, "o-create", meta(), events.GameCreated{White: "c", Black: "d"}); err != nil {
		t.Fatal(err)
	}
	add(events.WriterGames, "create", events.GameCreated{White: "a", Black: "b", TimeControl: "5400+30"})
	add(events.WriterClocks, "start", events.ClockStarted{At: at, TimeControl: "5400+30", WhiteMs: 5400000, BlackMs: 5400000})
	for i := 1; i <= 30; i++ {
		if i%7 == 0 {
			add(events.WriterGames, fmt.Sprintf("m%d", i), events.DrawDeclined{By: events.White, ByMoving: true}, move(i, "e4"))
			continue
		}
		add(events.WriterGames, fmt.Sprintf("m%d", i), move(i, "e4"))
	}
	add(events.WriterGames, "end", events.Resigned{By: events.White}, events.GameEnded{Result: "0-1", Termination: "resignation"})

	full, fullHead, err := s.Load(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if fullHead != head {
		t.Fatalf("Load's head %+v, the last append's %+v", fullHead, head)
	}
	for _, h := range heads {
		got, gotHead, err := s.LoadAfter(ctx, g, h)
		if err != nil {
			t.Fatalf("after version %d: %v", h.Version, err)
		}
		if gotHead != fullHead {
			t.Fatalf("after version %d: head %+v, want %+v", h.Version, gotHead, fullHead)
		}
		want := full[h.Version:]
		if len(want) == 0 {
			want = nil
		}
		if len(got) != len(want) {
			t.Fatalf("after version %d: %d events, want %d", h.Version, len(got), len(want))
		}
		for i := range want {
			if got[i].ID != want[i].ID || got[i].Hash != want[i].Hash || got[i].Seq != want[i].Seq || !reflect.DeepEqual(got[i].Data, want[i].Data) {
				t.Fatalf("after version %d: event %d is %s v%d, want %s v%d", h.Version, i, got[i].ID, got[i].Seq, want[i].ID, want[i].Seq)
			}
		}
	}
	// an aggregate without events, after the zero head
	if got, h, err := s.LoadAfter(ctx, events.Game("la-none"), events.Head{}); err != nil || got != nil || h != (events.Head{}) {
		t.Fatalf("empty aggregate: %v %+v %v", got, h, err)
	}
}

// A head that is not the aggregate's — another game's, one with a wrong
// hash or stream sequence, one beyond the log — is refused with
// ErrHeadNotInLog, never answered with events that do not chain on it.
func TestLoadAfterForeignHead(t *testing.T) {
	s := openStore(t, Config{})
	ctx := testCtx(t)
	a := playGame(t, s, "fa", 4)
	b := playGame(t, s, "fb", 4)
	_, early, err := s.Append(ctx, events.Game("fc"), events.WriterGames, events.Head{}, "fc-create", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, events.Game("fc"), events.WriterGames, early, "fc-m1", meta(), move(1, "e4")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		agg  events.Aggregate
		head events.Head
	}{
		{"another game's head", events.Game("fa"), b},
		{"a wrong hash", events.Game("fa"), events.Head{Version: a.Version, Seq: a.Seq, Hash: b.Hash}},
		{"a wrong hash, earlier", events.Game("fc"), events.Head{Version: early.Version, Seq: early.Seq, Hash: a.Hash}},
		{"a wrong stream sequence", events.Game("fc"), events.Head{Version: early.Version, Seq: early.Seq + 1, Hash: early.Hash}},
		{"beyond the log", events.Game("fa"), events.Head{Version: a.Version + 5, Seq: b.Seq + 100, Hash: a.Hash}},
		{"a head on an empty aggregate", events.Game("fnone"), a},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := s.LoadAfter(ctx, c.agg, c.head)
			if !errors.Is(err, ErrHeadNotInLog) {
				t.Fatalf("got %d events, error %v; want ErrHeadNotInLog", len(got), err)
			}
		})
	}
	if _, _, err := s.LoadAfter(ctx, events.Game("fa"), events.Head{Version: 3}); err == nil {
		t.Fatal("a head without hash or stream sequence was accepted")
	}
}
