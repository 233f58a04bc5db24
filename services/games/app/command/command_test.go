package command_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// newStore starts an embedded JetStream server in a temporary folder and
// opens the event store on it.
func newStore(t testing.TB) gamelog.EventStore {
	t.Helper()
	return gamelog.EventStore{Store: natstest.Store(t)}
}

func meta(key, player string) gamelog.Meta {
	return gamelog.Meta{IdempotencyKey: key, Actor: events.Actor{Role: "player", ID: player}}
}

func TestConcurrentCommands(t *testing.T) {
	for _, cache := range []int{0, 100} {
		t.Run(fmt.Sprint("cache ", cache), func(t *testing.T) { concurrentCommands(t, cache) })
	}
}

func concurrentCommands(t *testing.T, cache int) {
	ctx := context.Background()
	store := newStore(t)
	d := command.NewDecider(decide.Config{Store: store, Retries: 32, Cache: cache})
	create := command.CreateGameHandler{Decider: d}
	move := command.MakeMoveHandler{Decider: d}
	draw := command.DrawHandler{Decider: d}
	if _, err := create.Handle(ctx, command.CreateGame{GameID: "g1", Setup: events.GameCreated{White: "w", Black: "b"}, Meta: meta("c", "org")}); err != nil {
		t.Fatal(err)
	}

	// Eight different first moves race: exactly one lands; the others are
	// decided again on fresh state and refused (White is no longer on move).
	first := []string{"e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3"}
	errs := make([]error, len(first))
	var wg sync.WaitGroup
	for i, m := range first {
		wg.Go(func() {
			_, errs[i] = move.Handle(ctx, command.MakeMove{GameID: "g1", Player: "w", Move: m, Meta: meta("m"+m, "w")})
		})
	}
	wg.Wait()
	landed := 0
	for i, err := range errs {
		switch {
		case err == nil:
			landed++
		case errors.Is(err, refusal.ErrNotOnMove):
		default:
			t.Errorf("move %s: %v", first[i], err)
		}
	}
	if landed != 1 {
		t.Fatalf("%d first moves landed, want 1", landed)
	}

	// The same command sent eight times at once is applied once, and each
	// sender gets the same event back.
	ids := make([]string, 8)
	for i := range ids {
		wg.Go(func() {
			o, err := move.Handle(ctx, command.MakeMove{GameID: "g1", Player: "b", Move: "e5", Meta: meta("same", "b")})
			if err != nil {
				t.Errorf("retry %d: %v", i, err)
				return
			}
			ids[i] = o.Events[0].Envelope.ID
		})
	}
	wg.Wait()
	for _, id := range ids[1:] {
		if id != ids[0] {
			t.Fatalf("retries answered different events: %v", ids)
		}
	}

	// A draw offer racing with moves: every command is applied exactly once,
	// versions have no gap, and the chain verifies.
	for i := range 4 {
		wg.Go(func() {
			_, err := draw.Handle(ctx, command.Draw{GameID: "g1", Player: "b", Action: command.Offer, Meta: meta(fmt.Sprint("offer", i), "b")})
			if err != nil && !errors.Is(err, refusal.ErrNoOffer) {
				t.Errorf("offer: %v", err)
			}
		})
	}
	wg.Wait()
	recs, head, err := store.Load(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	envs := make([]events.Envelope, len(recs))
	for i, r := range recs {
		types = append(types, r.Envelope.Type)
		envs[i] = r.Envelope
		if r.Envelope.Seq != uint64(i+1) {
			t.Errorf("event %d has version %d", i, r.Envelope.Seq)
		}
	}
	want := []string{"game.created", "game.move_played", "game.move_played", "game.draw_offered"}
	if fmt.Sprint(types) != fmt.Sprint(want) || head.Version != 4 {
		t.Fatalf("log %v (head %d), want %v", types, head.Version, want)
	}
	if err := events.Verify(envs); err != nil {
		t.Fatal(err)
	}
}

func TestRefusalAppendsNothing(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	d := command.NewDecider(decide.Config{Store: store, Retries: 4})
	move := command.MakeMoveHandler{Decider: d}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "nope", Player: "w", Move: "e4", Meta: meta("k", "w")}); !errors.Is(err, refusal.ErrGameNotFound) {
		t.Fatalf("move in a missing game: %v", err)
	}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "nope", Player: "w", Move: "e4"}); !errors.Is(err, refusal.ErrInvalid) {
		t.Fatalf("move without a key: %v", err)
	}
	recs, _, err := store.Load(ctx, "nope")
	if err != nil || len(recs) != 0 {
		t.Fatalf("log of a missing game: %d events, %v", len(recs), err)
	}
}

