package app

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestWatchedKeepsNoMoves: a game the watcher keeps reads its deadline
// from the events, and its clock records no completed move (one record
// per live game would grow with every press).
func TestWatchedKeepsNoMoves(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	g := newWatched()
	for i, l := range []struct {
		at time.Time
		e  events.Event
	}{
		{t0, events.GameCreated{White: "w", Black: "b", TimeControl: "60+1"}},
		{t0, events.ClockStarted{At: t0, TimeControl: "60+1", WhiteMs: 60000, BlackMs: 60000}},
		{at(3), events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e4", At: at(3)}},
		{at(10), events.MovePlayed{Ply: 2, By: events.Black, UCI: "e7e5", At: at(10)}},
	} {
		if err := g.timer.Apply(l.at, l.e); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
	}
	// White has 60 s - 3 s + 1 s and moves from 10 s: the flag at 68 s.
	if d, ok := g.timer.Deadline(); !ok || !d.Equal(at(68)) {
		t.Fatalf("deadline %v %v, want %v", d, ok, at(68))
	}
	if m := g.timer.Clock().Moves(); m != nil {
		t.Errorf("the watched clock recorded %d moves", len(m))
	}
}
