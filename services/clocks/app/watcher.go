package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"go.uber.org/zap"
)

// Follow reads the games' stream from a stream sequence on and keeps
// waiting for new events (the events module's Store.Follow for the game
// kind).
type Follow func(ctx context.Context, from uint64, fn func(events.Record) error) (uint64, error)

// Watcher knows every running clock's deadline: it folds the games' stream
// from its beginning (so that after a restart it finds the clocks that ran
// while it was down) and, at each deadline, asks CheckFlag to record the
// fall. The timer only says when to look; the instant recorded is the one
// the clock module computes from the events, whatever the timer's delay.
//
// With several copies of the service, each watches every game and the
// flag-fall command's idempotency key makes one write land.
type Watcher struct {
	Clocks *Clocks
	Follow Follow
	Log    *zap.Logger

	mu     sync.Mutex
	games  map[string]*watched
	ctx    context.Context
	closed bool
}

type watched struct {
	timer domain.Timer
	alarm *time.Timer
	// broken is set when the game's events do not fold (logged once).
	broken bool
}

// Run watches until ctx ends. If reading the stream fails (a lost
// connection), it starts again from the beginning after a pause.
func (w *Watcher) Run(ctx context.Context) error {
	w.mu.Lock()
	w.ctx = ctx
	w.mu.Unlock()
	defer w.reset(true)
	for {
		w.reset(false)
		_, err := w.Follow(ctx, 1, w.see)
		if ctx.Err() != nil {
			return nil
		}
		w.Log.Warn("following the games' events failed; starting again", zap.Error(err))
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// reset stops every alarm and forgets the games.
func (w *Watcher) reset(closed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, g := range w.games {
		if g.alarm != nil {
			g.alarm.Stop()
		}
	}
	w.games, w.closed = map[string]*watched{}, closed
}

// Running returns how many clocks are watched (for tests and metrics).
func (w *Watcher) Running() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, g := range w.games {
		if _, ok := g.timer.Deadline(); ok {
			n++
		}
	}
	return n
}

func (w *Watcher) see(r events.Record) error {
	id := r.Envelope.Aggregate.ID
	ev, err := events.Decode(r.Envelope)
	if err != nil {
		if errors.Is(err, events.ErrUnknownType) {
			return nil // another writer's newer event type: not the clock's
		}
		w.Log.Error("undecodable event", zap.String("game_id", id), zap.Uint64("seq", r.Envelope.Seq), zap.Error(err))
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.games[id]
	if g == nil {
		g = &watched{}
		w.games[id] = g
	}
	if g.broken {
		return nil
	}
	if err := g.timer.Apply(r.Envelope.RecordedAt, ev); err != nil {
		g.broken = true
		w.Log.Error("game's clock does not fold; not watched", zap.String("game_id", id), zap.Error(err))
		return nil
	}
	if _, ended := ev.(*events.GameEnded); ended {
		if g.alarm != nil {
			g.alarm.Stop()
		}
		delete(w.games, id)
		return nil
	}
	w.schedule(id, g)
	return nil
}

// schedule sets the game's alarm at its deadline (w.mu held).
func (w *Watcher) schedule(id string, g *watched) {
	if g.alarm != nil {
		g.alarm.Stop()
		g.alarm = nil
	}
	at, ok := g.timer.Deadline()
	if !ok || w.closed {
		return
	}
	g.alarm = time.AfterFunc(max(time.Until(at), 0), func() { w.fire(id, 0) })
}

// fire asks for the flag fall to be recorded; an error other than a
// refusal is retried with a growing pause.
func (w *Watcher) fire(id string, failures int) {
	w.mu.Lock()
	ctx, closed := w.ctx, w.closed
	w.mu.Unlock()
	if closed || ctx.Err() != nil {
		return
	}
	o, err := w.Clocks.CheckFlag(ctx, id)
	if err == nil {
		if len(o.Events) > 0 && !o.Repeated {
			w.Log.Info("flag fell", zap.String("game_id", id), zap.Uint64("seq", o.Version))
		}
		return
	}
	var ref *domain.Refusal
	if errors.As(err, &ref) || ctx.Err() != nil {
		return
	}
	w.Log.Warn("recording a flag fall failed; retrying", zap.String("game_id", id), zap.Error(err))
	pause := min(time.Duration(1<<min(failures, 6))*100*time.Millisecond, 5*time.Second)
	time.AfterFunc(pause, func() { w.fire(id, failures+1) })
}
