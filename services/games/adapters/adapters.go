// Package adapters connects the games service to the event store of the
// events module (NATS JetStream): the adapters are package gamelog's, shared
// with the other services that write a game.
package adapters

import "github.com/hakem-chess/hakem/services/internal/gamelog"

type (
	// EventStore is a game's log in the events module's Store
	// (gamelog.EventStore).
	EventStore = gamelog.EventStore
	// Feed follows an aggregate's events through a JetStream ordered
	// consumer (gamelog.JetStreamFeed).
	Feed = gamelog.JetStreamFeed
)
