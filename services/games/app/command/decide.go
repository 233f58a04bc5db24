// Package command holds the games service's command handlers: each loads
// the game's events, folds them through the domain, lets it decide and
// appends the events it returns with optimistic concurrency and the
// command's idempotency key.
package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Decider runs one decision against the event log: load, fold, decide,
// append; on a conflict it decides again on fresh state, at most Retries
// times. Every command handler of the package embeds one.
type Decider struct {
	Store   app.Store
	Retries int
	// Now stamps each accepted command (time.Now in the service; tests may
	// hand in another source).
	Now     func() time.Time
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// CacheGames is how many games' logs the decider keeps in memory
	// between commands (0: none, every command reads the log). A command
	// on a cached game is decided without reading the log: the append's
	// expected head catches a stale cache (conflict: the events written
	// since its head are read and folded in — app.StoreAfter, else the
	// log whole — and the command decided again), and a refusal decided
	// on the cache is decided again on the log before it is given.
	CacheGames int

	mu    sync.Mutex
	cache map[string]*cachedGame
	// games serialises the commands on one game within this process when
	// the cache is on (the cached game is folded state that a decision
	// plays on and takes back): a game's lock is games[hash(id) % len].
	// A lock is held across the append's round trip to the server, so
	// there are many (4096, 32 kB): with fewer, the games of an Olympiad
	// round share locks and a move waits for other games' appends.
	games [4096]sync.Mutex
}

// cachedGame is a game folded as of its head, with what a decision needs
// besides the folded game: the instant of its last event and the
// idempotency keys its commands were stored under. It does not keep the
// events themselves (memory per live game): a command whose key is among
// keys is answered from the log (a retry is rare), and it is only read
// and changed under the game's lock.
type cachedGame struct {
	head   events.Head
	lastAt time.Time
	keys   []string
	game   *domain.Game
}

// has reports whether a command with this key, or another command with
// the same client key (refusal.SameCommand), is in the game's log.
func (c *cachedGame) has(key string) bool {
	for i := len(c.keys) - 1; i >= 0; i-- {
		if same, err := refusal.SameCommand(c.keys[i], key); same || err != nil {
			return true
		}
	}
	return false
}

// lock takes the game's lock when the cache is on.
func (d *Decider) lock(id string) func() {
	if d.CacheGames <= 0 {
		return func() {}
	}
	// FNV-1a, inline (no hasher allocated per command)
	h := uint32(2166136261)
	for i := 0; i < len(id); i++ {
		h ^= uint32(id[i])
		h *= 16777619
	}
	m := &d.games[h%uint32(len(d.games))]
	m.Lock()
	return m.Unlock
}

func (d *Decider) cached(id string) *cachedGame {
	if d.CacheGames <= 0 {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cache[id]
}

func (d *Decider) remember(id string, c *cachedGame) {
	if d.CacheGames <= 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.cache == nil || len(d.cache) >= d.CacheGames {
		d.cache = map[string]*cachedGame{} // crude bound: start afresh
	}
	d.cache[id] = c
}

func (d *Decider) forget(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.cache, id)
}

// Outcome is the answer to a command: the events it produced (or, for a
// retried command, the events its first attempt produced) and the game's
// version after them.
type Outcome struct {
	GameID   string
	Events   []app.Recorded
	Version  uint64
	Repeated bool // true when the idempotency key had already been applied
}

