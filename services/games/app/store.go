// Package app is the games service's application layer: the ports to the
// event log shared by the command handlers (app/command) and the queries
// (app/query), and the fold of a game's events.
package app

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// The game's event log is shared by the services that write a game (games,
// clocks, arbiter): package gamelog. Its names are kept here for the games
// service's packages.
type (
	// Recorded is one event of a game as the log holds it.
	Recorded = gamelog.Recorded
	// Meta is what a command adds to the events it produces.
	Meta = gamelog.Meta
	// Store is a game's event log.
	Store = gamelog.Store
	// StoreAfter is a Store that also reads a game's events after a head.
	StoreAfter = gamelog.StoreAfter
	// Feed follows a game's events as they are written.
	Feed = gamelog.Feed
	// Damaged is the error of a Load whose log does not read whole.
	Damaged = gamelog.Damaged
)

// ErrConflict is wrapped by Store.Append's error when the game has moved on
// since the head the decision was made on (gamelog.ErrConflict).
var ErrConflict = gamelog.ErrConflict

// ErrAlreadyApplied is wrapped by Store.Append's error when the command's
// idempotency key landed earlier (gamelog.ErrAlreadyApplied).
var ErrAlreadyApplied = gamelog.ErrAlreadyApplied

// ScopedKey is the idempotency key a command is stored under
// (gamelog.ScopedKey).
func ScopedKey(gameID string, actor events.Actor, key string) string {
	return gamelog.ScopedKey(gameID, actor, key)
}

// Loaded is the game of a Load that may have found damage
// (gamelog.Loaded).
func Loaded(recs []Recorded, err error) ([]Recorded, *eventstore.Damage, error) {
	return gamelog.Loaded(recs, err)
}

// Fold rebuilds a game from its recorded events (decide.Fold).
func Fold(recs []Recorded) (*domain.Game, error) { return decide.Fold[domain.Game](recs) }
