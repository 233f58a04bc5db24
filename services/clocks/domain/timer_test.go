package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
)

var t0 = time.Date(2026, 11, 29, 16, 0, 0, 0, time.UTC)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// fold applies (instant, event) pairs.
func fold(t *testing.T, evs ...any) *gameclock.Timer {
	t.Helper()
	tm := &gameclock.Timer{}
	for i := 0; i < len(evs); i += 2 {
		if err := tm.Apply(evs[i].(time.Time), evs[i+1].(events.Event)); err != nil {
			t.Fatalf("event %d: %v", i/2, err)
		}
	}
	return tm
}

func created(tc string) events.GameCreated {
	return events.GameCreated{White: "w", Black: "b", TimeControl: tc}
}

func TestStart(t *testing.T) {
	tests := []struct {
		name string
		tm   *gameclock.Timer
		kind error
	}{
		{"no game", &gameclock.Timer{}, gameclock.ErrNotFound},
		{"untimed", fold(t, t0, created("")), gameclock.ErrUntimed},
		{"untimed dash", fold(t, t0, created("-")), gameclock.ErrUntimed},
		{"after a move", fold(t, t0, created("60"), t0, events.MovePlayed{Ply: 1, By: events.White, At: t0}), gameclock.ErrState},
		{"twice", fold(t, t0, created("60"), t0, events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}), gameclock.ErrState},
		{"over", fold(t, t0, created("60"), t0, events.GameEnded{Result: "1-0"}), gameclock.ErrState},
		{"ok", fold(t, t0, created("60+1")), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := Start(tt.tm, t0)
			if tt.kind != nil {
				if !errors.Is(err, tt.kind) {
					t.Fatalf("err %v, want %v", err, tt.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := events.ClockStarted{At: t0, TimeControl: "60+1", WhiteMs: 60000, BlackMs: 60000}
			if evs[0] != want {
				t.Errorf("got %+v, want %+v", evs[0], want)
			}
		})
	}
}

// TestFlagInstants: the flag instant is computed from the recorded
// instants, whatever "now" the check is made at.
func TestFlagInstants(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "10+2", WhiteMs: 10000, BlackMs: 10000}
	tests := []struct {
		name     string
		tm       *gameclock.Timer
		side     events.Color
		deadline time.Time
	}{
		{"white never moves", fold(t, t0, created("10+2"), t0, start), events.White, t0.Add(10 * time.Second)},
		{"black after white's move with increment", fold(t, t0, created("10+2"), t0, start,
			t0.Add(ms(3500)), events.MovePlayed{Ply: 1, By: events.White, At: t0.Add(ms(3500))}), events.Black, t0.Add(ms(13500))},
		{"white again: 10 - 3.5 + 2 left", fold(t, t0, created("10+2"), t0, start,
			t0.Add(ms(3500)), events.MovePlayed{Ply: 1, By: events.White, At: t0.Add(ms(3500))},
			t0.Add(ms(4000)), events.MovePlayed{Ply: 2, By: events.Black, At: t0.Add(ms(4000))}), events.White, t0.Add(ms(4000 + 8500))},
		{"a pause holds the clock", fold(t, t0, created("10+2"), t0, start,
			t0.Add(ms(1000)), events.ClockPaused{At: t0.Add(ms(1000))},
			t0.Add(ms(61000)), events.ClockResumed{At: t0.Add(ms(61000))}), events.White, t0.Add(ms(70000))},
		{"time added by the arbiter", fold(t, t0, created("10+2"), t0, start,
			t0.Add(ms(1000)), events.TimeAdjusted{Side: events.White, DeltaMs: 5000}), events.White, t0.Add(ms(15000))},
		{"a handicap start", fold(t, t0, created("10+2"), t0, events.ClockStarted{At: t0, TimeControl: "10+2", WhiteMs: 4000, BlackMs: 10000}), events.White, t0.Add(ms(4000))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := tt.tm.Deadline()
			if !ok || !d.Equal(tt.deadline) {
				t.Fatalf("deadline %v %v, want %v", d, ok, tt.deadline)
			}
			if evs := CheckFlag(tt.tm, d.Add(-time.Nanosecond)); evs != nil {
				t.Fatalf("flag before its instant: %v", evs)
			}
			for _, now := range []time.Time{d, d.Add(time.Hour)} {
				evs := CheckFlag(tt.tm, now)
				if len(evs) != 1 {
					t.Fatalf("no flag at %v", now)
				}
				f := evs[0].(events.FlagFell)
				if f.Side != tt.side || !f.At.Equal(tt.deadline) {
					t.Fatalf("checked at %v: %+v, want %s at %v", now, f, tt.side, tt.deadline)
				}
			}
			side := clock.White
			if tt.side == events.Black {
				side = clock.Black
			}
			if _, down := tt.tm.FlagDown(side, d.Add(-time.Nanosecond)); down {
				t.Error("flag down before its instant")
			}
			if at, down := tt.tm.FlagDown(side, d); !down || !at.Equal(d) {
				t.Errorf("FlagDown at the instant: %v %v", at, down)
			}
		})
	}
}

