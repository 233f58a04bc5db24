// Package app is the clocks service's application layer: the start of a
// clock, the recording of a flag fall, and the watcher that knows every
// running clock's deadline.
package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Store is the game's event log (the games service's port type, written
// here as the clocks writer).
type Store = gamelog.Store

// Outcome is the answer to a command: the events it produced.
type Outcome struct {
	GameID   string
	Events   []gamelog.Recorded
	Version  uint64
	Repeated bool
}

// Fold rebuilds a game's clock from its events.
func Fold(recs []gamelog.Recorded) (*domain.Timer, error) {
	t := &domain.Timer{}
	for _, r := range recs {
		if r.Event == nil {
			continue
		}
		if err := t.Apply(r.Envelope.RecordedAt, r.Event); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", r.Envelope.Seq, r.Envelope.Type, err)
		}
	}
	return t, nil
}

// Clocks holds the clocks service's handlers.
type Clocks struct {
	Store   Store
	Retries int
	// Now is the service's clock: it stamps commands and tells whether a
	// deadline has passed (never the instant of a flag fall, which is
	// computed).
	Now     func() time.Time
	Log     *zap.Logger
	Metrics *wiring.Metrics
}

func (c *Clocks) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// decide is the load-fold-decide-append loop; key names the command (it
// may depend on the folded state, e.g. which flag fell).
func (c *Clocks) decide(ctx context.Context, name, gameID string, meta gamelog.Meta,
	decision func(t *domain.Timer, at time.Time) (key string, evs []events.Event, err error)) (Outcome, error) {
	outcome := "ok"
	start := time.Now()
	defer func() {
		if c.Metrics != nil {
			c.Metrics.Commands.WithLabelValues("clocks", name, outcome).Inc()
			c.Metrics.CommandDuration.WithLabelValues("clocks", name).Observe(time.Since(start).Seconds())
		}
	}()
	if meta.RecordedAt.IsZero() {
		meta.RecordedAt = c.now()
	}
	for attempt := 1; ; attempt++ {
		recs, head, err := c.Store.Load(ctx, gameID)
		if err != nil {
			outcome = "error"
			return Outcome{}, fmt.Errorf("loading game %s: %w", gameID, err)
		}
		if n := len(recs); n > 0 && meta.RecordedAt.Before(recs[n-1].Envelope.RecordedAt) {
			meta.RecordedAt = recs[n-1].Envelope.RecordedAt
		}
		t, err := Fold(recs)
		if err != nil {
			outcome = "error"
			return Outcome{}, fmt.Errorf("game %s: %w", gameID, err)
		}
		landed := func(key string) []gamelog.Recorded {
			var done []gamelog.Recorded
			for _, r := range recs {
				if r.Envelope.IdempotencyKey == key {
					done = append(done, r)
				}
			}
			return done
		}
		if meta.IdempotencyKey != "" {
			if err := keyReused(recs, meta.IdempotencyKey); err != nil {
				outcome = "rejected"
				return Outcome{}, err
			}
			if done := landed(meta.IdempotencyKey); len(done) > 0 {
				outcome = "repeated"
				return Outcome{GameID: gameID, Events: done, Version: head.Version, Repeated: true}, nil
			}
		}
		key, evs, err := decision(t, meta.RecordedAt)
		if err != nil {
			outcome = "rejected"
			return Outcome{}, err
		}
		if name == "check_flag" && len(recs) > 0 {
			// the fall follows from the game's last event (its last press,
			// the start, a pause or an adjustment)
			meta.CausationID = recs[len(recs)-1].Envelope.ID
		}
		if key != "" {
			meta.IdempotencyKey = key
			if done := landed(key); len(done) > 0 {
				outcome = "repeated"
				return Outcome{GameID: gameID, Events: done, Version: head.Version, Repeated: true}, nil
			}
		}
		if len(evs) == 0 {
			outcome = "nothing"
			return Outcome{GameID: gameID, Version: head.Version}, nil
		}
		if meta.IdempotencyKey == "" {
			outcome = "rejected"
			return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
		}
		written, _, err := c.Store.Append(ctx, gameID, head, meta, evs)
		if (errors.Is(err, gamelog.ErrConflict) || errors.Is(err, gamelog.ErrAlreadyApplied)) && attempt < max(c.Retries, 1) {
			if c.Metrics != nil {
				c.Metrics.AppendConflicts.WithLabelValues("clocks").Inc()
			}
			continue
		}
		if err != nil {
			outcome = "error"
			return Outcome{}, fmt.Errorf("appending to game %s: %w", gameID, err)
		}
		last := written[len(written)-1].Envelope
		if c.Metrics != nil {
			for _, r := range written {
				c.Metrics.EventsAppended.WithLabelValues("clocks", r.Envelope.Type).Inc()
			}
		}
		if c.Log != nil {
			c.Log.Info(name, wiring.GameID(gameID), wiring.Seq(last.Seq), wiring.Actor(meta.Actor.Role, meta.Actor.ID))
		}
		return Outcome{GameID: gameID, Events: written, Version: last.Seq}, nil
	}
}

