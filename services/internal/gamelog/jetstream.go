package gamelog

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go/jetstream"
)

// EventStore is a service's view of the events module's Store: a game's
// aggregate, read whole and written as Writer (the games writer when empty;
// the clocks and the arbiter write as theirs).
type EventStore struct {
	Store  *eventstore.Store
	Writer events.Writer
}

// Load reads every event of the game (all writers) and decodes it. A log
// the store cannot read whole, or whose events do not chain, is read
// again message by message (eventstore.Store.LoadTolerant): a message that
// does not decode or chain is set aside, the game stands at its last good
// event, and unless a game.log_repaired voids the message the error is an
// *Damaged holding that game.
func (s EventStore) Load(ctx context.Context, gameID string) ([]Recorded, events.Head, error) {
	envs, head, err := s.Store.Load(ctx, events.Game(gameID))
	if err == nil && chained(events.Game(gameID), envs, events.Head{}) {
		return decoded(gameID, envs, head)
	}
	if err != nil && ctx.Err() != nil {
		return nil, events.Head{}, err
	}
	good, head, damage, terr := s.Store.LoadTolerant(ctx, events.Game(gameID))
	if terr != nil {
		if err == nil {
			err = terr
		}
		return nil, events.Head{}, err
	}
	recs, _, derr := decoded(gameID, good, head)
	if derr != nil {
		return nil, events.Head{}, derr
	}
	if damage != nil {
		return nil, events.Head{}, &Damaged{GameID: gameID, Damage: *damage, Recs: recs, Head: head}
	}
	return recs, head, nil
}

// LoadAfter reads the game's events after head (all writers) and decodes
// them (StoreAfter); an error when they do not chain on head (the
// caller then reads the log whole with Load).
func (s EventStore) LoadAfter(ctx context.Context, gameID string, head events.Head) ([]Recorded, events.Head, error) {
	envs, next, err := s.Store.LoadAfter(ctx, events.Game(gameID), head)
	if err != nil {
		return nil, events.Head{}, err
	}
	if !chained(events.Game(gameID), envs, head) {
		return nil, events.Head{}, fmt.Errorf("game %s: the events after version %d do not chain on it", gameID, head.Version)
	}
	return decoded(gameID, envs, next)
}

// chained reports whether envs follow on from head, one after the other
// (event numbers, previous hashes, aggregate): the cheap check of every
// load; LoadTolerant checks hashes too when it fails.
func chained(agg events.Aggregate, envs []events.Envelope, head events.Head) bool {
	seq, prev := head.Version, head.Hash
	for i := range envs {
		e := &envs[i]
		if e.Seq != seq+1 || e.PrevHash != prev || e.Aggregate != agg {
			return false
		}
		seq, prev = e.Seq, e.Hash
	}
	return true
}

// decoded pairs each envelope with its decoded event; a game.log_repaired
// or game.log_attested has none (it changes nothing in the game: the
// folds skip it).
func decoded(gameID string, envs []events.Envelope, head events.Head) ([]Recorded, events.Head, error) {
	out := make([]Recorded, len(envs))
	for i, e := range envs {
		out[i] = Recorded{Envelope: e}
		if events.AboutTheLog(e.Type) {
			continue
		}
		ev, err := events.Decode(e)
		if err != nil {
			return nil, events.Head{}, fmt.Errorf("game %s event %d: %w", gameID, e.Seq, err)
		}
		out[i].Event = ev
	}
	return out, head, nil
}

// Append writes the events of one command as the games writer.
func (s EventStore) Append(ctx context.Context, gameID string, expected events.Head, meta Meta, evs []events.Event) ([]Recorded, events.Head, error) {
	w := s.Writer
	if w == "" {
		w = events.WriterGames
	}
	envs, stored, head, err := s.Store.AppendWithJSON(ctx, events.Game(gameID), w, expected, meta.IdempotencyKey,
		events.Meta{Actor: meta.Actor, CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, RecordedAt: meta.RecordedAt}, evs...)
	if err != nil {
		return nil, events.Head{}, err
	}
	out := make([]Recorded, len(envs))
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
		if events.AboutTheLog(e.Type) {
			ev = nil // the folds skip it (see decoded)
		}
		out[i] = Recorded{Envelope: e, Event: ev}
		if stored != nil {
			out[i].JSON = stored[i] // the answer's, encoded once
		}
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

// JetStreamFeed follows games (or, with Kind set, another kind of aggregate)
// through a JetStream ordered consumer (an ephemeral, flow-controlled
// consumer that the client re-creates after a gap), so that a slow HTTP
// client costs the server nothing but its own consumer.
type JetStreamFeed struct {
	JS   jetstream.JetStream
	Kind events.Kind // events.KindGame when empty
	// Partitions is the store's game partition count (0 or 1: the one
	// stream GAMES): a game is followed in its partition's stream.
	Partitions events.GamePartitions
}

// FeedHeartbeat is the idle heartbeat a live feed's pull requests ask the
// server for: the client library's default for an ordered consumer, kept
// on purpose. When the library leaves no pull request at the server (see
// eventstore.ReadHeartbeat: a check skipped while its previous request is
// still being sent), a feed waits two heartbeats for the library to pull
// again, here 10 s. The store's own reads (the flag watch, the witness)
// ask for 1 s; a feed does not, because there is one per open spectator
// connection (a game's NDJSON, the live game and hall pages): at 1 s,
// 2,000 idle spectators cost about a third of a core in heartbeats alone
// (0.15 ms of CPU a heartbeat, client and server, measured in ebec81a),
// five times what they cost at 5 s, for a pause that needs more than 250
// of one game's events read in the library's window and was never seen.
const FeedHeartbeat = 5 * time.Second

// Follow implements Feed.
func (f JetStreamFeed) Follow(ctx context.Context, gameID string, from uint64, fn func(events.Envelope) error) error {
	agg := events.Game(gameID)
	if f.Kind != "" {
		agg.Kind = f.Kind
	}
	if err := agg.Check(); err != nil {
		return err
	}
	c, err := f.JS.OrderedConsumer(ctx, f.Partitions.Stream(agg), jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{f.Partitions.Filter(agg)},
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("following %s: %w", agg, err)
	}
	// The heartbeat bounds the pause when the client library leaves no
	// pull request at the server (see FeedHeartbeat).
	it, err := c.Messages(jetstream.PullHeartbeat(FeedHeartbeat))
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
			continue // a message that does not decode: set aside (see EventStore.Load)
		}
		if e.Seq < from {
			continue
		}
		if err := fn(e); err != nil {
			return err
		}
	}
}