func TestRecordedFlagAndEnd(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "10", WhiteMs: 10000, BlackMs: 10000}
	tm := fold(t, t0, created("10"), t0, start, t0.Add(ms(10000)), events.FlagFell{Side: events.White, At: t0.Add(ms(10000))})
	if _, ok := tm.Deadline(); ok {
		t.Error("a recorded flag is still a deadline")
	}
	if evs := CheckFlag(tm, t0.Add(time.Hour)); evs != nil {
		t.Errorf("recorded twice: %v", evs)
	}
	tm = fold(t, t0, created("10"), t0, start, t0.Add(ms(5000)), events.GameEnded{Result: "0-1", Termination: "resignation"})
	if _, ok := tm.Deadline(); ok {
		t.Error("a finished game has a deadline")
	}
}

func TestFoldRejects(t *testing.T) {
	tests := []struct {
		name string
		evs  []any
	}{
		{"start without control", []any{t0, created(""), t0, events.ClockStarted{At: t0}}},
		{"start with another control", []any{t0, created("60"), t0, events.ClockStarted{At: t0, TimeControl: "30", WhiteMs: 30000, BlackMs: 30000}}},
		{"time going back", []any{t0, created("60"), t0, events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000},
			t0, events.MovePlayed{Ply: 1, By: events.White, At: t0.Add(-time.Second)}}},
		{"wrong side pressing", []any{t0, created("60"), t0, events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000},
			t0, events.MovePlayed{Ply: 1, By: events.Black, At: t0.Add(time.Second)}}},
		{"bad control", []any{t0, created("sixty")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm := &gameclock.Timer{}
			var err error
			for i := 0; i < len(tt.evs) && err == nil; i += 2 {
				err = tm.Apply(tt.evs[i].(time.Time), tt.evs[i+1].(events.Event))
			}
			if err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// TestDrawClaimStopsTheClock: a claim stops both clocks at its instant (1997
// 9.4, 2023 9.5.1); the ruling restarts them at its instant when the game
// goes on (the penalty follows as an adjustment), and a correct claim ends
// the game with no flag fall however long the ruling took.
func TestDrawClaimStopsTheClock(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}
	claimAt := t0.Add(10 * time.Second) // White claims with 50 s left
	ruledAt := claimAt.Add(5 * time.Minute)
	claim := events.DrawClaimed{By: events.White, Reason: "threefold_repetition"}
	tests := []struct {
		name      string
		ruling    []any
		deadline  bool          // a flag fall is to be watched after the events
		white     time.Duration // White's time at ruledAt+20 s
		flagLater bool          // a flag fall is recorded at ruledAt+20 s
	}{
		{"pending", nil, false, ms(50000), false},
		{"incorrect", []any{
			ruledAt, events.RulingGiven{Matter: "draw_claim", Decision: "game_continues", Penalty: "time_deducted"},
			ruledAt, events.TimeAdjusted{Side: events.White, DeltaMs: -25000},
		}, true, ms(5000), false},
		{"incorrect, later the flag", []any{
			ruledAt, events.RulingGiven{Matter: "draw_claim", Decision: "game_continues"},
			ruledAt, events.TimeAdjusted{Side: events.White, DeltaMs: -45000},
		}, true, 0, true},
		{"correct", []any{
			ruledAt, events.RulingGiven{Matter: "draw_claim", Decision: "draw"},
			ruledAt, events.GameEnded{Result: "1/2-1/2"},
		}, false, ms(50000), false},
		{"another matter", []any{
			ruledAt, events.RulingGiven{Matter: "illegal_move", Decision: "game_continues"},
		}, false, ms(50000), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs := append([]any{t0, created("60"), t0, start, claimAt, claim}, tt.ruling...)
			tm := fold(t, evs...)
			later := ruledAt.Add(20 * time.Second)
			if _, ok := tm.Deadline(); ok != tt.deadline {
				t.Errorf("deadline watched %v, want %v", ok, tt.deadline)
			}
			if got := CheckFlag(tm, later); (len(got) > 0) != tt.flagLater {
				t.Errorf("flag at ruling+20s: %v, want a fall %v", got, tt.flagLater)
			}
			w, b, err := tm.Reading(later)
			if err != nil {
				t.Fatal(err)
			}
			if w.Remaining != tt.white || b.Remaining != ms(60000) {
				t.Errorf("at ruling+20s: white %v black %v, want %v and 1m0s", w.Remaining, b.Remaining, tt.white)
			}
			if tm.ClaimPending() != (tt.name == "pending" || tt.name == "another matter") {
				t.Errorf("claim pending %v", tm.ClaimPending())
			}
		})
	}
}

