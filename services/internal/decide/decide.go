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
	"github.com/prometheus/client_golang/prometheus"
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
	// The aggregates not used for longest are forgotten first (see young).
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
	// Done, when set, tells whether an aggregate is done with (a finished
	// game): its state is not kept in the cache after the command that
	// made it so, and a later command reads its log.
	Done func(S) bool
	// Describe, when set, adds fields to an accepted command's log line
	// (the game's tournament, the ruling's article).
	Describe func(s S, written []Recorded, fields []zap.Field) []zap.Field
	// Scope, when set, is the key a command is stored under, from the
	// aggregate's id, the actor and the client's key (ScopedKey when nil;
	// a tournament's commands are stored under "tournament/"+ScopedKey, as
	// they always were, so that their logs deduplicate as before).
	Scope func(id string, actor events.Actor, key string) string
	// CheckID, when set, refuses an aggregate id the log cannot hold (a
	// tournament's id), before anything is read.
	CheckID func(id string) error
	// IDField names the aggregate in the log line of an accepted command
	// (wiring.GameID when nil).
	IDField func(id string) zap.Field

	mu    sync.Mutex
	cache map[string]*cached[S]
	// older is the previous generation of the cache (see young)
	older map[string]*cached[S]
	// locks serialise the commands on one aggregate within this process
	// when the cache is on (the cached state is what a decision plays on
	// and takes back): an aggregate's lock is locks[hash(id) % len]. A
	// lock is held across the append's round trip to the server, so there
	// are many (4096, 32 kB): with fewer, the games of an Olympiad round
	// share locks and a move waits for other games' appends.
	locksOnce sync.Once
	locks     *[4096]sync.Mutex
	// children are the metrics' children already looked up
	// (metricChild -> prometheus.Counter or Observer): WithLabelValues
	// hashes its labels at every call. Names, outcomes and event types
	// are the code's own, a few dozen.
	children sync.Map
}

// Handle runs cmd on aggregate id: load (or take the cached state), fold,
// let decision decide, append the events it returns at the head decided
// on under the command's key; decided again on a conflict. decision is the
// domain's pure decision on the folded state at instant at: the events to
// append (none: nothing to do) or a refusal. Its steps: commandMeta,
// load (cached or read), decision, keyBy, write.
func (d *Decider[T, S]) Handle(ctx context.Context, id string, cmd Command, decision func(s S, at time.Time) ([]events.Event, error)) (out Outcome, err error) {
	start, label := time.Now(), "ok"
	defer func() { d.measure(cmd.Name, label, start) }()
	meta, err := d.commandMeta(id, cmd)
	if err != nil {
		label = "rejected"
		return Outcome{}, err
	}
	// a command keyed by its decision is decided on the log, which tells
	// whether that key landed
	cacheable := d.Cache > 0 && cmd.Key == nil
	if cacheable {
		defer d.lock(id).Unlock()
	}
	for n := 1; ; n++ {
		var a attempt[S]
		if a, out, label, err = d.load(ctx, id, meta, n, cacheable); label != "" {
			return out, err
		}
		evs, err := decision(a.s, a.meta.RecordedAt)
		if err != nil {
			if a.fromCache {
				d.forget(id) // a refusal is given on the log, not on a cache
				continue
			}
			label = "rejected"
			return Outcome{}, err
		}
		if out, ok := d.keyBy(id, cmd, &a, evs); ok {
			label = "repeated"
			return out, nil
		}
		if len(evs) == 0 {
			label = "nothing"
			return Outcome{ID: id, Version: a.c.head.Version}, nil
		}
		if a.meta.IdempotencyKey == "" {
			label = "rejected"
			return Outcome{}, d.missingKey()
		}
		var retry bool
		if out, label, retry, err = d.write(ctx, id, cmd, &a, evs, n, cacheable); !retry {
			return out, err
		}
	}
}

// attempt is one decision of a command: the state it is made on, where
// that came from, and the command's meta as this attempt stamps it.
type attempt[S any] struct {
	c         *cached[S] // the state's head, last event and keys
	fromCache bool
	recs      []Recorded // the log the state was folded from (nil when cached)
	s         S
	meta      Meta
}

