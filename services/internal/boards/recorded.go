package boards

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// ErrNotInLog is the kind of refusal of an event delivered on a
// tournament's subject that its log does not hold as a good event (one
// that decodes, chains and carries its writer's signature): a message
// published by hand, which no service acts on.
var ErrNotInLog = fmt.Errorf("not in the log")

// Recorded folds into t the good events of tournament id's log up to the
// event e, which must be one of them (a refusal of kind ErrNotInLog
// otherwise). A log damaged after e (a message published by hand later,
// quarantined until the arbiter repairs it) is read message by message
// (eventstore.Store.LoadTolerant): what was recorded before the damage
// stands, so a round paired before it still gets its games.
func Recorded(ctx context.Context, store *eventstore.Store, e events.Envelope, t *tournament.Tournament) error {
	envs, _, err := LoadEvents(ctx, store, e.Aggregate.ID)
	if err != nil && ctx.Err() == nil {
		var terr error
		if envs, _, _, terr = store.LoadTolerant(ctx, e.Aggregate); terr != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	for i := range envs {
		g := &envs[i]
		if !events.AboutTheLog(g.Type) {
			ev, err := events.Decode(*g)
			if err != nil {
				return err
			}
			if err := t.Evolve(g, ev); err != nil {
				return fmt.Errorf("tournament %s event %d: %w", e.Aggregate.ID, g.Seq, err)
			}
		}
		if g.ID == e.ID && g.Hash == e.Hash && g.Seq == e.Seq {
			return nil
		}
	}
	return &refusal.Refusal{Kind: ErrNotInLog, Reason: fmt.Sprintf("event %s (%s, seq %d) is not an event of the log of %s", e.ID, e.Type, e.Seq, e.Aggregate)}
}
