package decide_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// offers is a state that counts a game's draw offers and keeps the id of
// its last event.
type offers struct {
	n    int
	last string
}

func (o *offers) Evolve(env *events.Envelope, ev events.Event) error {
	if _, ok := ev.(*events.DrawOffered); ok {
		o.n++
	}
	o.last = env.ID
	return nil
}

var errInvalid = errors.New("invalid")

// offer decides one more offer, refused after max.
func offer(max int) func(*offers, time.Time) ([]events.Event, error) {
	return func(o *offers, _ time.Time) ([]events.Event, error) {
		if o.n >= max {
			return nil, &refusal.Refusal{Kind: errInvalid, Reason: "enough offers"}
		}
		return []events.Event{events.DrawOffered{By: events.White}}, nil
	}
}

func player(key string) decide.Meta {
	return decide.Meta{IdempotencyKey: key, Actor: events.Actor{Role: "player", ID: "w"}}
}

// TestHandle: the loop's guarantees, with and without the cache, on a
// real store: a command without key is refused with the service's kind;
// a repeated key answers the first events and appends nothing; a command
// keyed by its decision is written once, caused by the log's last event;
// two deciders on one log (two copies of a service) decide on fresh
// state after a conflict.
func TestHandle(t *testing.T) {
	for _, cache := range []int{0, 10} {
		ctx := context.Background()
		store := gamelog.EventStore{Store: natstest.Store(t)}
		newDecider := func() *decide.Decider[offers, *offers] {
			return &decide.Decider[offers, *offers]{Config: decide.Config{Store: store, Retries: 4, Cache: cache},
				Service: "test", Invalid: errInvalid}
		}
		one, two := newDecider(), newDecider()
		cmd := decide.Command{Name: "offer", Meta: player("k1")}

		if _, err := one.Handle(ctx, "g1", decide.Command{Name: "offer"}, offer(9)); !errors.Is(err, errInvalid) {
			t.Fatalf("cache %d: no key: %v, want the Invalid kind", cache, err)
		}
		first, err := one.Handle(ctx, "g1", cmd, offer(9))
		if err != nil || first.Repeated || first.Version != 1 {
			t.Fatalf("cache %d: first: %+v %v", cache, first, err)
		}
		again, err := one.Handle(ctx, "g1", cmd, offer(9))
		if err != nil || !again.Repeated || again.Events[0].Envelope.ID != first.Events[0].Envelope.ID {
			t.Fatalf("cache %d: repeated: %+v %v", cache, again, err)
		}
		// two copies in turn: each decides on the other's events
		for i, d := range []*decide.Decider[offers, *offers]{two, one, two} {
			o, err := d.Handle(ctx, "g1", decide.Command{Name: "offer", Meta: player(string(rune('a' + i)))}, offer(9))
			if err != nil || o.Version != uint64(i+2) {
				t.Fatalf("cache %d: offer %d: %+v %v", cache, i, o, err)
			}
		}
		if _, err := one.Handle(ctx, "g1", decide.Command{Name: "offer", Meta: player("z")}, offer(4)); !errors.Is(err, errInvalid) {
			t.Fatalf("cache %d: fifth offer: %v, want refused on the log's four", cache, err)
		}
		// keyed by its decision: written once by both copies
		keyed := decide.Command{Name: "system", Meta: decide.Meta{Actor: events.Actor{Role: "system", ID: "test"}},
			CausedByLast: true, Key: func([]events.Event) string { return "fifth" }}
		a, err := one.Handle(ctx, "g1", keyed, offer(9))
		if err != nil || a.Repeated || a.Events[0].Envelope.CausationID == "" {
			t.Fatalf("cache %d: keyed: %+v %v", cache, a, err)
		}
		b, err := two.Handle(ctx, "g1", keyed, offer(9))
		if err != nil || !b.Repeated || b.Events[0].Envelope.ID != a.Events[0].Envelope.ID {
			t.Fatalf("cache %d: keyed again: %+v %v", cache, b, err)
		}
		recs, _, err := store.Load(ctx, "g1")
		if err != nil || len(recs) != 5 || a.Events[0].Envelope.CausationID != recs[3].Envelope.ID {
			t.Fatalf("cache %d: the log holds %d events (%v), want 5, the last caused by the fourth", cache, len(recs), err)
		}
	}
}

// TestHandleScope: a decider with Scope stores its commands under the
// keys Scope gives (a tournament's "tournament/<id>/<role>:<actor>/<key>"),
// finds a command stored under such a key as repeated, and refuses an id
// CheckID refuses before reading anything.
func TestHandleScope(t *testing.T) {
	ctx := context.Background()
	store := gamelog.EventStore{Store: natstest.Store(t)}
	errBadID := errors.New("bad id")
	d := &decide.Decider[offers, *offers]{Config: decide.Config{Store: store, Retries: 4}, Service: "test", Invalid: errInvalid,
		Scope: func(id string, a events.Actor, key string) string {
			return "tournament/" + decide.ScopedKey(id, a, key)
		},
		CheckID: func(id string) error {
			if id == "bad" {
				return &refusal.Refusal{Kind: errBadID, Reason: "id: bad"}
			}
			return nil
		}}
	cmd := decide.Command{Name: "offer", Meta: player("k1")}
	first, err := d.Handle(ctx, "g1", cmd, offer(9))
	if err != nil || len(first.Events) != 1 {
		t.Fatalf("first: %+v %v", first, err)
	}
	if got, want := first.Events[0].Envelope.IdempotencyKey, "tournament/g1/player:w/k1"; got != want {
		t.Fatalf("stored under %q, want %q", got, want)
	}
	again, err := d.Handle(ctx, "g1", cmd, offer(9))
	if err != nil || !again.Repeated || again.Events[0].Envelope.ID != first.Events[0].Envelope.ID {
		t.Fatalf("repeated: %+v %v", again, err)
	}
	if _, err := d.Handle(ctx, "bad", cmd, offer(9)); !errors.Is(err, errBadID) {
		t.Fatalf("bad id: %v, want CheckID's refusal", err)
	}
	if _, err := d.Handle(ctx, "bad", decide.Command{Name: "offer"}, offer(9)); !errors.Is(err, errInvalid) {
		t.Fatalf("bad id without key: %v, want the missing key first", err)
	}
}
