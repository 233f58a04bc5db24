package clock

import (
	"testing"
	"time"
)

// Tests named after the clock articles of the 1997 Laws (the seed text) and
// of the 2023 Laws where they differ in number.

func TestLaws1997_6_2_UnusedTimeCarriesOver(t *testing.T) {
	// 2 moves in 60 s, then 30 s for the rest: each side uses 10 s per move.
	c, err := Fold(mustControl(t, "2/60:30"), plies(0, 10*sec, 10*sec, 10*sec, 10*sec))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Side{White, Black} {
		if r, _ := c.Remaining(s, c.Last()); r != 70*sec {
			t.Errorf("%v: %v, want the 40 s saved plus 30 s", s, r)
		}
	}
}

func TestLaws1997_6_2_EklemeliDelay(t *testing.T) {
	// The 'eklemeli' mode: the extra time per move runs first; unused extra
	// time is not added to the main time.
	c, err := Fold(mustControl(t, "60d5"), plies(0, 3*sec, 8*sec))
	if err != nil {
		t.Fatal(err)
	}
	w, _ := c.Remaining(White, c.Last())
	b, _ := c.Remaining(Black, c.Last())
	if w != 60*sec || b != 57*sec {
		t.Fatalf("white %v (3 s move inside the delay, nothing banked), black %v (8 s move, 3 s off)", w, b)
	}
	// While the delay runs the main time does not move.
	r, _ := c.Reading(White, c.Last()+4*sec)
	if r.Remaining != 60*sec || r.DelayLeft != sec {
		t.Fatalf("during the delay: %+v", r)
	}
}

func TestLaws2023_6_3_2_TimeDelayMode(t *testing.T) {
	// 2023 6.3.2 describes the same mode: the main time only counts down
	// after the fixed delay; the flag falls at main time + delay.
	c, _ := Fold(mustControl(t, "10d2"), plies(time.Second))
	if s, at, ok := c.FlagFall(); !ok || s != White || at != 13*sec {
		t.Fatalf("flag %v %v %v", s, at, ok)
	}
}

func TestLaws1997_6_5_WhiteClockStarts(t *testing.T) {
	c, _ := Fold(mustControl(t, "300"), plies(5*sec))
	w, _ := c.Reading(White, 65*sec)
	b, _ := c.Reading(Black, 65*sec)
	if !w.Running || b.Running || w.Remaining != 240*sec || b.Remaining != 300*sec {
		t.Fatalf("white %+v black %+v", w, b)
	}
}

func TestLaws1997_6_7_MoveCompleteAtPress(t *testing.T) {
	// The time between making the move on the board and pressing counts:
	// only the press is recorded, and the whole interval is charged.
	c, _ := Fold(mustControl(t, "300"), plies(0, 7*sec))
	if mv := c.Moves(); len(mv) != 1 || mv[0].Elapsed != 7*sec || mv[0].Clock != 293*sec {
		t.Fatalf("%+v", mv)
	}
	if c.Turn() != Black {
		t.Fatal("the opponent's clock was not started")
	}
}

func TestLaws1997_6_10_ClockReplacedTimesSet(t *testing.T) {
	c, _ := Fold(mustControl(t, "300"), plies(0, 7*sec))
	for _, e := range []Event{
		{Kind: Pause, At: 10 * sec},
		{Kind: Adjust, At: 20 * sec, Side: White, Op: Set, Amount: 250 * sec},
		{Kind: Adjust, At: 20 * sec, Side: Black, Op: Set, Amount: 280 * sec},
		{Kind: Resume, At: 30 * sec},
	} {
		if err := c.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	w, _ := c.Remaining(White, 40*sec)
	b, _ := c.Remaining(Black, 40*sec)
	if w != 250*sec || b != 270*sec {
		t.Fatalf("white %v black %v", w, b)
	}
}

func TestLaws1997_6_12_Pause(t *testing.T) {
	c, _ := Fold(mustControl(t, "300"), []Event{{Kind: Start}, {Kind: Pause, At: 10 * sec}})
	if _, _, ok := c.FlagFall(); ok {
		t.Fatal("a paused clock has a flag instant")
	}
	r, _ := c.Reading(White, time.Hour)
	if r.Remaining != 290*sec || r.Running {
		t.Fatalf("paused: %+v", r)
	}
	_ = c.Apply(Event{Kind: Resume, At: time.Hour})
	if _, at, _ := c.FlagFall(); at != time.Hour+290*sec {
		t.Fatalf("flag at %v", at)
	}
}

func TestLaws1997_6_13_AdjustAfterIrregularity(t *testing.T) {
	// An illegal move by White found after Black's reply was started: the
	// move is retracted and the arbiter sets the times by judgement.
	c, _ := Fold(mustControl(t, "300+5"), plies(0, 20*sec))
	for _, e := range []Event{
		{Kind: Pause, At: 25 * sec},
		{Kind: Retract, At: 25 * sec},
		{Kind: Adjust, At: 25 * sec, Side: White, Op: Set, Amount: 285 * sec},
		{Kind: Adjust, At: 25 * sec, Side: Black, Op: Add, Amount: 2 * mn},
		{Kind: Resume, At: 30 * sec},
	} {
		if err := c.Apply(e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
	w, _ := c.Reading(White, 35*sec)
	b, _ := c.Reading(Black, 35*sec)
	if c.Turn() != White || !w.Running || w.Remaining != 280*sec || w.Moves != 0 || b.Remaining != 300*sec+2*mn-5*sec {
		t.Fatalf("white %+v black %+v", w, b)
	}
}

func TestLaws2023_6_1_SideOnMoveClockStarts(t *testing.T) {
	// A game from a set-up position with Black to move: Black's clock runs
	// from the start, White's after Black's first press; a press by the
	// side not on move is refused.
	tc := mustControl(t, "300")
	c, err := Fold(tc, []Event{{Kind: Start, Side: Black}, {Kind: Press, Side: Black, At: 5 * sec}})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := c.Reading(White, 65*sec)
	b, _ := c.Reading(Black, 65*sec)
	if !w.Running || b.Running || w.Remaining != 240*sec || b.Remaining != 295*sec || c.MovesMade(Black) != 1 {
		t.Fatalf("white %+v black %+v", w, b)
	}
	if _, err := Fold(tc, []Event{{Kind: Start, Side: Black}, {Kind: Press, Side: White, At: sec}}); err == nil {
		t.Fatal("white pressed while black was on move")
	}
	if _, err := Fold(tc, []Event{{Kind: Start, Side: 2}}); err == nil {
		t.Fatal("a start for no side was accepted")
	}
}