// TestDrawClaimWhilePaused: a claim made while the arbiter had paused the
// clocks leaves them to the arbiter; an arbiter's resume during a claim
// stopping the clock is refused (the ruling restarts it).
func TestDrawClaimWhilePaused(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}
	claim := events.DrawClaimed{By: events.White, Reason: "fifty_moves"}
	at := t0.Add(10 * time.Second)
	tm := fold(t, t0, created("60"), t0, start, at, claim)
	if _, err := Resume(tm, at.Add(time.Second)); !errors.Is(err, gameclock.ErrState) {
		t.Errorf("resume during a claim: %v, want a refusal", err)
	}
	tm = fold(t, t0, created("60"), t0, start, at, events.ClockPaused{At: at}, at, claim,
		at.Add(time.Minute), events.RulingGiven{Matter: "draw_claim", Decision: "game_continues"})
	if !tm.Clock().Paused() {
		t.Error("the ruling restarted clocks the arbiter had paused")
	}
	if _, err := Resume(tm, at.Add(2*time.Minute)); err != nil {
		t.Errorf("arbiter's resume after the ruling: %v", err)
	}
}

// An arbiter who pauses the clocks while a claim has stopped them holds
// them: the ruling does not restart them, the arbiter's resume does.
func TestPauseDuringAClaim(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}
	claim := events.DrawClaimed{By: events.White, Reason: "threefold_repetition"}
	at := t0.Add(10 * time.Second)
	tm := fold(t, t0, created("60"), t0, start, at, claim)
	evs, err := Pause(tm, at.Add(time.Second), "claim under examination")
	if err != nil || len(evs) != 1 {
		t.Fatalf("pause during a claim: %v %v, want one clock.paused", evs, err)
	}
	tm = fold(t, t0, created("60"), t0, start, at, claim, at.Add(time.Second), evs[0],
		at.Add(time.Minute), events.RulingGiven{Matter: "draw_claim", Decision: "game_continues"})
	if !tm.Clock().Paused() {
		t.Error("the ruling restarted clocks the arbiter had paused")
	}
	if _, ok := tm.Deadline(); ok {
		t.Error("a flag deadline while the arbiter holds the clocks")
	}
	if _, err := Pause(tm, at.Add(2*time.Minute), "again"); !errors.Is(err, gameclock.ErrState) {
		t.Errorf("second pause: %v, want a refusal", err)
	}
	if _, err := Resume(tm, at.Add(2*time.Minute)); err != nil {
		t.Errorf("arbiter's resume after the ruling: %v", err)
	}
}

