package decide

import (
	"context"
	"hash/maphash"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// cached is an aggregate folded as of its head, with what a decision needs
// besides the folded state: the instant and id of its last event and the
// idempotency keys its commands were stored under (as marks). It does not
// keep the events themselves (memory per live game): a command whose key
// may be among keys is answered from the log (a retry is rare), and it is
// only read and changed under the aggregate's lock.
type cached[S any] struct {
	head   events.Head
	lastAt time.Time
	lastID string
	keys   []keyMark
	state  S
	folded bool // state holds the fold (else it is decided on a fresh one)
}

// keyMark is a stored idempotency key as the cache keeps it: 32 bits of
// the hashes of the whole key and of its client part
// (refusal.SplitCommandKey), 8 bytes a command of every live game where
// the scoped key itself took some 80 in the heap. Two different keys may
// share a mark (about one chance in 2^32 a comparison, a few hundred
// comparisons in a long game's command): has then sends the command to
// the log, which compares the keys themselves, so a mark can only cost a
// read, never a wrong answer.
type keyMark struct{ whole, client uint32 }

// keySeed seeds the marks (one per process: marks are never stored).
var keySeed = maphash.MakeSeed()

func markOf(key string) keyMark {
	client, _, _ := refusal.SplitCommandKey(key)
	return keyMark{uint32(maphash.String(keySeed, key)), uint32(maphash.String(keySeed, client))}
}

// has reports whether a command with this key, or another command with
// the same client key, may be in the aggregate's log: true whenever
// refusal.SameCommand of a stored key and this one says the same command
// or a reused key (a stored key equal to this one, to its client part,
// or with the same client part), and, rarely, when a mark only collides.
func (c *cached[S]) has(key string) bool {
	m := markOf(key)
	for i := len(c.keys) - 1; i >= 0; i-- {
		if k := c.keys[i]; k.whole == m.whole || k.whole == m.client || k.client == m.client {
			return true
		}
	}
	return false
}

// lock takes the aggregate's lock (the cache is on) and returns it, for
// the caller to unlock: the mutex itself, as the method value m.Unlock
// would be a closure allocated on every command.
func (d *Decider[T, S]) lock(id string) *sync.Mutex {
	d.locksOnce.Do(func() { d.locks = new([4096]sync.Mutex) })
	// FNV-1a, inline (no hasher allocated per command)
	h := uint32(2166136261)
	for i := 0; i < len(id); i++ {
		h ^= uint32(id[i])
		h *= 16777619
	}
	m := &d.locks[h%uint32(len(d.locks))]
	m.Lock()
	return m
}

func (d *Decider[T, S]) cached(id string) *cached[S] {
	d.mu.Lock()
	defer d.mu.Unlock()
	c := d.cache[id]
	if c == nil {
		// used again: back into the young generation
		if c = d.older[id]; c != nil {
			delete(d.older, id)
			d.young(id, c)
		}
	}
	if c == nil || !c.folded {
		return nil
	}
	return c
}

func (d *Decider[T, S]) remember(id string, c *cached[S]) { d.keepOwned(id, c, false) }

// keepOwned is remember; owned says c's head hash and last id are strings
// of their own (an append's fresh events'), which need no copy.
func (d *Decider[T, S]) keepOwned(id string, c *cached[S], owned bool) {
	if d.Cache <= 0 {
		return
	}
	// The head's hash and the last event's id may be slices of a decoded
	// envelope's one string of all its fields (some 500 bytes, its
	// signature and keys among them): copied, so that the cache holds
	// their 100 bytes and not the envelope's text, for every live game.
	if !owned {
		c.head.Hash, c.lastID = strings.Clone(c.head.Hash), strings.Clone(c.lastID)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.older, id)
	if d.Done != nil && c.folded && d.Done(c.state) {
		delete(d.cache, id)
		return
	}
	d.young(id, c)
}

// young puts c in the young generation. The cache holds at most Cache
// aggregates in two generations: when the young one is full (half of
// Cache), it becomes the old one and the old one is dropped, so the
// aggregates forgotten are those not used during a whole generation —
// never the ones in play, as when the whole cache was dropped at its
// bound (at 20,000 live games and a bound of 10,000, every move then read
// its game's log again). Called with d.mu held.
func (d *Decider[T, S]) young(id string, c *cached[S]) {
	if d.cache == nil {
		d.cache = map[string]*cached[S]{}
	}
	if _, ok := d.cache[id]; !ok && len(d.cache) >= max(d.Cache/2, 1) {
		d.older, d.cache = d.cache, map[string]*cached[S]{}
	}
	d.cache[id] = c
}

// Forget drops the aggregate's cached state: its next command reads the
// log (a handler that appends past the decider, such as a log's repair,
// calls it).
func (d *Decider[T, S]) Forget(id string) { d.forget(id) }

func (d *Decider[T, S]) forget(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.cache, id)
	delete(d.older, id)
}

