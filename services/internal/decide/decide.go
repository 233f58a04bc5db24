package decide

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// State is an aggregate's folded state: Evolve folds one recorded event
// (its envelope and the decoded event) into it, or says why it cannot.
type State interface {
	Evolve(env *events.Envelope, ev events.Event) error
}

// Config is what a service hands its decider.
type Config struct {
	// Store is the aggregate's event log.
	Store Store
	// Retries is how many times a command is decided when its appends
	// conflict (at least once).
	Retries int
	// Now stamps each accepted command (time.Now when nil; tests may hand
	// in another source).
	Now     func() time.Time
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// Cache is how many aggregates' folded states the decider keeps in
	// memory between commands (0: none, every command reads the log). A
	// command on a cached aggregate is decided without reading the log:
	// the append's expected head catches a stale cache (conflict: the
	// events written since its head are read and folded in — StoreAfter,
	// else the log whole — and the command decided again), and a refusal
	// decided on the cache is decided again on the log before it is given.
	Cache int
}

// Command is one command for Decider.Handle, beside its decision (a
// separate argument of Handle: a closure held in the struct would be
// moved to the heap with it, two allocations per move).
type Command struct {
	// Name names the command in the metrics and the log (make_move).
	Name string
	// Meta is the client's: its IdempotencyKey is the client's key, which
	// Handle scopes (ScopedKey); RecordedAt, when set, is the instant the
	// command was accepted (else Config.Now).
	Meta Meta
	// Key, when set, names the command from the events decided (a key
	// that depends on the state, such as the side and ply of a flag
	// fall): several copies of a service deciding it at once write it
	// once. A command with Key may come without Meta.IdempotencyKey.
	Key func(evs []events.Event) string
	// CausedByLast makes the log's last event the cause of the events
	// (their causation id): a flag fall follows from the last press.
	CausedByLast bool
	// Frequent commands (a move: thousands a second in an Olympiad round)
	// are logged at debug level; the others, each an incident or a step
	// of the event, at info.
	Frequent bool
}

// Outcome is the answer to a command: the events it produced (or, for a
// retried command, the events its first attempt produced) and the
// aggregate's version after them.
type Outcome struct {
	ID       string
	Events   []Recorded
	Version  uint64
	Repeated bool // true when the idempotency key had already been applied
}

// Envelopes returns the envelopes of the outcome's events.
func (o Outcome) Envelopes() []events.Envelope {
	if len(o.Events) == 0 {
		return nil
	}
	out := make([]events.Envelope, len(o.Events))
	for i, r := range o.Events {
		out[i] = r.Envelope
	}
	return out
}

// Decider runs the commands of one kind of aggregate whose state is *T
// (see the package doc). Its zero Config reads the log for every command.
type Decider[T any, S interface {
	*T
	State
}] struct {
	Config
	// Service labels the metrics (games, clocks, arbiter).
	Service string
	// Invalid is the kind of refusal of a command without idempotency key
	// (the service's ErrInvalid, which its ports answer 400).
	Invalid error
	// Stale, when set, tells whether a cached state is likely behind its
	// log (in a game, the clocks service's clock.started before the first
	// move): its command first reads the events written since its head,
	// which spares the append that would fail on the stale head.
	Stale func(S) bool
	// Describe, when set, adds fields to an accepted command's log line
	// (the game's tournament, the ruling's article).
	Describe func(s S, written []Recorded, fields []zap.Field) []zap.Field

	mu    sync.Mutex
	cache map[string]*cached[S]
	// locks serialise the commands on one aggregate within this process
	// when the cache is on (the cached state is what a decision plays on
	// and takes back): an aggregate's lock is locks[hash(id) % len]. A
	// lock is held across the append's round trip to the server, so there
	// are many (4096, 32 kB): with fewer, the games of an Olympiad round
	// share locks and a move waits for other games' appends.
	locksOnce sync.Once
	locks     *[4096]sync.Mutex
}

