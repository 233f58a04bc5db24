package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// Repair is the arbiter's repair of a tournament's damaged log, as a
// game's (games' RepairLog): the messages set aside since the last good
// event are voided by a tournament.log_repaired chained on that event,
// signed by the pairing service, with the arbiter's reason; the desk
// works on from it. A log that is not damaged is refused (409
// log_intact), unless the repair with this key is in it (answered again,
// repeated).
func (p *Pairing) Repair(ctx context.Context, id, reason string, meta events.Meta, key string) (Outcome, error) {
	if key == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
	}
	if strings.TrimSpace(reason) == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "reason: missing (why the messages are voided)"}
	}
	agg := events.Tournament(id)
	if err := agg.Check(); err != nil {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "id: " + err.Error()}
	}
	key = "tournament/" + id + "/" + meta.Actor.Role + ":" + meta.Actor.ID + "/" + key
	for attempt := 1; ; attempt++ {
		good, head, damage, err := p.Store.LoadTolerant(ctx, agg)
		if err != nil {
			return Outcome{}, err
		}
		if len(good) == 0 || good[0].Type != (events.TournamentCreated{}).EventType() {
			return Outcome{}, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("tournament %q not found", id)}
		}
		if damage == nil {
			var done []events.Envelope
			for _, e := range good {
				same, err := refusal.SameCommand(e.IdempotencyKey, key)
				if err != nil {
					return Outcome{}, err
				}
				if same {
					done = append(done, e)
				}
			}
			if len(done) > 0 {
				return Outcome{TournamentID: id, Events: done, Version: head.Version, Repeated: true}, nil
			}
			return Outcome{}, &refusal.Refusal{Kind: refusal.ErrLogIntact, Reason: fmt.Sprintf("the log of tournament %s is not damaged: nothing to repair", id)}
		}
		// the repair's instant: now, never before the last good event
		meta.RecordedAt = time.Now().UTC()
		if last := good[len(good)-1].RecordedAt; meta.RecordedAt.Before(last) {
			meta.RecordedAt = last
		}
		ev := events.TournamentLogRepaired{Voided: damage.Voided, Found: damage.Reason, Reason: reason}
		written, newHead, err := p.Store.Append(ctx, agg, events.WriterPairing, head, key, meta, ev)
		if errors.Is(err, eventstore.ErrConflict) && attempt < max(p.Retries, 1) {
			continue // another message arrived: void it too
		}
		if err != nil {
			return Outcome{}, err
		}
		return Outcome{TournamentID: id, Events: written, Version: newHead.Version}, nil
	}
}