// catchUp brings the state the decision was made on (c, folded as s from
// recs when it was not cached) up to the aggregate's head after a
// conflict: it folds in only the events written since c's head
// (StoreAfter) and caches the result, so that the next attempt decides on
// it without reading the whole log. False when the store cannot, the read
// fails or the events do not fold: the caller forgets the aggregate and
// the next attempt reads the log whole, as without the cache.
func (d *Decider[T, S]) catchUp(ctx context.Context, id string, c *cached[S], recs []Recorded, s S) bool {
	st, ok := d.Store.(StoreAfter)
	if !ok || d.Cache <= 0 || s == nil {
		return false
	}
	more, head, err := st.LoadAfter(ctx, id, c.head)
	if err != nil {
		return false
	}
	for i := range more {
		if r := &more[i]; r.Event != nil && s.Evolve(&r.Envelope, r.Event) != nil {
			return false
		}
	}
	if !c.folded {
		c.keys = logKeys(c.keys, recs)
		c.state, c.folded = s, true
		forgetMoves(s)
	}
	c.keys = logKeys(c.keys, more)
	c.head = head
	if n := len(more); n > 0 {
		c.lastAt, c.lastID = more[n-1].Envelope.RecordedAt, more[n-1].Envelope.ID
	}
	d.remember(id, c)
	return true
}

// forgetMoves drops from a state about to be cached what only an export
// reads, when the state can (a game's or a clock's ForgetMoves: its
// clock's record of completed moves, 24 bytes a move of every live game):
// a cached state only decides; an export folds the log afresh.
func forgetMoves(s any) {
	if f, ok := s.(interface{ ForgetMoves() }); ok {
		f.ForgetMoves()
	}
}

// logKeys appends the marks of the idempotency keys of recs to keys (a
// command's events share one: each once).
func logKeys(keys []keyMark, recs []Recorded) []keyMark {
	for _, r := range recs {
		if k := r.Envelope.IdempotencyKey; k != "" {
			if m := markOf(k); len(keys) == 0 || keys[len(keys)-1] != m {
				keys = append(keys, m)
			}
		}
	}
	return keys
}

// keep folds the events just written into the state the decision was made
// on and caches it as of newHead (forgets the aggregate when they do not
// fold). recs is the log the state was folded from when it was not cached.
func (d *Decider[T, S]) keep(id string, c *cached[S], recs []Recorded, s S, written []Recorded, newHead events.Head, key string) {
	for i := range written {
		if r := &written[i]; r.Event != nil && s.Evolve(&r.Envelope, r.Event) != nil {
			d.forget(id)
			return
		}
	}
	if !c.folded {
		// first time cached: the keys of the log it was folded from
		c.keys = logKeys(c.keys, recs)
		c.state, c.folded = s, true
		forgetMoves(s)
	}
	c.keys = append(c.keys, markOf(key))
	c.head = newHead
	owned := false
	if n := len(written); n > 0 {
		last := &written[n-1].Envelope
		c.lastAt, c.lastID = last.RecordedAt, last.ID
		// an append's fresh events (JSON set: built here, not read
		// back) have an id and a hash that are strings of their own
		if written[n-1].JSON != nil && newHead.Hash == last.Hash {
			c.head.Hash, owned = last.Hash, true
		}
	}
	d.keepOwned(id, c, owned)
}