// StartClock starts the game's clock, with the command's idempotency key.
func (c *Clocks) StartClock(ctx context.Context, gameID string, meta gamelog.Meta) (Outcome, error) {
	if meta.IdempotencyKey == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
	}
	meta.IdempotencyKey = gamelog.ScopedKey(gameID, meta.Actor, meta.IdempotencyKey)
	return c.decide(ctx, "start_clock", gameID, meta, func(t *domain.Timer, at time.Time) (string, []events.Event, error) {
		evs, err := t.Start(at)
		return "", evs, err
	})
}

// CheckFlag records the fall of the running side's flag if its time ran
// out by now. The command's key names the game, the side and the ply, so
// that several copies of the service checking at once write it once.
func (c *Clocks) CheckFlag(ctx context.Context, gameID string) (Outcome, error) {
	meta := gamelog.Meta{Actor: events.Actor{Role: "system", ID: "clocks"}, RecordedAt: c.now()}
	return c.decide(ctx, "check_flag", gameID, meta, func(t *domain.Timer, at time.Time) (string, []events.Event, error) {
		evs := t.CheckFlag(at)
		if len(evs) == 0 {
			return "", nil, nil
		}
		f := evs[0].(events.FlagFell)
		return gamelog.ScopedKey(gameID, meta.Actor, fmt.Sprintf("flag-%s-%d", f.Side, f.Ply)), evs, nil
	})
}

// ApplyPenalty carries out the time part of an arbiter's penalty (an
// arbiter.penalty_imposed envelope): time added to the penalised player's
// opponent, or deducted from the penalised player, or the increment the
// arbiter introduced (domain.IncrementIntroduced), once (the command's key is the
// penalty's id). Penalties of other kinds, or in a game whose clock
// has not started, change no clock.
func (c *Clocks) ApplyPenalty(ctx context.Context, penalty events.Envelope) (Outcome, error) {
	ev, err := events.Decode(penalty)
	if err != nil {
		return Outcome{}, err
	}
	p, ok := ev.(*events.PenaltyImposed)
	if !ok {
		return Outcome{}, fmt.Errorf("event %s is a %s, not a penalty", penalty.ID, penalty.Type)
	}
	gameID := penalty.Aggregate.ID
	meta := gamelog.Meta{Actor: events.Actor{Role: "system", ID: "clocks"}, CausationID: penalty.ID, CorrelationID: penalty.CorrelationID}
	return c.decide(ctx, "apply_penalty", gameID, meta, func(t *domain.Timer, at time.Time) (string, []events.Event, error) {
		if !t.Started() {
			return "", nil, nil
		}
		key := gamelog.ScopedKey(gameID, meta.Actor, "penalty-"+penalty.ID)
		if p.Kind == domain.IncrementIntroduced {
			evs, err := t.IntroduceIncrement(at, time.Duration(p.AmountMs)*time.Millisecond, p.Reason, p.Article)
			return key, evs, err
		}
		adj := events.TimeAdjusted{Reason: p.Reason, Article: p.Article}
		switch p.Kind {
		case "time_added_to_opponent":
			adj.Side, adj.DeltaMs = events.White, p.AmountMs
			if p.Side == events.White {
				adj.Side = events.Black
			}
		case "time_deducted":
			adj.Side, adj.DeltaMs = p.Side, -p.AmountMs
		default:
			return "", nil, nil
		}
		return key, []events.Event{adj}, nil
	})
}

// Pause stops both clocks on the arbiter's command.
func (c *Clocks) Pause(ctx context.Context, gameID, reason string, meta gamelog.Meta) (Outcome, error) {
	return c.arbiterCommand(ctx, "pause_clock", gameID, meta, func(t *domain.Timer, at time.Time) ([]events.Event, error) {
		return t.Pause(at, reason)
	})
}

// Resume restarts the clock of the side on move on the arbiter's command.
func (c *Clocks) Resume(ctx context.Context, gameID string, meta gamelog.Meta) (Outcome, error) {
	return c.arbiterCommand(ctx, "resume_clock", gameID, meta, func(t *domain.Timer, at time.Time) ([]events.Event, error) {
		return t.Resume(at)
	})
}

// Adjust changes one side's time on the arbiter's command.
func (c *Clocks) Adjust(ctx context.Context, gameID string, side events.Color, delta time.Duration, reason, article string, meta gamelog.Meta) (Outcome, error) {
	return c.arbiterCommand(ctx, "adjust_clock", gameID, meta, func(t *domain.Timer, at time.Time) ([]events.Event, error) {
		return t.Adjust(at, side, delta, reason, article)
	})
}

func (c *Clocks) arbiterCommand(ctx context.Context, name, gameID string, meta gamelog.Meta, decide func(*domain.Timer, time.Time) ([]events.Event, error)) (Outcome, error) {
	if meta.IdempotencyKey == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
	}
	meta.IdempotencyKey = gamelog.ScopedKey(gameID, meta.Actor, meta.IdempotencyKey)
	return c.decide(ctx, name, gameID, meta, func(t *domain.Timer, at time.Time) (string, []events.Event, error) {
		evs, err := decide(t, at)
		return "", evs, err
	})
}

// keyReused is the refusal of a command whose client key another command
// of the game's log used (refusal.SameCommand); nil otherwise.
func keyReused(recs []gamelog.Recorded, key string) error {
	for _, r := range recs {
		if _, err := refusal.SameCommand(r.Envelope.IdempotencyKey, key); err != nil {
			return err
		}
	}
	return nil
}
