package wiring

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
)

// Port is a service's HTTP API, mounted on the gateway's mux (the
// gateway's Port).
type Port interface {
	Register(mux *http.ServeMux)
}

// Consumer is one of a service's event handlers: the router runs Handle
// on every message of the subjects Filter matches, in the consumer group
// Group (one of Groups), which the copies of the service share.
type Consumer struct {
	Group, Filter string
	Handle        func(msg *message.Message) error
	// Acts, when set, names the only event types the handler acts on: the
	// group's subscriber acknowledges the others as they arrive, before
	// the router (ActsOn). Handle must still check the type (Envelope):
	// an event whose type is not read without decoding reaches it.
	Acts []string
	// Add, when set, adds the consumer's handler to the router itself
	// (instead of Handle), on the subscriber of its group.
	Add func(r *message.Router, sub message.Subscriber) error
	// In names the service whose process runs the consumer when it is not
	// the service that declares it (arbiter-expulsions: the pairing's
	// handler, run where the arbiter runs, whose NATS user writes
	// tournament.<id>.arbiter).
	In string
}

// Plug is what a service's root package builds for `hakem serve`
// (pairing.New, scoring.New, ...): its name, its HTTP API and its event
// handlers. Serve mounts Queries on the gateway of every process that runs
// one; Commands in the service's own process (and answers them on
// hakem.http.<Name> for a gateway elsewhere), or, where the service does
// not run, forwards CommandRoutes there; and runs the Consumers.
type Plug struct {
	Name          string
	Queries       []Port
	Commands      Port
	CommandRoutes []string
	Consumers     []Consumer
	// Start, when set, starts what the service runs besides its handlers
	// (the clocks' watcher) in its own process; stop ends it.
	Start func(ctx context.Context) (stop func(), err error)
}

// Envelope decodes a router message's event if it is one of the types
// wanted (the zero envelope otherwise: most events on a subject, every
// move on the games' subjects, are not what a handler reacts to). The type
// is read first from the layout the events module writes (EventType); only
// an event of a type wanted, or one laid out otherwise, is decoded.
func Envelope(msg *message.Message, want ...string) (events.Envelope, error) {
	if t, ok := EventType(msg.Payload); ok && !slices.Contains(want, string(t)) {
		return events.Envelope{}, nil
	}
	var env events.Envelope
	if err := env.UnmarshalJSON(msg.Payload); err != nil {
		return events.Envelope{}, fmt.Errorf("event %s: %w", msg.UUID, err)
	}
	if !slices.Contains(want, env.Type) {
		return events.Envelope{}, nil
	}
	return env, nil
}
