package app

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// TestPenaltyChange: the clocks service's mapping of the arbiter's orders
// to clock events — two minutes to the opponent as clock.time_adjusted, the
// increment introduced as clock.control_changed at the instant it is
// carried out, a warning as nothing.
func TestPenaltyChange(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 19, 0, 0, 0, time.UTC)
	rec := func(seq uint64, at time.Time, e events.Event) gamelog.Recorded {
		return gamelog.Recorded{Envelope: events.Envelope{Seq: seq, RecordedAt: at}, Event: e}
	}
	recs := []gamelog.Recorded{
		rec(1, t0, events.GameCreated{White: "w", Black: "b", TimeControl: "110"}),
		rec(2, t0, events.ClockStarted{At: t0, TimeControl: "110", WhiteMs: 110000, BlackMs: 110000}),
	}
	penalty := func(kind string, amount int64) events.Envelope {
		env, err := events.Build(events.Game("g"), events.WriterArbiter, events.Head{}, "k", events.Meta{RecordedAt: t0.Add(time.Second)},
			events.PenaltyImposed{Side: events.White, Kind: kind, AmountMs: amount, Article: "III.4", Reason: "increment requested"})
		if err != nil {
			t.Fatal(err)
		}
		return env[0]
	}
	at := t0.Add(3 * time.Second)
	tests := []struct {
		name string
		p    events.Envelope
		want []events.Event
	}{
		{"two minutes", penalty("time_added_to_opponent", 120000), []events.Event{events.TimeAdjusted{Side: events.Black, DeltaMs: 120000, Reason: "increment requested", Article: "III.4"}}},
		{"increment", penalty(domain.IncrementIntroduced, 5000), []events.Event{events.ControlChanged{At: at, TimeControl: "110+5", Reason: "increment requested", Article: "III.4"}}},
		{"warning", penalty("warning", 0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PenaltyChange(recs, tt.p, at)
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
