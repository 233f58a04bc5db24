package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// Repair is the arbiter's repair of a tournament's damaged log, as a
// game's (games' RepairLog): the messages set aside since the last good
// event are voided by a tournament.log_repaired chained on that event,
// signed by the pairing service, with the arbiter's reason; the desk
// works on from it. A log that is not damaged is refused (409
// log_intact), unless the repair with this key is in it (answered again,
// repeated). It runs through the decide loop on the log read message by
// message (damagedLog), deciding on its good events.
func (p *Pairing) Repair(ctx context.Context, id, reason string, meta events.Meta, key string) (Outcome, error) {
	if key != "" && strings.TrimSpace(reason) == "" { // a missing key is the loop's refusal, and the first
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "reason: missing (why the messages are voided)"}
	}
	log := &damagedLog{TournamentLog: boards.TournamentLog{Store: p.Store, Writer: events.WriterPairing}}
	d := &decide.Decider[goodEvents, *goodEvents]{Config: decide.Config{Store: log, Retries: p.Retries, Log: p.Log, Metrics: p.Metrics},
		Service: "pairing", Invalid: domain.ErrInvalid, Scope: boards.ScopedKey, CheckID: checkID, IDField: wiring.TournamentID}
	// another message arriving before the append conflicts: it is decided
	// again, and voids that one too
	return answer(d.Handle(ctx, id, command("repair_log", meta, key), func(g *goodEvents, _ time.Time) ([]events.Event, error) {
		if !g.created() {
			return nil, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("tournament %q not found", id)}
		}
		if log.damage == nil {
			return nil, &refusal.Refusal{Kind: refusal.ErrLogIntact, Reason: fmt.Sprintf("the log of tournament %s is not damaged: nothing to repair", id)}
		}
		return []events.Event{events.TournamentLogRepaired{Voided: log.damage.Voided, Found: log.damage.Reason, Reason: reason}}, nil
	}))
}

// damagedLog is the tournament's log as the repair reads it: message by
// message (boards.TournamentLog.LoadDamaged), its good events, and the
// damage of the last read (nil when none).
type damagedLog struct {
	boards.TournamentLog
	damage *eventstore.Damage
}

// Load reads the good events and keeps the damage (decide.Store).
func (l *damagedLog) Load(ctx context.Context, id string) ([]decide.Recorded, events.Head, error) {
	recs, head, damage, err := l.LoadDamaged(ctx, id)
	l.damage = damage
	return recs, head, err
}

// goodEvents is what a repair decides on: the type of the log's first
// good event (a tournament's is its creation, or its import from a
// report file).
type goodEvents struct{ first string }

// created tells whether the log starts as a tournament's does.
func (g *goodEvents) created() bool {
	return g.first == (events.TournamentCreated{}).EventType() || g.first == (events.TournamentImported{}).EventType()
}

// Evolve notes the first event's type (decide.State).
func (g *goodEvents) Evolve(env *events.Envelope, _ events.Event) error {
	if g.first == "" {
		g.first = env.Type
	}
	return nil
}