// An arbiter's pause states its reason, and a time adjustment its reason
// and article, or they are refused with what is missing; nothing else
// about the clock decides it.
func TestHandCommandsCiteTheirGrounds(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}
	at := t0.Add(10 * time.Second)
	tm := fold(t, t0, created("60"), t0, start)
	for _, reason := range []string{"", "  "} {
		_, err := Pause(tm, at, reason)
		var ref *Refusal
		if !errors.As(err, &ref) || !errors.Is(err, gameclock.ErrInvalid) || !strings.HasPrefix(ref.Reason, "reason: missing") {
			t.Errorf("pause with reason %q: %v", reason, err)
		}
	}
	if evs, err := Pause(tm, at, " a phone rang "); err != nil || evs[0] != (events.ClockPaused{At: at, Reason: "a phone rang"}) {
		t.Errorf("pause: %v %v", evs, err)
	}
	for _, c := range []struct{ reason, article, says string }{
		{"", "", "reason and article: missing"},
		{"disturbance", "", "article: missing"},
		{"", "6.10.2", "reason: missing"},
		{" ", " ", "reason and article: missing"},
	} {
		_, err := Adjust(tm, at, events.White, time.Second, c.reason, c.article)
		var ref *Refusal
		if !errors.As(err, &ref) || !errors.Is(err, gameclock.ErrInvalid) || !strings.HasPrefix(ref.Reason, c.says) {
			t.Errorf("adjust with reason %q, article %q: %v, want %q", c.reason, c.article, err, c.says)
		}
	}
	evs, err := Adjust(tm, at, events.White, time.Second, "disturbance", "6.10.2")
	if err != nil || evs[0] != (events.TimeAdjusted{Side: events.White, DeltaMs: 1000, Reason: "disturbance", Article: "6.10.2"}) {
		t.Errorf("adjust: %v %v", evs, err)
	}
}

// An annulled game's clock stops at the annulment: no flag falls in it and
// the arbiter's clock commands are refused as in a finished game.
func TestAnnulmentStopsTheClock(t *testing.T) {
	start := events.ClockStarted{At: t0, TimeControl: "60", WhiteMs: 60000, BlackMs: 60000}
	at := t0.Add(10 * time.Second)
	running := fold(t, t0, created("60"), t0, start)
	if _, ok := running.Deadline(); !ok || running.Finished() {
		t.Fatal("a running clock without a deadline")
	}
	for _, ann := range []events.Event{events.GameAnnulled{Reason: "rooks swapped", Article: "7.2.1"}, &events.GameAnnulled{Reason: "rooks swapped"}} {
		tm := fold(t, t0, created("60"), t0, start, at, ann)
		if _, ok := tm.Deadline(); ok || !tm.Finished() || !tm.Clock().Stopped() {
			t.Errorf("%T: the clock runs on after the annulment", ann)
		}
		if evs := CheckFlag(tm, t0.Add(time.Hour)); len(evs) != 0 {
			t.Errorf("%T: flag in an annulled game: %v", ann, evs)
		}
		w, _, err := tm.Reading(t0.Add(time.Hour))
		if err != nil || w.Remaining != 50*time.Second {
			t.Errorf("%T: white's clock an hour later: %v %v, want 50 s left", ann, w.Remaining, err)
		}
		if _, err := Pause(tm, at.Add(time.Second), "x"); !errors.Is(err, gameclock.ErrState) {
			t.Errorf("%T: pause in an annulled game: %v", ann, err)
		}
	}
}
