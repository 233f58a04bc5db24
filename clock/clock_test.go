package clock

import (
	"errors"
	"testing"
	"time"
)

const ms = time.Millisecond

// plies builds Start at t0 and one press per ply, each ply taking the given
// time, White first.
func plies(t0 time.Duration, thinking ...time.Duration) []Event {
	ev := []Event{{Kind: Start, At: t0}}
	at, side := t0, White
	for _, d := range thinking {
		at += d
		ev = append(ev, Event{Kind: Press, At: at, Side: side})
		side = side.Other()
	}
	return ev
}

func mustControl(t *testing.T, pgn string) TimeControl {
	t.Helper()
	tc, err := ParsePGN(pgn)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// TestClockKinds folds the same move sequence under every kind of control
// and checks both sides' times after it.
func TestClockKinds(t *testing.T) {
	// White thinks 3 s, 10 s, 1 s; Black 4 s, 2 s.
	seq := []time.Duration{3 * sec, 4 * sec, 10 * sec, 2 * sec, 1 * sec}
	tests := []struct {
		control      string
		white, black time.Duration // after the sequence (White's turn is over, Black on move, no time elapsed)
	}{
		{"300", 300*sec - 14*sec, 300*sec - 6*sec},
		{"300+2", 300*sec - 14*sec + 6*sec, 300*sec - 6*sec + 4*sec},
		// Simple delay 5 s: only time beyond 5 s per move counts: White 10 s move costs 5 s.
		{"300d5", 300*sec - 5*sec, 300 * sec},
		// Bronstein 5 s: each move gives back min(used, 5 s): same end result at each press.
		{"300b5", 300*sec - 5*sec, 300 * sec},
		// Sandglass: what one uses, the other gains.
		{"*60", 60*sec - 14*sec + 6*sec, 60*sec - 6*sec + 14*sec},
	}
	for _, tt := range tests {
		c, err := Fold(mustControl(t, tt.control), plies(0, seq...))
		if err != nil {
			t.Fatalf("%s: %v", tt.control, err)
		}
		at := c.Last()
		w, _ := c.Remaining(White, at)
		b, _ := c.Remaining(Black, at)
		if w != tt.white || b != tt.black {
			t.Errorf("%s: white %v black %v, want %v %v", tt.control, w, b, tt.white, tt.black)
		}
		if c.Turn() != Black || c.MovesMade(White) != 3 || c.MovesMade(Black) != 2 {
			t.Errorf("%s: turn %v moves %d/%d", tt.control, c.Turn(), c.MovesMade(White), c.MovesMade(Black))
		}
	}
}

// TestDelayDuringMove shows the difference between simple and Bronstein
// delay while the clock runs: the display, and the flag instant.
func TestDelayDuringMove(t *testing.T) {
	simple, _ := Fold(mustControl(t, "10d5"), plies(0))
	bron, _ := Fold(mustControl(t, "10b5"), plies(0))
	incr, _ := Fold(mustControl(t, "10+5"), plies(0))
	for _, tt := range []struct {
		c          *Clock
		at3, at12  time.Duration
		delayLeft3 time.Duration
		flag       time.Duration
	}{
		{simple, 10 * sec, 3 * sec, 2 * sec, 15 * sec},
		{bron, 7 * sec, 0, 0, 10 * sec},
		{incr, 7 * sec, 0, 0, 10 * sec},
	} {
		r, _ := tt.c.Reading(White, 3*sec)
		if r.Remaining != tt.at3 || r.DelayLeft != tt.delayLeft3 {
			t.Errorf("%s at 3s: %+v", tt.c.Control().Human(), r)
		}
		r, _ = tt.c.Reading(White, 12*sec)
		if r.Remaining != tt.at12 {
			t.Errorf("%s at 12s: %+v", tt.c.Control().Human(), r)
		}
		if s, at, ok := tt.c.FlagFall(); !ok || s != White || at != tt.flag {
			t.Errorf("%s: flag %v %v %v, want white at %v", tt.c.Control().Human(), s, at, ok, tt.flag)
		}
	}
}

// TestPeriodBoundary: time for the second period is added exactly at the
// press completing move 40, not before.
func TestPeriodBoundary(t *testing.T) {
	tc := mustControl(t, "40/5400+30:1800+30")
	// 39 moves each of one minute for both sides, then White's 40th.
	ev := plies(0, repeat(mn, 78)...)
	c, err := Fold(tc, ev)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Reading(White, c.Last())
	if want := 5400*sec - 39*mn + 39*30*sec; r.Remaining != want || r.Period != 1 || r.MovesToControl != 1 {
		t.Fatalf("before move 40: %+v, want %v in period 1 with 1 move to go", r, want)
	}
	// White's 40th move takes 2 minutes.
	if err := c.Apply(Event{Kind: Press, At: c.Last() + 2*mn, Side: White}); err != nil {
		t.Fatal(err)
	}
	r, _ = c.Reading(White, c.Last())
	if want := 5400*sec - 41*mn + 40*30*sec + 1800*sec; r.Remaining != want || r.Period != 2 || r.MovesToControl != 0 {
		t.Fatalf("after move 40: %+v, want %v in period 2 (sudden death)", r, want)
	}
	// Black has still one move to make in period 1.
	r, _ = c.Reading(Black, c.Last())
	if r.Period != 1 || r.MovesToControl != 1 {
		t.Fatalf("black: %+v", r)
	}
	mv := c.Moves()
	if len(mv) != 79 || mv[78].Number != 40 || mv[78].Elapsed != 2*mn || mv[78].Clock != 5400*sec-41*mn+40*30*sec+1800*sec {
		t.Fatalf("record of move 40: %+v", mv[len(mv)-1])
	}
}

// TestRepeatingPeriods: 40/120 + 20/60 + G/30, and a last period with moves
// that repeats.
func TestRepeatingPeriods(t *testing.T) {
	c, err := Fold(mustControl(t, "40/7200:20/3600:1800"), plies(0, repeat(sec, 120)...))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Reading(White, c.Last())
	if want := 7200*sec + 3600*sec + 1800*sec - 60*sec; r.Remaining != want || r.Period != 3 || r.MovesToControl != 0 {
		t.Errorf("after 60 moves: %+v, want %v", r, want)
	}
	c, err = Fold(mustControl(t, "40/7200"), plies(0, repeat(sec, 160)...))
	if err != nil {
		t.Fatal(err)
	}
	r, _ = c.Reading(White, c.Last())
	if want := 3*7200*sec - 80*sec; r.Remaining != want || r.Period != 3 || r.MovesToControl != 40 {
		t.Errorf("repeating 40/7200 after 80 moves: %+v, want %v in period 3", r, want)
	}
}

// TestFlagBetweenPresses: Black's flag falls between two recorded presses,
// exact to the millisecond, and is recorded when the late press arrives.
func TestFlagBetweenPresses(t *testing.T) {
	c, err := Fold(mustControl(t, "10+0.5"), []Event{
		{Kind: Start, At: 1000 * ms},
		{Kind: Press, At: 3250 * ms, Side: White},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Black has 10 s from 3.250: the flag falls at 13.250.
	if s, at, ok := c.FlagFall(); !ok || s != Black || at != 13250*ms {
		t.Fatalf("flag fall = %v %v %v", s, at, ok)
	}
	r, _ := c.Reading(Black, 13249*ms)
	if r.Flagged || r.Remaining != ms {
		t.Fatalf("1 ms before: %+v", r)
	}
	r, _ = c.Reading(Black, 13250*ms)
	if !r.Flagged || r.FlagAt != 13250*ms || r.Remaining != 0 {
		t.Fatalf("at the instant: %+v", r)
	}
	if err := c.Apply(Event{Kind: Press, At: 14001 * ms, Side: Black}); err != nil {
		t.Fatal(err)
	}
	if at, fallen := c.Flag(Black); !fallen || at != 13250*ms {
		t.Fatalf("recorded flag = %v %v", at, fallen)
	}
	if _, fallen := c.Flag(White); fallen {
		t.Fatal("white's flag recorded")
	}
	// The overrun is not a debt: Black's time restarts from zero plus increment.
	if b, _ := c.Remaining(Black, c.Last()); b != 500*ms {
		t.Fatalf("black after late press: %v", b)
	}
}

func TestPauseAdjustRetractStop(t *testing.T) {
	tc := mustControl(t, "600d5")
	c, err := Fold(tc, []Event{
		{Kind: Start, At: 0},
		{Kind: Press, At: 20 * sec, Side: White}, // white 600-15 = 585
		{Kind: Pause, At: 23 * sec},              // black used 3 s (delay)
		{Kind: Adjust, At: 30 * sec, Side: White, Op: Add, Amount: 2 * mn},
		{Kind: Adjust, At: 31 * sec, Side: Black, Op: Subtract, Amount: mn},
		{Kind: Resume, At: 40 * sec},             // delay: 2 s left
		{Kind: Press, At: 50 * sec, Side: Black}, // black used 13 s: 8 s charged
	})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := c.Remaining(White, 50*sec)
	b, _ := c.Remaining(Black, 50*sec)
	if w != 585*sec+2*mn || b != 600*sec-mn-8*sec {
		t.Fatalf("white %v black %v", w, b)
	}
	if mv := c.Moves(); mv[1].Elapsed != 13*sec {
		t.Fatalf("emt %v", mv[1].Elapsed)
	}
	// Set white's time while White's clock runs (with delay in progress).
	if err := c.Apply(Event{Kind: Adjust, At: 52 * sec, Side: White, Op: Set, Amount: 5 * mn}); err != nil {
		t.Fatal(err)
	}
	if w, _ := c.Remaining(White, 52*sec); w != 5*mn {
		t.Fatalf("after set: %v", w)
	}
	// An illegal move by Black is found: Black's move is retracted, Black on move again.
	if err := c.Apply(Event{Kind: Retract, At: 60 * sec}); err != nil {
		t.Fatal(err)
	}
	if c.Turn() != Black || c.MovesMade(Black) != 0 || len(c.Moves()) != 1 {
		t.Fatalf("after retract: turn %v moves %d record %d", c.Turn(), c.MovesMade(Black), len(c.Moves()))
	}
	if err := c.Apply(Event{Kind: Stop, At: 61 * sec}); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := c.FlagFall(); ok {
		t.Fatal("a stopped clock has a running flag")
	}
	if err := c.Apply(Event{Kind: Press, At: 62 * sec, Side: Black}); !errors.Is(err, ErrStopped) {
		t.Fatalf("press after stop: %v", err)
	}
}

func TestClockErrors(t *testing.T) {
	tc := mustControl(t, "300+2")
	tests := []struct {
		name   string
		events []Event
		want   error
	}{
		{"press before start", []Event{{Kind: Press, At: 0}}, ErrNotStarted},
		{"two starts", []Event{{Kind: Start}, {Kind: Start, At: 1}}, ErrAlreadyStarted},
		{"wrong side", []Event{{Kind: Start}, {Kind: Press, At: 1, Side: Black}}, ErrWrongSide},
		{"time reversed", []Event{{Kind: Start, At: 10}, {Kind: Press, At: 9}}, ErrTimeReversed},
		{"press while paused", []Event{{Kind: Start}, {Kind: Pause, At: 1}, {Kind: Press, At: 2}}, ErrPaused},
		{"resume not paused", []Event{{Kind: Start}, {Kind: Resume, At: 1}}, ErrNotPaused},
		{"subtract below zero", []Event{{Kind: Start}, {Kind: Adjust, At: 1, Side: Black, Op: Subtract, Amount: 301 * sec}}, ErrBelowZero},
		{"negative amount", []Event{{Kind: Start}, {Kind: Adjust, At: 1, Op: Add, Amount: -1}}, ErrBelowZero},
		{"set negative", []Event{{Kind: Start}, {Kind: Adjust, At: 1, Op: Set, Amount: -1}}, ErrBelowZero},
		{"bad op", []Event{{Kind: Start}, {Kind: Adjust, At: 1, Op: 9}}, ErrUnknownEvent},
		{"bad kind", []Event{{Kind: Start}, {Kind: 99, At: 1}}, ErrUnknownEvent},
		{"nothing to retract", []Event{{Kind: Start}, {Kind: Retract, At: 1}}, ErrNoMove},
	}
	for _, tt := range tests {
		_, err := Fold(tc, tt.events)
		var ee *EventError
		if !errors.Is(err, tt.want) || !errors.As(err, &ee) || ee.Index != len(tt.events)-1 {
			t.Errorf("%s: %v, want %v at event %d", tt.name, err, tt.want, len(tt.events)-1)
		}
	}
	// A failed subtraction leaves the clock unchanged.
	c, _ := Fold(tc, plies(0))
	before, _ := c.Remaining(Black, 0)
	_ = c.Apply(Event{Kind: Adjust, Side: Black, Op: Subtract, Amount: time.Hour})
	if after, _ := c.Remaining(Black, 0); after != before {
		t.Errorf("failed adjustment changed the clock: %v -> %v", before, after)
	}
	if _, err := New(TimeControl{Kind: Untimed}); !errors.Is(err, ErrInvalidControl) {
		t.Errorf("clock for untimed control: %v", err)
	}
	if _, err := New(TimeControl{}); !errors.Is(err, ErrInvalidControl) {
		t.Errorf("clock without periods: %v", err)
	}
	if _, err := c.Reading(Black, -1); !errors.Is(err, ErrTimeReversed) {
		t.Errorf("reading before the last event: %v", err)
	}
}

// TestFlagFallAfterTimeGivenBack: after a flag fell, an adjustment that gives
// time back moves the next flag instant; the first fall stays recorded.
func TestFlagFallAfterTimeGivenBack(t *testing.T) {
	c, _ := Fold(mustControl(t, "10"), []Event{{Kind: Start}, {Kind: Pause, At: 12 * sec}})
	if at, fallen := c.Flag(White); !fallen || at != 10*sec {
		t.Fatalf("flag %v %v", at, fallen)
	}
	_ = c.Apply(Event{Kind: Adjust, At: 13 * sec, Side: White, Op: Add, Amount: 30 * sec})
	_ = c.Apply(Event{Kind: Resume, At: 14 * sec})
	if _, at, ok := c.FlagFall(); !ok || at != 44*sec {
		t.Fatalf("next flag at %v %v", at, ok)
	}
	if at, fallen := c.Flag(White); !fallen || at != 10*sec {
		t.Fatalf("first fall forgotten: %v %v", at, fallen)
	}
}

// TestReconfigure: the arbiter corrects the setting, or introduces an
// increment in the quickplay finish, on a paused clock.
func TestReconfigure(t *testing.T) {
	inc := mustControl(t, "300+5")
	c, _ := Fold(mustControl(t, "300"), plies(0, 10*sec))
	if err := c.Apply(Event{Kind: Reconfigure, At: 12 * sec, Control: &inc}); !errors.Is(err, ErrNotPaused) {
		t.Fatalf("reconfigure while running: %v", err)
	}
	for _, e := range []Event{
		{Kind: Pause, At: 12 * sec},
		{Kind: Reconfigure, At: 12 * sec, Control: &inc},
		{Kind: Resume, At: 20 * sec},
		{Kind: Press, At: 21 * sec, Side: Black},
	} {
		if err := c.Apply(e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
	if b, _ := c.Remaining(Black, 21*sec); b != 300*sec-3*sec+5*sec {
		t.Fatalf("black %v", b)
	}
	if err := c.Apply(Event{Kind: Pause, At: 22 * sec}); err != nil {
		t.Fatal(err)
	}
	if err := c.Apply(Event{Kind: Reconfigure, At: 22 * sec}); !errors.Is(err, ErrNoControl) {
		t.Fatalf("reconfigure without control: %v", err)
	}
	untimed := TimeControl{Kind: Untimed}
	if err := c.Apply(Event{Kind: Reconfigure, At: 22 * sec, Control: &untimed}); !errors.Is(err, ErrNoControl) {
		t.Fatalf("reconfigure to untimed: %v", err)
	}
	// Before the start the new control's times are installed.
	c2, _ := New(mustControl(t, "300"))
	if err := c2.Apply(Event{Kind: Reconfigure, Control: &inc}); err != nil {
		t.Fatal(err)
	}
	_ = c2.Apply(Event{Kind: Start})
	_ = c2.Apply(Event{Kind: Press, At: sec, Side: White})
	if w, _ := c2.Remaining(White, sec); w != 304*sec {
		t.Fatalf("white %v", w)
	}
}