// Handle runs cmd on aggregate id: load (or take the cached state), fold,
// let decision decide, append the events it returns at the head decided
// on under the command's key; decided again on a conflict. decision is the
// domain's pure decision on the folded state at instant at: the events to
// append (none: nothing to do) or a refusal.
func (d *Decider[T, S]) Handle(ctx context.Context, id string, cmd Command, decision func(s S, at time.Time) ([]events.Event, error)) (out Outcome, err error) {
	start := time.Now()
	outcome := "ok"
	defer func() {
		if d.Metrics != nil {
			d.Metrics.Commands.WithLabelValues(d.Service, cmd.Name, outcome).Inc()
			d.Metrics.CommandDuration.WithLabelValues(d.Service, cmd.Name).Observe(time.Since(start).Seconds())
		}
	}()
	meta := cmd.Meta
	if meta.IdempotencyKey != "" {
		meta.IdempotencyKey = ScopedKey(id, meta.Actor, meta.IdempotencyKey)
	} else if cmd.Key == nil {
		outcome = "rejected"
		return Outcome{}, d.missingKey()
	}
	if meta.RecordedAt.IsZero() {
		meta.RecordedAt = d.now()
	}
	// a command keyed by its decision is decided on the log, which tells
	// whether that key landed
	cacheable := d.Cache > 0 && cmd.Key == nil
	if cacheable {
		defer d.lock(id)()
	}
	retries := max(d.Retries, 1)
	for attempt := 1; ; attempt++ {
		var c *cached[S]
		if cacheable {
			c = d.cached(id)
		}
		if c != nil && attempt == 1 && d.Stale != nil && d.Stale(c.state) && !d.catchUp(ctx, id, c, nil, c.state) {
			d.forget(id)
			c = nil
		}
		fromCache := c != nil
		if fromCache && c.has(meta.IdempotencyKey) {
			// a retried command: its first answer is on the log
			d.forget(id)
			c, fromCache = nil, false
		}
		var recs []Recorded
		if !fromCache {
			var head events.Head
			recs, head, err = d.Store.Load(ctx, id)
			if err != nil {
				outcome = "error"
				return Outcome{}, fmt.Errorf("loading %s: %w", id, err)
			}
			if meta.IdempotencyKey != "" {
				done, err := WithKey(recs, meta.IdempotencyKey)
				if err != nil {
					outcome = "rejected"
					return Outcome{}, err
				}
				if len(done) > 0 {
					outcome = "repeated"
					return Outcome{ID: id, Events: done, Version: lastSeq(recs), Repeated: true}, nil
				}
			}
			c = &cached[S]{head: head}
			if n := len(recs); n > 0 {
				c.lastAt, c.lastID = recs[n-1].Envelope.RecordedAt, recs[n-1].Envelope.ID
			}
		}
		head := c.head
		m := meta
		if m.RecordedAt.Before(c.lastAt) {
			// the log's instants never go back, even when several copies
			// of the service stamp commands with slightly different clocks
			m.RecordedAt = c.lastAt
		}
		s := c.state
		if !c.folded {
			if s, err = Fold[T, S](recs); err != nil {
				d.forget(id)
				outcome = "error"
				return Outcome{}, fmt.Errorf("%s: %w", id, err)
			}
		}
		evs, err := decision(s, m.RecordedAt)
		if err != nil {
			if fromCache {
				d.forget(id) // a refusal is given on the log, not on a cache
				continue
			}
			outcome = "rejected"
			return Outcome{}, err
		}
		if cmd.Key != nil && len(evs) > 0 {
			if k := cmd.Key(evs); k != "" {
				m.IdempotencyKey = ScopedKey(id, meta.Actor, k)
				if done, _ := WithKey(recs, m.IdempotencyKey); len(done) > 0 {
					outcome = "repeated"
					return Outcome{ID: id, Events: done, Version: lastSeq(recs), Repeated: true}, nil
				}
			}
		}
		if len(evs) == 0 {
			outcome = "nothing"
			return Outcome{ID: id, Version: head.Version}, nil
		}
		if m.IdempotencyKey == "" {
			outcome = "rejected"
			return Outcome{}, d.missingKey()
		}
		if cmd.CausedByLast && c.lastID != "" {
			m.CausationID = c.lastID
		}
		written, newHead, err := d.Store.Append(ctx, id, head, m, evs)
		if errors.Is(err, ErrConflict) || errors.Is(err, ErrAlreadyApplied) {
			if !errors.Is(err, ErrConflict) || !cacheable || !d.catchUp(ctx, id, c, recs, s) {
				d.forget(id)
			}
			if attempt < retries || (fromCache && attempt < retries+1) {
				if d.Metrics != nil {
					d.Metrics.AppendConflicts.WithLabelValues(d.Service).Inc()
				}
				continue
			}
		}
		if err != nil {
			outcome = "error"
			if errors.Is(err, ErrConflict) {
				outcome = "conflict"
			}
			return Outcome{}, fmt.Errorf("appending to %s: %w", id, err)
		}
		if len(written) > 0 && written[0].Envelope.Seq != head.Version+1 {
			// the store recognised the key: the command had landed before
			d.forget(id)
			outcome = "repeated"
			return Outcome{ID: id, Events: written, Version: lastSeq(written), Repeated: true}, nil
		}
		if cacheable {
			d.keep(id, c, recs, s, written, newHead, m.IdempotencyKey)
		}
		d.record(id, cmd, s, written)
		return Outcome{ID: id, Events: written, Version: lastSeq(written)}, nil
	}
}