// commandMeta is the command's meta as its events are stored: the
// client's key scoped (Scope), the instant stamped; a refusal when the
// command has no key, or the id is refused (CheckID).
func (d *Decider[T, S]) commandMeta(id string, cmd Command) (Meta, error) {
	meta := cmd.Meta
	if meta.IdempotencyKey != "" {
		meta.IdempotencyKey = d.scope(id, meta.Actor, meta.IdempotencyKey)
	} else if cmd.Key == nil {
		return Meta{}, d.missingKey()
	}
	if d.CheckID != nil {
		if err := d.CheckID(id); err != nil {
			return Meta{}, err
		}
	}
	if meta.RecordedAt.IsZero() {
		meta.RecordedAt = d.now()
	}
	return meta, nil
}

// load returns the state attempt n decides on: the cached state (brought
// up to date first when Stale says it is behind), else the log read
// (read) and folded; the command's meta stamped never before the log's
// last event. A label when the command is answered here (its key in the
// log: repeated; a read or fold that fails).
func (d *Decider[T, S]) load(ctx context.Context, id string, meta Meta, n int, cacheable bool) (a attempt[S], out Outcome, label string, err error) {
	if cacheable {
		a.c = d.cached(id)
	}
	if a.c != nil && n == 1 && d.Stale != nil && d.Stale(a.c.state) && !d.catchUp(ctx, id, a.c, nil, a.c.state) {
		d.forget(id)
		a.c = nil
	}
	if a.c != nil && a.c.has(meta.IdempotencyKey) {
		// a retried command: its first answer is on the log
		d.forget(id)
		a.c = nil
	}
	a.fromCache = a.c != nil
	if !a.fromCache {
		if out, label, err = d.read(ctx, id, meta.IdempotencyKey, &a); label != "" {
			return a, out, label, err
		}
	}
	a.meta = meta
	if a.meta.RecordedAt.Before(a.c.lastAt) {
		// the log's instants never go back, even when several copies
		// of the service stamp commands with slightly different clocks
		a.meta.RecordedAt = a.c.lastAt
	}
	a.s = a.c.state
	if !a.c.folded {
		if a.s, err = Fold[T, S](a.recs); err != nil {
			d.forget(id)
			return a, Outcome{}, "error", fmt.Errorf("%s: %w", id, err)
		}
	}
	return a, Outcome{}, "", nil
}

// read reads the aggregate's log into a: its events, head and last
// event. A label when the command is answered here: its key is in the
// log (its first answer, repeated; refused when the key names another
// command), or the read fails.
func (d *Decider[T, S]) read(ctx context.Context, id, key string, a *attempt[S]) (Outcome, string, error) {
	recs, head, err := d.Store.Load(ctx, id)
	if err != nil {
		return Outcome{}, "error", fmt.Errorf("loading %s: %w", id, err)
	}
	if key != "" {
		done, err := WithKey(recs, key)
		if err != nil {
			return Outcome{}, "rejected", err
		}
		if len(done) > 0 {
			return Outcome{ID: id, Events: done, Version: lastSeq(recs), Repeated: true}, "repeated", nil
		}
	}
	a.recs, a.c = recs, &cached[S]{head: head}
	if n := len(recs); n > 0 {
		a.c.lastAt, a.c.lastID = recs[n-1].Envelope.RecordedAt, recs[n-1].Envelope.ID
	}
	return Outcome{}, "", nil
}

// keyBy names a command keyed by its decision (Command.Key) from the
// events decided; true, with its first answer, when that key is in the
// log already.
func (d *Decider[T, S]) keyBy(id string, cmd Command, a *attempt[S], evs []events.Event) (Outcome, bool) {
	if cmd.Key == nil || len(evs) == 0 {
		return Outcome{}, false
	}
	k := cmd.Key(evs)
	if k == "" {
		return Outcome{}, false
	}
	a.meta.IdempotencyKey = d.scope(id, a.meta.Actor, k)
	if done, _ := WithKey(a.recs, a.meta.IdempotencyKey); len(done) > 0 {
		return Outcome{ID: id, Events: done, Version: lastSeq(a.recs), Repeated: true}, true
	}
	return Outcome{}, false
}

