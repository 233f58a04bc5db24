package clock

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

var propertyControls = []string{"300", "180+2", "40/5400+30:1800+30", "2/60:3/30:20", "3/10", "60d5", "60b5", "5/10d2:5", "*30", "W60+1-B45"}

// randomEvents returns a random but applicable event sequence for tc, and
// the clock after each prefix is applied one by one by the caller.
func randomEvents(r *rand.Rand, tc TimeControl, n int) []Event {
	c, _ := New(tc)
	at := time.Duration(r.IntN(1000)) * ms
	ev := []Event{{Kind: Start, At: at}}
	_ = c.Apply(ev[0])
	for len(ev) < n {
		at += time.Duration(r.IntN(20000)) * time.Microsecond * time.Duration(1+r.IntN(500))
		var e Event
		switch k := r.IntN(20); {
		case c.Paused():
			e = Event{Kind: Resume, At: at}
		case k < 14:
			e = Event{Kind: Press, At: at, Side: c.Turn()}
		case k < 15:
			e = Event{Kind: Pause, At: at}
		case k < 18:
			s := Side(r.IntN(2))
			rem, _ := c.Remaining(s, at)
			op := AdjustOp(1 + r.IntN(3))
			amt := time.Duration(r.Int64N(int64(rem) + 1))
			if op != Subtract {
				amt = time.Duration(r.IntN(120_000)) * ms
			}
			e = Event{Kind: Adjust, At: at, Side: s, Op: op, Amount: amt}
		default:
			e = Event{Kind: Retract, At: at}
		}
		if c.Apply(e) == nil {
			ev = append(ev, e)
		}
	}
	return ev
}

// TestFoldDeterministic: folding the same events twice gives the same clock.
func TestFoldDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range propertyControls {
		tc := mustControl(t, s)
		for i := 0; i < 20; i++ {
			ev := randomEvents(r, tc, 200)
			a, err1 := Fold(tc, ev)
			b, err2 := Fold(tc, ev)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", s, err1, err2)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: two folds differ", s)
			}
			for _, side := range []Side{White, Black} {
				ra, _ := a.Reading(side, a.Last()+time.Second)
				rb, _ := b.Reading(side, b.Last()+time.Second)
				if ra != rb {
					t.Fatalf("%s: readings differ: %+v %+v", s, ra, rb)
				}
			}
		}
	}
}

// TestRemainingNeverIncreases: between events a side's time never goes up
// (except the waiting side of a sandglass), and at an event it goes up only
// for the side pressing (increment, delay, period bonus) or the side
// adjusted. A rejected event leaves the clock as it was.
func TestRemainingNeverIncreases(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, s := range propertyControls {
		tc := mustControl(t, s)
		for i := 0; i < 20; i++ {
			ev := randomEvents(r, tc, 150)
			c, _ := New(tc)
			_ = c.Apply(ev[0])
			prev := [2]time.Duration{}
			prevAt := ev[0].At
			for side := range prev {
				prev[side], _ = c.Remaining(Side(side), prevAt)
			}
			for _, e := range ev[1:] {
				running := c.Turn()
				for side := range prev {
					now, _ := c.Remaining(Side(side), e.At)
					sandglassGain := tc.Kind == Sandglass && Side(side) != running
					if now > prev[side] && !sandglassGain {
						t.Fatalf("%s: %v's time rose from %v to %v with no event before %v", s, Side(side), prev[side], now, e)
					}
					prev[side] = now
				}
				before := *c
				bad := Event{Kind: Press, At: e.At, Side: c.Turn().Other()}
				if c.Apply(bad) == nil || !reflect.DeepEqual(before, *c) {
					t.Fatalf("%s: a rejected press changed the clock", s)
				}
				if err := c.Apply(e); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
				for side := range prev {
					now, _ := c.Remaining(Side(side), e.At)
					allowed := (e.Kind == Press && e.Side == Side(side)) || (e.Kind == Adjust && e.Side == Side(side) && e.Op != Subtract)
					if now > prev[side] && !allowed {
						t.Fatalf("%s: %v's time rose from %v to %v at %+v", s, Side(side), prev[side], now, e)
					}
					prev[side] = now
				}
			}
		}
	}
}

// TestMovesRecordModel: the clock's record of completed moves (Moves),
// kept compact, says for every press the side that made it, that side's
// move number, its instant and the time left after it, as a model kept
// beside the fold says, through pauses, adjustments and retractions, with
// either side's clock started first. A clock that forgets its moves
// (ForgetMoves) fed the same events answers every event and reading the
// same, and records none.
func TestMovesRecordModel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, s := range propertyControls {
		tc := mustControl(t, s)
		for _, first := range []Side{White, Black} {
			c, _ := New(tc)
			at := time.Duration(r.IntN(1000)) * ms
			lean, _ := New(tc)
			lean.ForgetMoves()
			for _, k := range []*Clock{c, lean} {
				if err := k.Apply(Event{Kind: Start, At: at, Side: first}); err != nil {
					t.Fatal(err)
				}
			}
			var model []MoveTime
			for n := 0; n < 300; n++ {
				at += time.Duration(r.IntN(20000)) * time.Microsecond * time.Duration(1+r.IntN(300))
				var e Event
				switch k := r.IntN(20); {
				case c.Paused():
					e = Event{Kind: Resume, At: at}
				case k < 14:
					e = Event{Kind: Press, At: at, Side: c.Turn()}
				case k < 15:
					e = Event{Kind: Pause, At: at}
				case k < 17:
					e = Event{Kind: Adjust, At: at, Side: Side(r.IntN(2)), Op: Add, Amount: time.Duration(r.IntN(60_000)) * ms}
				default:
					e = Event{Kind: Retract, At: at}
				}
				err, leanErr := c.Apply(e), lean.Apply(e)
				if err != leanErr {
					t.Fatalf("%s, event %d (%+v): %v, without the record %v", s, n, e, err, leanErr)
				}
				for _, side := range []Side{White, Black} {
					r, _ := c.Reading(side, at)
					lr, _ := lean.Reading(side, at)
					if r != lr || c.MovesMade(side) != lean.MovesMade(side) || c.Turn() != lean.Turn() {
						t.Fatalf("%s, event %d (%+v): %v reads %+v, without the record %+v", s, n, e, side, r, lr)
					}
				}
				if lean.Moves() != nil {
					t.Fatalf("%s: %d moves recorded after ForgetMoves", s, len(lean.Moves()))
				}
				if err != nil {
					continue
				}
				switch e.Kind {
				case Press:
					left, _ := c.Remaining(e.Side, at)
					model = append(model, MoveTime{Side: e.Side, Number: c.MovesMade(e.Side), At: at, Clock: left})
				case Retract:
					model = model[:len(model)-1]
				}
				got := c.Moves()
				if len(got) != len(model) {
					t.Fatalf("%s, %v first, event %d (%+v): %d moves recorded, want %d", s, first, n, e, len(got), len(model))
				}
				if e.Kind != Press {
					continue
				}
				g, w := got[len(got)-1], model[len(model)-1]
				g.Elapsed = 0
				if g != w {
					t.Fatalf("%s, %v first, event %d: recorded %+v, want %+v", s, first, n, g, w)
				}
			}
		}
	}
}
