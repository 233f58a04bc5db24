package app

import (
	"context"
	"errors"
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
// log_intact; 404 when there is no tournament and nothing on its
// subject), unless the repair with this key is in it (answered again,
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
		if log.damage == nil {
			if !g.created() {
				return nil, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("tournament %q not found", id)}
			}
			return nil, &refusal.Refusal{Kind: refusal.ErrLogIntact, Reason: fmt.Sprintf("the log of tournament %s is not damaged: nothing to repair", id)}
		}
		// a tournament not created yet whose subject holds only set-aside
		// messages is repaired all the same (at version 0)
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
// good event but a repair (a tournament's is its creation, or its import from a
// report file).
type goodEvents struct{ first string }

// created tells whether the log starts as a tournament's does.
func (g *goodEvents) created() bool {
	return g.first == (events.TournamentCreated{}).EventType() || g.first == (events.TournamentImported{}).EventType()
}

// Evolve notes the first event's type, a repair aside (decide.State).
func (g *goodEvents) Evolve(env *events.Envelope, _ events.Event) error {
	if g.first == "" && !events.IsRepair(env.Type) {
		g.first = env.Type
	}
	return nil
}

// createOver runs a command that creates tournament id (its creation, its
// import). When the tournament's subject holds messages set aside
// (published by hand before it was created: 409 log_damaged) it is
// decided again on the log's good events (damagedLog): a tournament that
// exists is refused as ever, and one that does not is created over them,
// its command a signed tournament.log_repaired voiding every one, naming
// what was found, then the creation; the audit reports the repair (the
// choice a chief arbiter expects: nothing of the tournament is in them,
// and the record says what was voided, by whose command).
func (p *Pairing) createOver(ctx context.Context, name, id string, meta events.Meta, key string,
	decision func(t *domain.Tournament) ([]events.Event, error)) (Outcome, error) {
	o, err := p.decide(ctx, name, id, meta, key, decision)
	if !errors.Is(err, refusal.ErrLogDamaged) {
		return o, err
	}
	log := &damagedLog{TournamentLog: boards.TournamentLog{Store: p.Store, Writer: events.WriterPairing}}
	return answer(p.decider(log).Handle(ctx, id, command(name, meta, key), func(t *domain.Tournament, _ time.Time) ([]events.Event, error) {
		evs, err := decision(t)
		if err != nil || log.damage == nil {
			return evs, err
		}
		void := events.TournamentLogRepaired{Voided: log.damage.Voided, Found: log.damage.Reason,
			Reason: fmt.Sprintf("voided at the creation of tournament %s: %d message(s) on its subject before it was created", id, len(log.damage.Voided))}
		return append([]events.Event{void}, evs...), nil
	}))
}
