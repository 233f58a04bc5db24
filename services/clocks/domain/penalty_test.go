package domain

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
)

// TestPenaltyChange: the clocks service's mapping (the one the audit
// re-decides with) of the arbiter's orders
// to clock events — two minutes to the opponent as clock.time_adjusted, the
// increment introduced as clock.control_changed at the instant it is
// carried out, a warning as nothing.
func TestPenaltyChange(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 19, 0, 0, 0, time.UTC)
	penalty := func(kind events.Penalty, amount int64) *events.PenaltyImposed {
		return &events.PenaltyImposed{Side: events.White, Kind: kind, AmountMs: amount, Article: "III.4", Reason: "increment requested"}
	}
	at := t0.Add(3 * time.Second)
	tests := []struct {
		name string
		p    *events.PenaltyImposed
		want []events.Event
	}{
		{"two minutes", penalty("time_added_to_opponent", 120000), []events.Event{events.TimeAdjusted{Side: events.Black, DeltaMs: 120000, Reason: "increment requested", Article: "III.4"}}},
		{"increment", penalty(events.PenaltyIncrementIntroduced, 5000), []events.Event{events.ControlChanged{At: at, TimeControl: "110+5", Reason: "increment requested", Article: "III.4"}}},
		{"warning", penalty("warning", 0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timer := &gameclock.Timer{}
			for _, e := range []events.Event{
				events.GameCreated{White: "w", Black: "b", TimeControl: "110"},
				events.ClockStarted{At: t0, TimeControl: "110", WhiteMs: 110000, BlackMs: 110000},
			} {
				if err := timer.Apply(t0, e); err != nil {
					t.Fatal(err)
				}
			}
			got, err := PenaltyChange(timer, tt.p, at)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %+v, want %+v", got[i], tt.want[i])
				}
			}
		})
	}
}