// record counts the events written and logs the command.
func (d *Decider[T, S]) record(id string, cmd Command, s S, written []Recorded) {
	if d.Metrics != nil {
		for _, r := range written {
			d.Metrics.EventsAppended.WithLabelValues(d.Service, r.Envelope.Type).Inc()
		}
	}
	if d.Log == nil || len(written) == 0 {
		return
	}
	level := zap.InfoLevel
	if cmd.Frequent {
		level = zap.DebugLevel
	}
	if ce := d.Log.Check(level, cmd.Name); ce != nil {
		a := cmd.Meta.Actor
		fields := []zap.Field{wiring.GameID(id), wiring.Seq(lastSeq(written)), wiring.Actor(a.Role, a.ID),
			zap.Int("events", len(written)), zap.String("type", written[0].Envelope.Type)}
		if d.Describe != nil {
			fields = d.Describe(s, written, fields)
		}
		ce.Write(fields...)
	}
}

func (d *Decider[T, S]) missingKey() error {
	return &refusal.Refusal{Kind: d.Invalid, Reason: "idempotency_key: missing"}
}

func (d *Decider[T, S]) now() time.Time {
	if d.Now != nil {
		return d.Now().UTC()
	}
	return time.Now().UTC()
}

// Fold rebuilds a state from its recorded events (a voided message,
// whose Event is nil, is skipped).
func Fold[T any, S interface {
	*T
	State
}](recs []Recorded) (S, error) {
	s := S(new(T))
	for i := range recs {
		r := &recs[i]
		if r.Event == nil {
			continue
		}
		if err := s.Evolve(&r.Envelope, r.Event); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", r.Envelope.Seq, r.Envelope.Type, err)
		}
	}
	return s, nil
}

// WithKey returns the events of the command with key in recs; an
// ErrKeyReused refusal when its client key names another command there.
func WithKey(recs []Recorded, key string) ([]Recorded, error) {
	var out []Recorded
	for _, r := range recs {
		same, err := refusal.SameCommand(r.Envelope.IdempotencyKey, key)
		if err != nil {
			return nil, err
		}
		if same {
			out = append(out, r)
		}
	}
	return out, nil
}

func lastSeq(recs []Recorded) uint64 {
	if len(recs) == 0 {
		return 0
	}
	return recs[len(recs)-1].Envelope.Seq
}
