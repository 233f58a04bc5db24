package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// RepairLog is the arbiter's repair of a game's damaged log: the messages
// set aside since the last good event (gamelog.Damaged) are voided by a
// game.log_repaired chained on that event, with the arbiter's reason,
// and play continues from it.
type RepairLog struct {
	GameID string
	Reason string
	Meta   gamelog.Meta
}

// RepairLogHandler handles RepairLog.
type RepairLogHandler struct{ *Decider }

// Handle records the repair; a game whose log is not damaged is refused
// (409 log_intact; 404 when there is no game and nothing on its
// subjects), unless the repair with this key is in its log (then
// it is answered again, repeated). It runs through the decide loop on the
// game's good events (damagedLog); another message arriving before the
// append conflicts, and the repair is decided again to void it too.
func (h RepairLogHandler) Handle(ctx context.Context, c RepairLog) (decide.Outcome, error) {
	if c.Meta.IdempotencyKey != "" && strings.TrimSpace(c.Reason) == "" { // a missing key is the loop's refusal, and the first
		return decide.Outcome{}, &domain.Refusal{Kind: refusal.ErrInvalid, Reason: "reason: missing (why the messages are voided)"}
	}
	defer h.Forget(c.GameID) // the games' decider caches the game: the repair is appended past it
	log := &damagedLog{Store: h.Store}
	config := h.Config
	config.Store, config.Cache = log, 0
	d := &decide.Decider[goodEvents, *goodEvents]{Config: config, Service: h.Service, Invalid: h.Invalid}
	return d.Handle(ctx, c.GameID, decide.Command{Name: "repair_log", Meta: c.Meta}, func(g *goodEvents, _ time.Time) ([]events.Event, error) {
		if log.damage == nil {
			if game, err := decide.Fold[domain.Game](g.recs); err != nil || !game.Exists() {
				return nil, &domain.Refusal{Kind: refusal.ErrGameNotFound, Reason: fmt.Sprintf("game %q not found", c.GameID)}
			}
			return nil, &refusal.Refusal{Kind: refusal.ErrLogIntact, Reason: fmt.Sprintf("the log of game %s is not damaged: nothing to repair", c.GameID)}
		}
		// a game not created yet whose subjects hold only set-aside
		// messages is repaired all the same (at version 0): its creation
		// then reads a sound log
		return []events.Event{events.LogRepaired{Voided: log.damage.Voided, Found: log.damage.Reason, Reason: c.Reason}}, nil
	})
}

// damagedLog is a game's log as the repair reads it: a damaged log
// (gamelog.Damaged) as its good events and the head they are repaired on,
// and the damage of the last read (nil when none).
type damagedLog struct {
	decide.Store
	damage *eventstore.Damage
}

// Load reads the game's good events and keeps the damage (decide.Store).
func (l *damagedLog) Load(ctx context.Context, id string) ([]gamelog.Recorded, events.Head, error) {
	recs, head, err := l.Store.Load(ctx, id)
	var d *gamelog.Damaged
	if errors.As(err, &d) {
		recs, head, err = d.Recs, d.Head, nil
		l.damage = &d.Damage
	} else {
		l.damage = nil
	}
	return recs, head, err
}

// goodEvents is what a repair decides on: the good events of the log, as
// recorded (the game folds them, decide.Fold).
type goodEvents struct{ recs []gamelog.Recorded }

// Evolve keeps the event (decide.State).
func (g *goodEvents) Evolve(env *events.Envelope, ev events.Event) error {
	g.recs = append(g.recs, gamelog.Recorded{Envelope: *env, Event: ev})
	return nil
}
