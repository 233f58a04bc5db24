// Package app is the clocks service's application layer: the start of a
// clock, the recording of a flag fall, and the watcher that knows every
// running clock's deadline.
package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Store is the game's event log (the games service's port type, written
// here as the clocks writer).
type Store = gamelog.Store

// Outcome is the answer to a command: the events it produced
// (decide.Outcome).
type Outcome = decide.Outcome

// Fold rebuilds a game's clock from its events.
func Fold(recs []gamelog.Recorded) (*gameclock.Timer, error) {
	return decide.Fold[gameclock.Timer](recs)
}

// Clocks holds the clocks service's handlers, each a command on the game's
// clock run by the decide loop (package decide).
type Clocks struct {
	Store   Store
	Retries int
	// Now is the service's clock: it stamps commands and tells whether a
	// deadline has passed (never the instant of a flag fall, which is
	// computed).
	Now     func() time.Time
	Log     *zap.Logger
	Metrics *wiring.Metrics

	once    sync.Once
	decider *decide.Decider[gameclock.Timer, *gameclock.Timer]
}

func (c *Clocks) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// handle runs cmd on the game's clock (decide.Decider.Handle): a command
// without key is refused as gameclock.ErrInvalid.
func (c *Clocks) handle(ctx context.Context, gameID string, cmd decide.Command, decision func(*gameclock.Timer, time.Time) ([]events.Event, error)) (Outcome, error) {
	c.once.Do(func() {
		c.decider = &decide.Decider[gameclock.Timer, *gameclock.Timer]{Service: "clocks", Invalid: gameclock.ErrInvalid,
			Config: decide.Config{Store: c.Store, Retries: c.Retries, Now: c.Now, Log: c.Log, Metrics: c.Metrics}}
	})
	return c.decider.Handle(ctx, gameID, cmd, decision)
}

// system is the clocks service as the actor of the commands it gives
// itself.
var system = events.Actor{Role: "system", ID: "clocks"}

// StartClock starts the game's clock, with the command's idempotency key.
func (c *Clocks) StartClock(ctx context.Context, gameID string, meta gamelog.Meta) (Outcome, error) {
	return c.handle(ctx, gameID, decide.Command{Name: "start_clock", Meta: meta}, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.Start(t, at)
	})
}

// CheckFlag records the fall of the running side's flag if its time ran
// out by now, caused by the game's last event (its last press, the start,
// a pause or an adjustment). The command's key names the side and the ply,
// so that several copies of the service checking at once write it once.
func (c *Clocks) CheckFlag(ctx context.Context, gameID string) (Outcome, error) {
	cmd := decide.Command{Name: "check_flag", Meta: gamelog.Meta{Actor: system, RecordedAt: c.now()}, CausedByLast: true,
		Key: func(evs []events.Event) string {
			f := evs[0].(events.FlagFell)
			return fmt.Sprintf("flag-%s-%d", f.Side, f.Ply)
		}}
	return c.handle(ctx, gameID, cmd, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.CheckFlag(t, at), nil
	})
}

// ApplyPenalty carries out the time part of an arbiter's penalty (an
// arbiter.penalty_imposed envelope) through domain.PenaltyChange, once
// (the command's key is the penalty's id).
func (c *Clocks) ApplyPenalty(ctx context.Context, penalty events.Envelope) (Outcome, error) {
	p, err := decodePenalty(penalty)
	if err != nil {
		return Outcome{}, err
	}
	meta := gamelog.Meta{IdempotencyKey: "penalty-" + penalty.ID, Actor: system, CausationID: penalty.ID, CorrelationID: penalty.CorrelationID}
	return c.handle(ctx, penalty.Aggregate.ID, decide.Command{Name: "apply_penalty", Meta: meta}, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.PenaltyChange(t, p, at)
	})
}

// decodePenalty decodes an arbiter.penalty_imposed envelope.
func decodePenalty(penalty events.Envelope) (*events.PenaltyImposed, error) {
	ev, err := events.Decode(penalty)
	if err != nil {
		return nil, err
	}
	p, ok := ev.(*events.PenaltyImposed)
	if !ok {
		return nil, fmt.Errorf("event %s is a %s, not a penalty", penalty.ID, penalty.Type)
	}
	return p, nil
}

// Pause stops both clocks on the arbiter's command.
func (c *Clocks) Pause(ctx context.Context, gameID, reason string, meta gamelog.Meta) (Outcome, error) {
	return c.handle(ctx, gameID, decide.Command{Name: "pause_clock", Meta: meta}, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.Pause(t, at, reason)
	})
}

// Resume restarts the clock of the side on move on the arbiter's command.
func (c *Clocks) Resume(ctx context.Context, gameID string, meta gamelog.Meta) (Outcome, error) {
	return c.handle(ctx, gameID, decide.Command{Name: "resume_clock", Meta: meta}, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.Resume(t, at)
	})
}

// Adjust changes one side's time on the arbiter's command.
func (c *Clocks) Adjust(ctx context.Context, gameID string, side events.Color, delta time.Duration, reason, article string, meta gamelog.Meta) (Outcome, error) {
	return c.handle(ctx, gameID, decide.Command{Name: "adjust_clock", Meta: meta}, func(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
		return domain.Adjust(t, at, side, delta, reason, article)
	})
}