// decide is the load-fold-decide-append loop.
func (d *Decider) decide(ctx context.Context, name, gameID string, meta app.Meta, decision func(*domain.Game, time.Time) ([]domain.Event, error)) (out Outcome, err error) {
	start := time.Now()
	outcome := "ok"
	defer func() {
		if d.Metrics != nil {
			d.Metrics.Commands.WithLabelValues("games", name, outcome).Inc()
			d.Metrics.CommandDuration.WithLabelValues("games", name).Observe(time.Since(start).Seconds())
		}
	}()
	if meta.IdempotencyKey == "" {
		return Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "idempotency_key: missing"}
	}
	meta.IdempotencyKey = app.ScopedKey(gameID, meta.Actor, meta.IdempotencyKey)
	if meta.RecordedAt.IsZero() {
		now := time.Now
		if d.Now != nil {
			now = d.Now
		}
		meta.RecordedAt = now().UTC()
	}
	defer d.lock(gameID)()
	retries := max(d.Retries, 1)
	for attempt := 1; ; attempt++ {
		c := d.cached(gameID)
		if c != nil && attempt == 1 && awaitsClock(c.game) && !d.catchUp(ctx, gameID, c, nil, c.game) {
			d.forget(gameID)
			c = nil
		}
		fromCache := c != nil
		if fromCache && c.has(meta.IdempotencyKey) {
			// a retried command: its first answer is on the log
			d.forget(gameID)
			c, fromCache = nil, false
		}
		var recs []app.Recorded
		if !fromCache {
			var head events.Head
			var err error
			recs, head, err = d.Store.Load(ctx, gameID)
			if err != nil {
				outcome = "error"
				return Outcome{}, fmt.Errorf("loading game %s: %w", gameID, err)
			}
			done, err := withKey(recs, meta.IdempotencyKey)
			if err != nil {
				outcome = "rejected"
				return Outcome{}, err
			}
			if len(done) > 0 {
				outcome = "repeated"
				return Outcome{GameID: gameID, Events: done, Version: lastSeq(recs), Repeated: true}, nil
			}
			c = &cachedGame{head: head}
			if n := len(recs); n > 0 {
				c.lastAt = recs[n-1].Envelope.RecordedAt
			}
		}
		head := c.head
		at := meta.RecordedAt
		if at.Before(c.lastAt) {
			// the log's instants never go back, even when several copies
			// of the service stamp commands with slightly different clocks
			at = c.lastAt
		}
		g := c.game
		if g == nil {
			if g, err = app.Fold(recs); err != nil {
				d.forget(gameID)
				outcome = "error"
				return Outcome{}, fmt.Errorf("game %s: %w", gameID, err)
			}
		}
		evs, err := decision(g, at)
		if err != nil {
			if fromCache {
				d.forget(gameID) // a refusal is given on the log, not on a cache
				continue
			}
			outcome = "rejected"
			return Outcome{}, err
		}
		if len(evs) == 0 {
			outcome = "nothing"
			return Outcome{GameID: gameID, Version: head.Version}, nil
		}
		m := meta
		m.RecordedAt = at
		written, newHead, err := d.Store.Append(ctx, gameID, head, m, evs)
		if errors.Is(err, app.ErrConflict) || errors.Is(err, app.ErrAlreadyApplied) {
			if !errors.Is(err, app.ErrConflict) || !d.catchUp(ctx, gameID, c, recs, g) {
				d.forget(gameID)
			}
			if attempt < retries || (fromCache && attempt < retries+1) {
				if d.Metrics != nil {
					d.Metrics.AppendConflicts.WithLabelValues("games").Inc()
				}
				continue
			}
		}
		if err != nil {
			outcome = "error"
			if errors.Is(err, app.ErrConflict) {
				outcome = "conflict"
			}
			return Outcome{}, fmt.Errorf("appending to game %s: %w", gameID, err)
		}
		if len(written) > 0 && written[0].Envelope.Seq != head.Version+1 {
			// the store recognised the key: the command had landed before
			d.forget(gameID)
			outcome = "repeated"
			return Outcome{GameID: gameID, Events: written, Version: lastSeq(written), Repeated: true}, nil
		}
		if d.CacheGames > 0 {
			d.keep(gameID, c, recs, g, written, newHead, meta.IdempotencyKey)
		}
		if d.Metrics != nil {
			for _, r := range written {
				d.Metrics.EventsAppended.WithLabelValues("games", r.Envelope.Type).Inc()
			}
		}
		if d.Log != nil && len(written) > 0 {
			// a move is the commonest command by far (thousands a second
			// in an Olympiad round): logged at debug level; the others,
			// rare and each an incident or a step of the event, at info
			level := zap.InfoLevel
			if name == "make_move" {
				level = zap.DebugLevel
			}
			if ce := d.Log.Check(level, name); ce != nil {
				fields := []zap.Field{wiring.GameID(gameID), wiring.Seq(lastSeq(written)),
					wiring.Actor(meta.Actor.Role, meta.Actor.ID), zap.Int("events", len(written))}
				if t := g.Setup().TournamentID; t != "" {
					fields = append(fields, wiring.TournamentID(t))
				}
				ce.Write(fields...)
			}
		}
		return Outcome{GameID: gameID, Events: written, Version: lastSeq(written)}, nil
	}
}

