package app

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// PenaltyAdjustment is the clock change ApplyPenalty makes for the penalty
// (an arbiter.penalty_imposed envelope) on the game recorded as recs (its
// events before the change): it runs ApplyPenalty itself on recs held in
// memory and returns the events it would append, none for a penalty that
// changes no clock. The audit calls it to re-decide a recorded
// clock.time_adjusted with the clocks service's own mapping.
func PenaltyAdjustment(recs []gamelog.Recorded, penalty events.Envelope) ([]events.Event, error) {
	return PenaltyChange(recs, penalty, penalty.RecordedAt)
}

// PenaltyChange is PenaltyAdjustment decided at instant at (the recorded
// instant of the change): a clock.control_changed carries the instant it
// takes effect, which is when the clocks service carried the order out.
func PenaltyChange(recs []gamelog.Recorded, penalty events.Envelope, at time.Time) ([]events.Event, error) {
	s := &heldLog{recs: recs}
	c := &Clocks{Store: s, Now: func() time.Time { return at }}
	if _, err := c.ApplyPenalty(context.Background(), penalty); err != nil {
		return nil, err
	}
	return s.appended, nil
}

// heldLog is a game's recorded events held in memory: it answers Load with
// them and keeps what would be appended instead of writing it.
type heldLog struct {
	recs     []gamelog.Recorded
	appended []events.Event
}

// Load returns the held events and the head of the last one.
func (h *heldLog) Load(context.Context, string) ([]gamelog.Recorded, events.Head, error) {
	var head events.Head
	if n := len(h.recs); n > 0 {
		e := h.recs[n-1].Envelope
		head = events.Head{Version: e.Seq, Seq: e.Seq, Hash: e.Hash}
	}
	return h.recs, head, nil
}

// Append keeps evs and writes nothing.
func (h *heldLog) Append(_ context.Context, _ string, expected events.Head, meta gamelog.Meta, evs []events.Event) ([]gamelog.Recorded, events.Head, error) {
	h.appended = append(h.appended, evs...)
	out := make([]gamelog.Recorded, len(evs))
	for i, e := range evs {
		out[i] = gamelog.Recorded{Envelope: events.Envelope{Seq: expected.Seq + uint64(i) + 1, RecordedAt: meta.RecordedAt}, Event: e}
	}
	return out, expected, nil
}
