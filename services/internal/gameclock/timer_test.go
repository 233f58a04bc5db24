package gameclock

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestForgetMoves: a timer that forgets its clock's record of completed
// moves, before its clock starts or after some moves, folds a game's
// events as one that keeps it (the same readings and deadline at every
// event, pauses and adjustments among them), and records no move.
func TestForgetMoves(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	log := []struct {
		at time.Time
		e  events.Event
	}{
		{t0, events.GameCreated{White: "w", Black: "b", TimeControl: "60+1"}},
		{t0, events.ClockStarted{At: t0, TimeControl: "60+1", WhiteMs: 60000, BlackMs: 50000}},
		{at(3), events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e4", At: at(3)}},
		{at(10), events.MovePlayed{Ply: 2, By: events.Black, UCI: "e7e5", At: at(10)}},
		{at(12), events.TimeAdjusted{Side: events.Black, DeltaMs: -5000}},
		{at(20), events.MovePlayed{Ply: 3, By: events.White, UCI: "g1f3", At: at(20)}},
		{at(21), events.ClockPaused{At: at(21)}},
		{at(40), events.ClockResumed{At: at(40)}},
		{at(41), events.MovePlayed{Ply: 4, By: events.Black, UCI: "b8c6", At: at(41)}},
	}
	for _, forgetAfter := range []int{0, 3, len(log)} {
		var kept, lean Timer
		for i, l := range log {
			if i == forgetAfter {
				lean.ForgetMoves()
			}
			if err := kept.Apply(l.at, l.e); err != nil {
				t.Fatalf("event %d: %v", i, err)
			}
			if err := lean.Apply(l.at, l.e); err != nil {
				t.Fatalf("forgetting after %d, event %d: %v", forgetAfter, i, err)
			}
			for _, now := range []time.Time{l.at, at(45), at(200)} {
				kw, kb, kerr := kept.Reading(now)
				lw, lb, lerr := lean.Reading(now)
				if kw != lw || kb != lb || (kerr == nil) != (lerr == nil) {
					t.Fatalf("forgetting after %d, event %d, at %v: reads %+v %+v, kept %+v %+v", forgetAfter, i, now, lw, lb, kw, kb)
				}
			}
			kd, kok := kept.Deadline()
			ld, lok := lean.Deadline()
			if kd != ld || kok != lok {
				t.Fatalf("forgetting after %d, event %d: deadline %v %v, kept %v %v", forgetAfter, i, ld, lok, kd, kok)
			}
		}
		if forgetAfter == len(log) {
			lean.ForgetMoves()
		}
		if n := len(kept.Clock().Moves()); n != 4 {
			t.Fatalf("the kept record holds %d moves, want 4", n)
		}
		if m := lean.Clock().Moves(); m != nil {
			t.Errorf("forgetting after %d: %d moves recorded", forgetAfter, len(m))
		}
	}
}