// TestStaleCache: commands decided on a cached log that another writer (a
// second copy of the service) has moved past are decided again on the log.
func TestStaleCache(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	one := command.NewDecider(decide.Config{Store: store, Retries: 8, Cache: 10})
	two := command.NewDecider(decide.Config{Store: store, Retries: 8, Cache: 10})
	if _, err := (command.CreateGameHandler{Decider: one}).Handle(ctx, command.CreateGame{GameID: "g", Setup: events.GameCreated{White: "w", Black: "b"}, Meta: meta("c", "o")}); err != nil {
		t.Fatal(err)
	}
	// one caches the game; two plays White's move behind its back
	if _, err := (command.MakeMoveHandler{Decider: two}).Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e4", Meta: meta("m1", "w")}); err != nil {
		t.Fatal(err)
	}
	// one's cache says White is on move: Black's move must still be accepted
	if _, err := (command.MakeMoveHandler{Decider: one}).Handle(ctx, command.MakeMove{GameID: "g", Player: "b", Move: "e5", Meta: meta("m2", "b")}); err != nil {
		t.Fatalf("move on a stale cache: %v", err)
	}
	// and White's d4 via two (whose cache is now behind) lands on top
	o, err := (command.MakeMoveHandler{Decider: two}).Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "d4", Meta: meta("m3", "w")})
	if err != nil || o.Version != 4 {
		t.Fatalf("d4: %v, version %d", err, o.Version)
	}
	// a retry of m1 through one (cache fresh, key not in it? it is: loaded)
	r, err := (command.MakeMoveHandler{Decider: one}).Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e4", Meta: meta("m1", "w")})
	if err != nil || !r.Repeated || r.Events[0].Envelope.Seq != 2 {
		t.Fatalf("retry: %v %+v", err, r)
	}
}

// TestCachedGame: with the cache on, a retried command (its key among the
// cached game's) is answered with its first events from the log, a refusal
// is given (decided again on the log) without an append, and the next
// command still lands on top.
func TestCachedGame(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	d := command.NewDecider(decide.Config{Store: store, Retries: 4, Cache: 10})
	move := command.MakeMoveHandler{Decider: d}
	if _, err := (command.CreateGameHandler{Decider: d}).Handle(ctx, command.CreateGame{GameID: "g", Setup: events.GameCreated{White: "w", Black: "b"}, Meta: meta("c", "o")}); err != nil {
		t.Fatal(err)
	}
	first, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e4", Meta: meta("m1", "w")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "b", Move: "e5", Meta: meta("m2", "b")}); err != nil {
		t.Fatal(err)
	}
	again, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e4", Meta: meta("m1", "w")})
	if err != nil || !again.Repeated || len(again.Events) != 1 || again.Events[0].Envelope.ID != first.Events[0].Envelope.ID {
		t.Fatalf("retry of m1: %v %+v, want the first answer %+v", err, again, first)
	}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e5", Meta: meta("m3", "w")}); !errors.Is(err, refusal.ErrIllegalMove) {
		t.Fatalf("illegal move: %v", err)
	}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "b", Move: "d5", Meta: meta("m4", "b")}); !errors.Is(err, refusal.ErrNotOnMove) {
		t.Fatalf("move out of turn: %v", err)
	}
	next, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "Nf3", Meta: meta("m5", "w")})
	if err != nil || next.Version != 4 {
		t.Fatalf("Nf3: %v, version %d", err, next.Version)
	}
	recs, _, err := store.Load(ctx, "g")
	if err != nil || len(recs) != 4 {
		t.Fatalf("log: %d events, %v; want 4", len(recs), err)
	}
}

// countedStore is the real store, counting whole reads and reads after a
// head (the evidence of which one the decider used).
type countedStore struct {
	gamelog.StoreAfter
	loads, afters, appends atomic.Int64
}

func (s *countedStore) Append(ctx context.Context, id string, h events.Head, m gamelog.Meta, evs []events.Event) ([]gamelog.Recorded, events.Head, error) {
	s.appends.Add(1)
	return s.StoreAfter.Append(ctx, id, h, m, evs)
}

func (s *countedStore) Load(ctx context.Context, id string) ([]gamelog.Recorded, events.Head, error) {
	s.loads.Add(1)
	return s.StoreAfter.Load(ctx, id)
}

func (s *countedStore) LoadAfter(ctx context.Context, id string, h events.Head) ([]gamelog.Recorded, events.Head, error) {
	s.afters.Add(1)
	return s.StoreAfter.LoadAfter(ctx, id, h)
}

