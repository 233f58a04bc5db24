package domain

import (
	"errors"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
)

// TestIntroduceIncrement: the new control adds the increment to the
// sudden-death period of both sides and keeps the others; refusals.
func TestIntroduceIncrement(t *testing.T) {
	started := func(tc string) *gameclock.Timer {
		c, err := clock.ParsePGN(tc)
		if err != nil {
			t.Fatal(err)
		}
		ps := c.For(clock.White)
		return fold(t, t0, created(tc), t0, events.ClockStarted{At: t0, TimeControl: tc, WhiteMs: ps[0].Base.Milliseconds(), BlackMs: ps[0].Base.Milliseconds()})
	}
	at := t0.Add(time.Minute)
	tests := []struct {
		name string
		tm   *gameclock.Timer
		inc  time.Duration
		want string
		kind error
	}{
		{"sudden death", started("110"), 5 * time.Second, "110+5", nil},
		{"the last of two periods", started("40/5400:900"), 5 * time.Second, "40/5400:900+5", nil},
		{"increment already", started("60+1"), 5 * time.Second, "", gameclock.ErrState},
		{"no sudden-death period", started("40/5400"), 5 * time.Second, "", gameclock.ErrState},
		{"not started", fold(t, t0, created("110")), 5 * time.Second, "", gameclock.ErrState},
		{"no game", &gameclock.Timer{}, 5 * time.Second, "", gameclock.ErrNotFound},
		{"over", fold(t, t0, created("110"), t0, events.ClockStarted{At: t0, TimeControl: "110", WhiteMs: 110000, BlackMs: 110000}, t0, events.GameEnded{Result: "1-0"}), 5 * time.Second, "", gameclock.ErrState},
		{"no increment", started("110"), 0, "", gameclock.ErrInvalid},
		{"sub-millisecond", started("110"), time.Microsecond, "", gameclock.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := IntroduceIncrement(tt.tm, at, tt.inc, " increment requested ", " III.4 ")
			if tt.kind != nil {
				if !errors.Is(err, tt.kind) {
					t.Fatalf("err %v, want %v", err, tt.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := events.ControlChanged{At: at, TimeControl: tt.want, Reason: "increment requested", Article: "III.4"}
			if len(evs) != 1 || evs[0] != want {
				t.Fatalf("got %+v, want %+v", evs, want)
			}
		})
	}
}

// TestControlChanged: after the change every press adds the increment, so
// the flag instant moves; the change is folded on a running clock (paused
// and restarted at its instant, no time lost) and on a paused one; a
// change in a game over changes nothing; a bad control is an error.
func TestControlChanged(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "110", WhiteMs: 110000, BlackMs: 110000}
	move := func(ply int, off time.Duration) (time.Time, events.Event) {
		by := events.White
		if ply%2 == 0 {
			by = events.Black
		}
		return t0.Add(off), events.MovePlayed{Ply: ply, By: by, At: t0.Add(off)}
	}
	m1at, m1 := move(1, 10*time.Second)
	m2at, m2 := move(2, 30*time.Second)
	change := events.ControlChanged{At: t0.Add(40 * time.Second), TimeControl: "110+5", Article: "III.4"}
	m3at, m3 := move(3, 50*time.Second)

	// without the change: white used 10 s then 20 s more: 80 s left at 50 s;
	// black's flag at 50 + (110 - 20) = 140 s
	plain := fold(t, t0, created("110"), t0, start, m1at, m1, m2at, m2, m3at, m3)
	if d, ok := plain.Deadline(); !ok || !d.Equal(t0.Add(140*time.Second)) {
		t.Fatalf("without the change: deadline %v %v", d, ok)
	}
	// with it (running clock): white's press at 50 s adds 5 s, and black's
	// flag is unchanged until black presses
	tm := fold(t, t0, created("110"), t0, start, m1at, m1, m2at, m2, change.At, change, m3at, m3)
	w, _, err := tm.Reading(m3at)
	if err != nil {
		t.Fatal(err)
	}
	if w.Remaining != 85*time.Second {
		t.Errorf("white after the first move under 110+5: %v, want 1m25s", w.Remaining)
	}
	if d, ok := tm.Deadline(); !ok || !d.Equal(t0.Add(140*time.Second)) {
		t.Errorf("black's flag: %v %v, want +140s", d, ok)
	}
	m4at, m4 := move(4, 60*time.Second)
	tm2 := fold(t, t0, created("110"), t0, start, m1at, m1, m2at, m2, change.At, change, m3at, m3, m4at, m4)
	// black: 90 s at 50 s, 10 s used, +5: 85 s; white's flag at 60 + 85
	if d, ok := tm2.Deadline(); !ok || !d.Equal(t0.Add(145*time.Second)) {
		t.Errorf("white's flag after black's move: %v %v, want +145s", d, ok)
	}
	if got := tm2.Clock().Control(); got.Periods[0].Increment != 5*time.Second {
		t.Errorf("control %+v", got)
	}

	// on clocks a claim stopped: the change is folded paused and the ruling
	// restarts the clock
	claimed := fold(t, t0, created("110"), t0, start, m1at, m1, m2at, m2,
		t0.Add(35*time.Second), events.DrawClaimed{By: events.White, Reason: "increment_request"},
		change.At, change,
		t0.Add(45*time.Second), events.RulingGiven{Matter: "draw_claim", Decision: "game_continues"},
		t0.Add(55*time.Second), events.MovePlayed{Ply: 3, By: events.White, At: t0.Add(55 * time.Second)})
	w, _, err = claimed.Reading(t0.Add(55 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	// white: 100 s at 30 s, runs 30-35 and 45-55: 85 s, +5
	if w.Remaining != 90*time.Second {
		t.Errorf("white after the claim, the change and the move: %v, want 1m30s", w.Remaining)
	}

	over := fold(t, t0, created("110"), t0, start, m1at, m1, t0.Add(20*time.Second), events.GameEnded{Result: "1-0"},
		change.At, change)
	if over.Clock().Control().Periods[0].Increment != 0 {
		t.Error("a change after the end changed the control")
	}

	bad := fold(t, t0, created("110"), t0, start)
	if err := bad.Apply(change.At, events.ControlChanged{At: change.At, TimeControl: "ninety"}); err == nil {
		t.Error("a bad control was folded")
	}
	before := fold(t, t0, created("110"))
	if err := before.Apply(change.At, change); err == nil {
		t.Error("a change before the start was folded")
	}
}
