// Package adapters connects the games service to the event store of the
// events module (NATS JetStream).
package adapters

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/nats-io/nats.go/jetstream"
)

// EventStore is a service's view of the events module's Store: a game's
// aggregate, read whole and written as Writer (the games writer when empty).
// The clocks service uses it too, as the clocks writer.
type EventStore struct {
	Store  *events.Store
	Writer events.Writer
}

// Load reads every event of the game (all writers) and decodes it.
func (s EventStore) Load(ctx context.Context, gameID string) ([]app.Recorded, events.Head, error) {
	envs, head, err := s.Store.Load(ctx, events.Game(gameID))
	if err != nil {
		return nil, events.Head{}, err
	}
	return decoded(gameID, envs, head)
}

// LoadAfter reads the game's events after head (all writers) and decodes
// them (app.StoreAfter).
func (s EventStore) LoadAfter(ctx context.Context, gameID string, head events.Head) ([]app.Recorded, events.Head, error) {
	envs, head, err := s.Store.LoadAfter(ctx, events.Game(gameID), head)
	if err != nil {
		return nil, events.Head{}, err
	}
	return decoded(gameID, envs, head)
}

// decoded pairs each envelope with its decoded event.
func decoded(gameID string, envs []events.Envelope, head events.Head) ([]app.Recorded, events.Head, error) {
	out := make([]app.Recorded, len(envs))
	for i, e := range envs {
		ev, err := events.Decode(e)
		if err != nil {
			return nil, events.Head{}, fmt.Errorf("game %s event %d: %w", gameID, e.Seq, err)
		}
		out[i] = app.Recorded{Envelope: e, Event: ev}
	}
	return out, head, nil
}

// Append writes the events of one command as the games writer.
func (s EventStore) Append(ctx context.Context, gameID string, expected events.Head, meta app.Meta, evs []events.Event) ([]app.Recorded, events.Head, error) {
	w := s.Writer
	if w == "" {
		w = events.WriterGames
	}
	envs, head, err := s.Store.Append(ctx, events.Game(gameID), w, expected, meta.IdempotencyKey,
		events.Meta{Actor: meta.Actor, CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, RecordedAt: meta.RecordedAt}, evs...)
	if err != nil {
		return nil, events.Head{}, err
	}
	out := make([]app.Recorded, len(envs))
	// envelopes built here from evs (not a retried command's earlier
	// ones) carry evs themselves: no need to decode what was just encoded
	fresh := len(envs) == len(evs) && len(envs) > 0 && envs[0].Seq == expected.Version+1
	ended := false
	for i, e := range envs {
		var ev events.Event
		if fresh {
			ev = pointerTo(evs[i])
		}
		if ev == nil || ev.EventType() != e.Type {
			if ev, err = events.Decode(e); err != nil {
				return nil, events.Head{}, err
			}
		}
		out[i] = app.Recorded{Envelope: e, Event: ev}
		_, ended = ev.(*events.GameEnded)
	}
	if ended {
		// A finished game's log is sealed so that reading it later costs
		// one lookup; a failure only leaves reads on the (slower) stream.
		_, _ = s.Store.Seal(ctx, events.Game(gameID))
	}
	return out, head, nil
}

// pointerTo returns a pointer to a copy of a catalogue event given as a
// value (the form events.Decode returns), the event itself if it is a
// pointer already, nil for anything else.
func pointerTo(ev events.Event) events.Event {
	v := reflect.ValueOf(ev)
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return ev
	case reflect.Struct:
		p := reflect.New(v.Type())
		p.Elem().Set(v)
		if e, ok := p.Interface().(events.Event); ok {
			return e
		}
	}
	return nil
}

// Feed follows games (or, with Kind set, another kind of aggregate)
// through a JetStream ordered consumer (an ephemeral, flow-controlled
// consumer that the client re-creates after a gap), so that a slow HTTP
// client costs the server nothing but its own consumer.
type Feed struct {
	JS   jetstream.JetStream
	Kind events.Kind // events.KindGame when empty
}

// Follow implements app.Feed.
func (f Feed) Follow(ctx context.Context, gameID string, from uint64, fn func(events.Envelope) error) error {
	agg := events.Game(gameID)
	if f.Kind != "" {
		agg.Kind = f.Kind
	}
	if err := agg.Check(); err != nil {
		return err
	}
	c, err := f.JS.OrderedConsumer(ctx, agg.Kind.StreamName(), jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{agg.Filter()},
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("following %s: %w", agg, err)
	}
	it, err := c.Messages()
	if err != nil {
		return fmt.Errorf("following %s: %w", agg, err)
	}
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return ctx.Err()
			}
			return fmt.Errorf("following %s: %w", agg, err)
		}
		e, err := events.DecodeEnvelope(msg.Data())
		if err != nil {
			return fmt.Errorf("following %s: %w", agg, err)
		}
		if e.Seq < from {
			continue
		}
		if err := fn(e); err != nil {
			return err
		}
	}
}