// TestCacheCatchesUp: a cached game that another writer moved past (the
// clocks service's clock.started, another copy's move) is brought up to
// date with the events after its head only — no whole read — and the
// command is decided on it: it lands on top, and a command whose key came
// in with those events is answered from the log as a retry.
func TestCacheCatchesUp(t *testing.T) {
	ctx := context.Background()
	es := newStore(t)
	store := &countedStore{StoreAfter: es}
	d := command.NewDecider(decide.Config{Store: store, Retries: 4, Cache: 10})
	two := command.NewDecider(decide.Config{Store: es, Retries: 4, Cache: 10})
	move := command.MakeMoveHandler{Decider: d}
	if _, err := (command.CreateGameHandler{Decider: d}).Handle(ctx, command.CreateGame{GameID: "g", Setup: events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30"}, Meta: meta("c", "o")}); err != nil {
		t.Fatal(err)
	}
	clocks := gamelog.EventStore{Store: es.Store, Writer: events.WriterClocks}
	_, head, err := clocks.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	started := time.Now().UTC().Add(-time.Second).Truncate(time.Millisecond)
	if _, _, err := clocks.Append(ctx, "g", head, gamelog.Meta{IdempotencyKey: "start", RecordedAt: started},
		[]events.Event{events.ClockStarted{At: started, TimeControl: "5400+30", WhiteMs: 5400000, BlackMs: 5400000}}); err != nil {
		t.Fatal(err)
	}
	loads, appends := store.loads.Load(), store.appends.Load()
	o, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "e4", Meta: gamelog.Meta{IdempotencyKey: "m1", Actor: events.Actor{Role: "player", ID: "w"}, RecordedAt: time.Now().UTC()}})
	if err != nil || o.Version != 3 {
		t.Fatalf("e4 after clock.started: %v, version %d", err, o.Version)
	}
	if n := store.loads.Load() - loads; n != 0 || store.afters.Load() != 1 {
		t.Fatalf("%d whole reads and %d reads after the head; want 0 and 1", n, store.afters.Load())
	}
	// the game awaited its clock.started: read before deciding, so the
	// move was appended once (no append on the stale head)
	if n := store.appends.Load() - appends; n != 1 {
		t.Fatalf("e4 appended %d times, want 1", n)
	}
	// another copy records Black's draw offer: d's cached game is behind;
	// Black's move meets the conflict, d folds in the offer alone and the
	// move lands on top, without a whole read
	if _, err := (command.DrawHandler{Decider: two}).Handle(ctx, command.Draw{GameID: "g", Player: "b", Action: command.Offer, Meta: meta("offer", "b")}); err != nil {
		t.Fatal(err)
	}
	loads, afters := store.loads.Load(), store.afters.Load()
	if o, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "b", Move: "c5", Meta: meta("m1b", "b")}); err != nil || o.Version != 5 {
		t.Fatalf("c5 after the offer: %v, version %d", err, o.Version)
	}
	if n, m := store.loads.Load()-loads, store.afters.Load()-afters; n != 0 || m != 1 {
		t.Fatalf("c5 after a conflict: %d whole reads and %d reads after the head; want 0 and 1", n, m)
	}
	// another copy plays White's move under key m2; d catches up with it
	// when its own (illegal on the new state: White is not on move) meets
	// the conflict, then refuses it on the log
	if _, err := (command.MakeMoveHandler{Decider: two}).Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "Nf3", Meta: meta("m2", "w")}); err != nil {
		t.Fatal(err)
	}
	if _, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "d4", Meta: meta("m3", "w")}); !errors.Is(err, refusal.ErrNotOnMove) {
		t.Fatalf("White again after Nf3: %v", err)
	}
	// Black's move lands on top; a retry of m2 through d is answered with
	// two's events (the offer declined by moving, the move)
	if o, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "b", Move: "Nc6", Meta: meta("m4", "b")}); err != nil || o.Version != 8 {
		t.Fatalf("Nc6: %v, version %d", err, o.Version)
	}
	r, err := move.Handle(ctx, command.MakeMove{GameID: "g", Player: "w", Move: "Nf3", Meta: meta("m2", "w")})
	if err != nil || !r.Repeated || r.Events[0].Envelope.Seq != 6 {
		t.Fatalf("retry of m2: %v %+v", err, r)
	}
	recs, _, err := es.Load(ctx, "g")
	if err != nil || len(recs) != 8 {
		t.Fatalf("log: %d events, %v; want 8", len(recs), err)
	}
}