// write appends evs at the head attempt a decided on and records the
// accepted command; retry when the append conflicted and the command is
// to be decided again (the cached state brought up to date, or
// forgotten).
func (d *Decider[T, S]) write(ctx context.Context, id string, cmd Command, a *attempt[S], evs []events.Event, n int, cacheable bool) (out Outcome, label string, retry bool, err error) {
	head := a.c.head
	if cmd.CausedByLast && a.c.lastID != "" {
		a.meta.CausationID = a.c.lastID
	}
	written, newHead, err := d.Store.Append(ctx, id, head, a.meta, evs)
	if errors.Is(err, ErrConflict) || errors.Is(err, ErrAlreadyApplied) {
		if !errors.Is(err, ErrConflict) || !cacheable || !d.catchUp(ctx, id, a.c, a.recs, a.s) {
			d.forget(id)
		}
		if retries := max(d.Retries, 1); n < retries || (a.fromCache && n < retries+1) {
			if d.Metrics != nil {
				d.Metrics.AppendConflicts.WithLabelValues(d.Service).Inc()
			}
			return Outcome{}, "", true, nil
		}
	}
	if err != nil {
		label = "error"
		var ref *refusal.Refusal
		switch {
		case errors.Is(err, ErrConflict):
			label = "conflict"
		case errors.As(err, &ref): // the store's refusal: a key reused on another aggregate (keyledger)
			label = "rejected"
		}
		return Outcome{}, label, false, fmt.Errorf("appending to %s: %w", id, err)
	}
	if len(written) > 0 && written[0].Envelope.Seq != head.Version+1 {
		// the store recognised the key: the command had landed before
		d.forget(id)
		return Outcome{ID: id, Events: written, Version: lastSeq(written), Repeated: true}, "repeated", false, nil
	}
	if cacheable {
		d.keep(id, a.c, a.recs, a.s, written, newHead, a.meta.IdempotencyKey)
	}
	d.record(id, cmd, a.s, written)
	return Outcome{ID: id, Events: written, Version: lastSeq(written)}, "ok", false, nil
}

// measure counts the command by its outcome (label) and times it.
func (d *Decider[T, S]) measure(name, label string, start time.Time) {
	if d.Metrics == nil {
		return
	}
	key := metricChild{commands, name, label}
	c, ok := d.children.Load(key)
	if !ok {
		c, _ = d.children.LoadOrStore(key, d.Metrics.Commands.WithLabelValues(d.Service, name, label))
	}
	c.(prometheus.Counter).Inc()
	key = metricChild{durations, name, ""}
	o, ok := d.children.Load(key)
	if !ok {
		o, _ = d.children.LoadOrStore(key, d.Metrics.CommandDuration.WithLabelValues(d.Service, name))
	}
	o.(prometheus.Observer).Observe(time.Since(start).Seconds())
}

// metricChild names a metric's child in Decider.children: its metric and
// its labels after the service's.
type metricChild struct {
	metric uint8 // commands, durations, appended
	a, b   string
}

// The metrics of metricChild: Commands (by command and outcome),
// CommandDuration (by command), EventsAppended (by event type).
const (
	commands uint8 = iota
	durations
	appended
)

// scope is the key a command is stored under (Scope, else ScopedKey).
func (d *Decider[T, S]) scope(id string, actor events.Actor, key string) string {
	if d.Scope != nil {
		return d.Scope(id, actor, key)
	}
	return ScopedKey(id, actor, key)
}

// record counts the events written and logs the command.
func (d *Decider[T, S]) record(id string, cmd Command, s S, written []Recorded) {
	if d.Metrics != nil {
		for _, r := range written {
			key := metricChild{appended, r.Envelope.Type, ""}
			c, ok := d.children.Load(key)
			if !ok {
				c, _ = d.children.LoadOrStore(key, d.Metrics.EventsAppended.WithLabelValues(d.Service, r.Envelope.Type))
			}
			c.(prometheus.Counter).Inc()
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
		idField := wiring.GameID
		if d.IDField != nil {
			idField = d.IDField
		}
		fields := []zap.Field{idField(id), wiring.Seq(lastSeq(written)), wiring.Actor(a.Role, a.ID),
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
