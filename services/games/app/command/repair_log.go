package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// RepairLog is the arbiter's repair of a game's damaged log: the messages
// set aside since the last good event (app.Damaged) are voided by a
// game.log_repaired chained on that event, with the arbiter's reason,
// and play continues from it.
type RepairLog struct {
	GameID string
	Reason string
	Meta   app.Meta
}

// RepairLogHandler handles RepairLog.
type RepairLogHandler struct{ *Decider }

// Handle records the repair; a game whose log is not damaged is refused
// (409 log_intact), unless the repair with this key is in its log (then
// it is answered again, repeated).
func (h RepairLogHandler) Handle(ctx context.Context, c RepairLog) (Outcome, error) {
	if c.Meta.IdempotencyKey == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
	}
	if strings.TrimSpace(c.Reason) == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "reason: missing (why the messages are voided)"}
	}
	meta := c.Meta
	meta.IdempotencyKey = app.ScopedKey(c.GameID, meta.Actor, meta.IdempotencyKey)
	defer h.Forget(c.GameID)
	for attempt := 1; ; attempt++ {
		recs, head, err := h.Store.Load(ctx, c.GameID)
		var d *app.Damaged
		if !errors.As(err, &d) {
			if err != nil {
				return Outcome{}, fmt.Errorf("loading game %s: %w", c.GameID, err)
			}
			return h.intact(c.GameID, recs, head, meta.IdempotencyKey)
		}
		if g, err := app.Fold(d.Recs); err != nil || !g.Exists() {
			return Outcome{}, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("game %q not found", c.GameID)}
		}
		meta.RecordedAt = h.stamp(d.Recs)
		ev := events.LogRepaired{Voided: d.Damage.Voided, Found: d.Damage.Reason, Reason: c.Reason}
		written, _, err := h.Store.Append(ctx, c.GameID, d.Head, meta, []events.Event{ev})
		if errors.Is(err, app.ErrConflict) && attempt < max(h.Retries, 1) {
			continue // another message arrived: void it too
		}
		if err != nil {
			return Outcome{}, fmt.Errorf("appending to game %s: %w", c.GameID, err)
		}
		return Outcome{ID: c.GameID, Events: written, Version: written[len(written)-1].Envelope.Seq}, nil
	}
}

// intact answers a repair of a log that is not damaged.
func (h RepairLogHandler) intact(id string, recs []app.Recorded, head events.Head, key string) (Outcome, error) {
	done, err := decide.WithKey(recs, key)
	if err != nil {
		return Outcome{}, err
	}
	if len(done) > 0 {
		return Outcome{ID: id, Events: done, Version: head.Version, Repeated: true}, nil
	}
	if g, err := app.Fold(recs); err != nil || !g.Exists() {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("game %q not found", id)}
	}
	return Outcome{}, &refusal.Refusal{Kind: refusal.ErrLogIntact, Reason: fmt.Sprintf("the log of game %s is not damaged: nothing to repair", id)}
}

// stamp is the repair's instant: now, never before the last good event.
func (h RepairLogHandler) stamp(recs []app.Recorded) time.Time {
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	at := now().UTC()
	if n := len(recs); n > 0 && at.Before(recs[n-1].Envelope.RecordedAt) {
		at = recs[n-1].Envelope.RecordedAt
	}
	return at
}
