package ports

import (
	"context"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/arbiter"
	arbiterapp "github.com/hakem-chess/hakem/services/arbiter/app"
	arbiterdomain "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/games/app/handlers"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"go.uber.org/zap"
)

// TestReplays: on a real (embedded) event store, the games-replays
// handler orders the replay from an annulment and creates it from the
// order, each once however often the event is delivered; other events are
// passed over, and an order whose annulled game is unknown is refused
// (acknowledged, nothing written).
func TestReplays(t *testing.T) {
	ctx := context.Background()
	st := natstest.Store(t)
	store := gamelog.EventStore{Store: st}
	gamesApp := handlers.New(handlers.Options{Store: store, Retries: 3,
		Arbiter: arbiter.New(arbiter.Deps{Store: st, Retries: 3, Log: zap.NewNop()})})
	arb := &arbiterapp.Arbiter{Store: gamelog.EventStore{Store: st, Writer: events.WriterArbiter}, Retries: 3}
	r := Replays{App: gamesApp}
	setup := events.GameCreated{White: "w", Black: "b", TimeControl: "600+5", TournamentID: "t", Round: 2, Board: 4}
	if _, err := gamesApp.Commands.CreateGame.Handle(ctx, command.CreateGame{GameID: "g", Setup: setup,
		Meta: gamelog.Meta{IdempotencyKey: "c", Actor: events.Actor{Role: "organiser", ID: "o"}}}); err != nil {
		t.Fatal(err)
	}
	ruling, _, err := arb.Rule(ctx, "g", arbiterdomain.HandRuling{Matter: "wrong_initial_position", Reason: "swapped"},
		gamelog.Meta{IdempotencyKey: "annul", Actor: events.Actor{Role: "arbiter", ID: "chief"}, CorrelationID: "corr"})
	if err != nil {
		t.Fatal(err)
	}
	var annulment, other events.Envelope
	for _, e := range ruling {
		if e.Type == (events.GameAnnulled{}).EventType() {
			annulment = e
		} else {
			other = e
		}
	}
	if annulment.ID == "" || other.ID == "" {
		t.Fatalf("the ruling's events: %v", ruling)
	}
	load := func(id string, typ string) []events.Envelope {
		t.Helper()
		recs, _, err := store.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var out []events.Envelope
		for _, rec := range recs {
			if rec.Envelope.Type == typ {
				out = append(out, rec.Envelope)
			}
		}
		return out
	}
	order := func() events.Envelope {
		if o := load("g", (events.ReplayOrdered{}).EventType()); len(o) > 0 {
			return o[0]
		}
		return events.Envelope{}
	}
	tests := []struct {
		name                string
		env                 func() events.Envelope
		wantOrders, wantNew int
	}{
		{"another event of the ruling", func() events.Envelope { return other }, 0, 0},
		{"the annulment orders the replay", func() events.Envelope { return annulment }, 1, 0},
		{"the annulment again", func() events.Envelope { return annulment }, 1, 0},
		{"the order creates the replay", order, 1, 1},
		{"the order again", order, 1, 1},
		{"an order on an unknown game", func() events.Envelope {
			o := order()
			o.Aggregate.ID = "nowhere"
			return o
		}, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := r.Handle(ctx, tt.env()); err != nil {
				t.Fatalf("Handle: %v", err)
			}
			if n := len(load("g", (events.ReplayOrdered{}).EventType())); n != tt.wantOrders {
				t.Errorf("%d orders, want %d", n, tt.wantOrders)
			}
			if n := len(load("g-replay", (events.GameCreated{}).EventType())); n != tt.wantNew {
				t.Errorf("%d creations of the replay, want %d", n, tt.wantNew)
			}
		})
	}
	created := load("g-replay", (events.GameCreated{}).EventType())
	if len(created) != 1 {
		t.Fatal("no replay")
	}
	ev, err := events.Decode(created[0])
	if err != nil {
		t.Fatal(err)
	}
	want := setup
	want.ReplayOf = "g"
	if got := *ev.(*events.GameCreated); got.White != want.White || got.Black != want.Black || got.TimeControl != want.TimeControl ||
		got.TournamentID != want.TournamentID || got.Round != want.Round || got.Board != want.Board || got.ReplayOf != "g" {
		t.Errorf("the replay's setup %+v, want %+v", got, want)
	}
	if o := order(); created[0].CausationID != o.ID || created[0].CorrelationID != "corr" || created[0].IdempotencyKey == "" {
		t.Errorf("the replay's creation %+v, want caused by %s", created[0], o.ID)
	}
	if n := len(load("nowhere-replay", (events.GameCreated{}).EventType())); n != 0 {
		t.Errorf("an order on an unknown game created %d games", n)
	}
}
