// Package keyledger binds a client's idempotency key to one command
// across every game and tournament (issue 17: "an idempotency key means
// one command").
//
// Within one aggregate the log itself binds a key: the decide loops find
// the key in the aggregate's events and answer the same command with its
// first answer, a different one 409 (refusal.SameCommand). A key used on
// ANOTHER aggregate is not in that log; the Ledger closes that gap. It is
// the event store's KeyBinder (eventstore.Config.Keys): before a command
// is appended, the actor's key is looked up; a key the actor used for a
// different command (another hash: another endpoint, game, tournament or
// body) refuses the command with refusal.ErrKeyReused (409
// idempotency_key_reused, naming the key), and nothing is appended.
//
// Scope: per actor (the role and id the events record, which the token
// fixes under authorisation): two actors' keys never collide, and a
// client's own key names one command whatever it is sent to. Only keys of
// commands from clients (those carrying a command hash, refusal.CommandKey)
// are bound; a service's own keys (a flag fall's) are not.
//
// Durability: the binding is not written anywhere but the log: every
// event carries its command's scoped key and hash, so at start Load reads
// the events of the last Window from every stream and learns their keys
// (before the process takes a command: about 16,000 events a second on a
// shared 2-core machine, so a day of a large event adds about a minute to
// a restart).
// A key stays bound across aggregates for at least Window (up to twice
// that: two generations of bindings), and within its aggregate for ever.
// The cost on the move path is one map lookup and insert under a mutex
// (two 64-bit words a command: the hashes of the actor's key and of the
// command).
//
// Limits: the ledger is a process's. In `hakem serve` every writer runs in
// one process and shares it; with the services split over processes (or
// several copies of a writer), a key reused at once on two services'
// aggregates is caught only by the process that sees both (after a
// restart, by every one).
package keyledger

import (
	"context"
	"fmt"
	"hash/maphash"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Window is how long a key stays bound across aggregates at least.
const Window = 24 * time.Hour

// Ledger is the bindings of the clients' keys to their commands' hashes;
// its zero value is not usable: New. Safe for concurrent use.
type Ledger struct {
	seed maphash.Seed
	now  func() time.Time

	mu        sync.Mutex
	cur, prev map[uint64]uint64 // hash of "role:id/key" → command hash
	rotated   time.Time
}

// New returns an empty ledger on clock now (time.Now when nil).
func New(now func() time.Time) *Ledger {
	if now == nil {
		now = time.Now
	}
	return &Ledger{seed: maphash.MakeSeed(), now: now, cur: map[uint64]uint64{}, rotated: now()}
}

// Bind binds the key of the command whose first event is first (see the
// package doc): bound when it was not bound before; an ErrKeyReused
// refusal when the actor used it for another command.
func (l *Ledger) Bind(first *events.Envelope) (bool, error) {
	k, client, hash, ok := l.keyOf(first)
	if !ok {
		return false, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rotate()
	if h, found := l.lookup(k); found {
		if h == hash {
			return false, nil
		}
		return false, &refusal.Refusal{Kind: refusal.ErrKeyReused, Reason: fmt.Sprintf(
			"idempotency_key: %q was already used by %s:%s for a different command (another game, tournament, endpoint or body); a key names one command: send a new key",
			describe(client), first.Actor.Role, first.Actor.ID)}
	}
	l.cur[k] = hash
	return true, nil
}

// Unbind forgets a binding Bind made for a command that was not appended.
func (l *Ledger) Unbind(first *events.Envelope) {
	k, _, hash, ok := l.keyOf(first)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if h, found := l.cur[k]; found && h == hash {
		delete(l.cur, k)
	}
}

// Learn binds the key of an event already in the log (Load), without
// refusing: a key bound twice keeps the later command.
func (l *Ledger) Learn(env *events.Envelope) {
	k, _, hash, ok := l.keyOf(env)
	if !ok {
		return
	}
	l.mu.Lock()
	l.cur[k] = hash
	l.mu.Unlock()
}

// Len returns how many keys are bound.
func (l *Ledger) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.cur) + len(l.prev)
}

// loadTimeout bounds Load: a day of an Olympiad's moves (a million events)
// is read in about a minute on a shared 2-core machine (50,000 events in
// 3.2 s at load 15).
const loadTimeout = 30 * time.Minute

// Load learns the keys of the events st stored in the last Window.
func (l *Ledger) Load(ctx context.Context, st *eventstore.Store) (int, error) {
	// a deadline of its own: the store's reads bound one without it far
	// shorter (ten acknowledgement timeouts)
	ctx, cancel := context.WithTimeout(ctx, loadTimeout)
	defer cancel()
	n := 0
	err := st.ReadSince(ctx, l.now().Add(-Window), func(r eventstore.Record) error {
		n++
		l.Learn(&r.Envelope)
		return nil
	})
	return n, err
}

// lookup finds k in either generation.
func (l *Ledger) lookup(k uint64) (uint64, bool) {
	if h, ok := l.cur[k]; ok {
		return h, true
	}
	h, ok := l.prev[k]
	return h, ok
}

// rotate starts a new generation every Window, dropping the one before
// the last.
func (l *Ledger) rotate() {
	if now := l.now(); now.Sub(l.rotated) >= Window {
		l.prev, l.cur, l.rotated = l.cur, make(map[uint64]uint64, len(l.cur)), now
	}
}

// keyOf splits a stored key, [tournament/]<id>/<role>:<actor id>/<client
// key>#<command hash> (decide.ScopedKey, refusal.CommandKey): the hash of
// "<role>:<actor id>/<client key>", the client key and the command hash.
// ok is false for a key without a command hash or of another shape.
func (l *Ledger) keyOf(env *events.Envelope) (k uint64, client string, hash uint64, ok bool) {
	scoped, client, h, ok := split(env)
	if !ok {
		return 0, "", 0, false
	}
	return maphash.String(l.seed, scoped), client, h, true
}

func split(env *events.Envelope) (scoped, client string, hash uint64, ok bool) {
	key, agg, a := env.IdempotencyKey, env.Aggregate, env.Actor
	body, cmd, found := refusal.SplitCommandKey(key)
	if !found {
		return "", "", 0, false
	}
	if agg.Kind == events.KindTournament {
		body = strings.TrimPrefix(body, "tournament/")
	}
	rest, found := cut(body, agg.ID, '/')
	if !found {
		return "", "", 0, false
	}
	scoped = rest
	if rest, found = cut(rest, a.Role, ':'); !found {
		return "", "", 0, false
	}
	if client, found = cut(rest, a.ID, '/'); !found {
		return "", "", 0, false
	}
	hash, err := strconv.ParseUint(cmd, 16, 64)
	if err != nil {
		return "", "", 0, false
	}
	return scoped, client, hash, true
}

// cut returns s after prefix and sep, if s starts with them.
func cut(s, prefix string, sep byte) (string, bool) {
	if len(s) <= len(prefix) || s[:len(prefix)] != prefix || s[len(prefix)] != sep {
		return "", false
	}
	return s[len(prefix)+1:], true
}

// describe shortens a client key for a message.
func describe(k string) string {
	if len(k) > 128 {
		return k[:128] + "…"
	}
	return k
}
