// Package gamelog is a game's event log as the services that write a game
// see it (games, clocks and arbiter each append as their own writer to the
// game's subjects): its recorded events, the metadata of a command, the
// store's ports (Store, StoreAfter, Feed), the damage of a log that does not
// read whole, and their adapter to the events module's JetStream store
// (EventStore, JetStreamFeed).
package gamelog

import (
	"context"
	"errors"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// The game's log is one aggregate's log of the decide loop (package
// decide): its types are decide's, named here for the services that write
// a game. The aliases are kept as an API choice: the games, the clocks, the
// arbiter and the pages read a game's log through this one package (its
// adapter EventStore, its FollowReplays) without having to know that the
// log's types are the generic loop's.
type (
	// Recorded is one event of a game as the log holds it.
	Recorded = decide.Recorded
	// Meta is what a command adds to the events it produces.
	Meta = decide.Meta
	// Store is a game's event log (EventStore is the events module's).
	Store = decide.Store
	// StoreAfter is a Store that also reads only a game's events after a
	// head (EventStore through eventstore.Store.LoadAfter).
	StoreAfter = decide.StoreAfter
)

// ErrConflict is wrapped by Store.Append's error when the game has moved on
// since the head the decision was made on: decide again on fresh state.
var ErrConflict = decide.ErrConflict

// ErrAlreadyApplied is wrapped by Store.Append's error when the command's
// idempotency key landed earlier: reload, and its events are there.
var ErrAlreadyApplied = decide.ErrAlreadyApplied

// Feed follows a game's events as they are written.
type Feed interface {
	// Follow calls fn with every event of the game from sequence from on
	// (1: all), in order, then with each new one as it is written, until
	// ctx ends or fn returns an error.
	Follow(ctx context.Context, gameID string, from uint64, fn func(events.Envelope) error) error
}

// ScopedKey is the idempotency key a command is stored under: the client's
// key within the game and the actor (decide.ScopedKey).
func ScopedKey(gameID string, actor events.Actor, key string) string {
	return decide.ScopedKey(gameID, actor, key)
}

// Damaged is the error of a Load whose log holds a message that does not
// decode or does not chain (eventstore.Damage) and that no game.log_repaired
// voids: Recs and Head are the game up to its last good event, which the
// reads show with the damage; commands are refused (409 log_damaged)
// until an arbiter repairs the log (games/app/command.RepairLog).
type Damaged struct {
	GameID string
	Damage eventstore.Damage
	Recs   []Recorded
	// Head is the head after the last good event, with the stream
	// sequence of the last message on the game's subjects: what the
	// repair is appended on.
	Head events.Head
}

// Error implements error: "log damaged at seq N".
func (d *Damaged) Error() string {
	return fmt.Sprintf("game %s: log damaged at seq %d: %s", d.GameID, d.Damage.Seq, d.Damage.Reason)
}

// Unwrap makes the damage a refusal (refusal.ErrLogDamaged) for the
// ports: 409 log_damaged "log damaged at seq N".
func (d *Damaged) Unwrap() error {
	return &refusal.Refusal{Kind: refusal.ErrLogDamaged, Reason: fmt.Sprintf("log damaged at seq %d (%s): an arbiter repairs it (POST /api/games/%s/repair)", d.Damage.Seq, d.Damage.Reason, d.GameID)}
}

// Loaded is the game of a Load that may have found damage: the events up
// to the last good one, and the damage (nil when none). Any other error
// is returned as it is.
func Loaded(recs []Recorded, err error) ([]Recorded, *eventstore.Damage, error) {
	var d *Damaged
	if errors.As(err, &d) {
		return d.Recs, &d.Damage, nil
	}
	return recs, nil, err
}

// ReplayOf returns the game ordered to be played in place of the game
// recorded as recs (its arbiter.replay_ordered), if any: the fact the
// arbiter records and the pairing follows to the board's game.
func ReplayOf(recs []Recorded) (string, bool) {
	for _, r := range recs {
		if o, ok := r.Event.(*events.ReplayOrdered); ok {
			return o.ReplayGameID, true
		}
	}
	return "", false
}

// Events returns the decoded events of recs, in order (a record whose event
// did not decode is left out).
func Events(recs []Recorded) []events.Event {
	out := make([]events.Event, 0, len(recs))
	for _, r := range recs {
		if r.Event != nil {
			out = append(out, r.Event)
		}
	}
	return out
}

// MaxReplays bounds how many replays of replays a board's game is followed
// through (FollowReplays): more is a broken log, not an arbiter's work.
const MaxReplays = 16

// Loader loads a game's log (a service's store, or the audit's source).
type Loader func(ctx context.Context, gameID string) ([]Recorded, error)

// FollowReplays returns the game that counts for a board whose game is
// gameID: the game itself, or, when the arbiter annulled it and ordered a
// new game (arbiter.replay_ordered, read by ReplayOf: 2023 7.2.1, 1997
// 7.1a), the replay, and the replay's replay in turn. The annulled games
// stay in the log but count for nothing; the last game's result is the
// board's result. It returns that game's id and log.
func FollowReplays(ctx context.Context, load Loader, gameID string) (string, []Recorded, error) {
	id := gameID
	for range MaxReplays + 1 {
		recs, err := load(ctx, id)
		if err != nil {
			return "", nil, err
		}
		next, ok := ReplayOf(recs)
		if !ok {
			return id, recs, nil
		}
		id = next
	}
	return "", nil, fmt.Errorf("game %s: more than %d replays ordered", gameID, MaxReplays)
}