// catchUp brings the game the decision was made on (c, folded as g from
// recs when it was not cached) up to the game's head after a conflict:
// it folds in only the events written since c's head (app.StoreAfter)
// and caches the result, so that the next attempt decides on it without
// reading the whole log. False when the store cannot, the read fails or
// the events do not fold: the caller forgets the game and the next
// attempt reads the log whole, as without the cache.
func (d *Decider) catchUp(ctx context.Context, gameID string, c *cachedGame, recs []app.Recorded, g *domain.Game) bool {
	st, ok := d.Store.(app.StoreAfter)
	if !ok || d.CacheGames <= 0 || g == nil {
		return false
	}
	more, head, err := st.LoadAfter(ctx, gameID, c.head)
	if err != nil {
		return false
	}
	for _, r := range more {
		if r.Event != nil && g.ApplyAt(r.Envelope.RecordedAt, r.Event) != nil {
			return false
		}
	}
	if c.game == nil {
		c.keys = logKeys(c.keys, recs)
		c.game = g
	}
	c.keys = logKeys(c.keys, more)
	c.head = head
	if n := len(more); n > 0 {
		c.lastAt = more[n-1].Envelope.RecordedAt
	}
	d.remember(gameID, c)
	return true
}

// awaitsClock tells whether a cached game is likely behind its log: a game
// with a time control, no move played and its clock not started, whose
// clock.started the clocks service writes (an arbiter starts the clocks of
// a round just before its first moves). Its first command reads the events
// written since the cached head first, which spares the append that would
// fail on the stale head (every board's first move in a round).
func awaitsClock(g *domain.Game) bool {
	return g != nil && g.Setup().TimeControl != "" && g.Ply() == 0 && !g.Timer().Started()
}

// logKeys appends the idempotency keys of recs to keys (a command's
// events share one: each once).
func logKeys(keys []string, recs []app.Recorded) []string {
	for _, r := range recs {
		if k := r.Envelope.IdempotencyKey; k != "" && (len(keys) == 0 || keys[len(keys)-1] != k) {
			keys = append(keys, strings.Clone(k))
		}
	}
	return keys
}

// keep folds the events just written into the game the decision was made
// on and caches it as of newHead (forgets the game when they do not fold).
// recs is the log the game was folded from when it was not cached.
func (d *Decider) keep(gameID string, c *cachedGame, recs []app.Recorded, g *domain.Game, written []app.Recorded, newHead events.Head, key string) {
	for _, r := range written {
		if r.Event != nil && g.ApplyAt(r.Envelope.RecordedAt, r.Event) != nil {
			d.forget(gameID)
			return
		}
	}
	if c.game == nil {
		// first time cached: the keys of the log it was folded from
		c.keys = logKeys(c.keys, recs)
		c.game = g
	}
	c.keys = append(c.keys, key)
	c.head = newHead
	if n := len(written); n > 0 {
		c.lastAt = written[n-1].Envelope.RecordedAt
	}
	d.remember(gameID, c)
}

// withKey returns the events of the command with key in recs; an
// ErrKeyReused refusal when its client key names another command there.
func withKey(recs []app.Recorded, key string) ([]app.Recorded, error) {
	var out []app.Recorded
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

func lastSeq(recs []app.Recorded) uint64 {
	if len(recs) == 0 {
		return 0
	}
	return recs[len(recs)-1].Envelope.Seq
}
