package command_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/keyledger"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// BenchmarkMakeMove measures the hot path of every move, the decide loop
// (with and without its cache of folded games), against a real JetStream
// store: each iteration is one accepted move; a game is 8 plies long.
// Each move carries a client's key bound to its command hash, as a port
// makes it; with ledger=on the store binds it across games
// (keyledger), as hakem serve's does.
func BenchmarkMakeMove(b *testing.B) {
	for _, c := range []struct {
		cache  int
		ledger bool
	}{{0, false}, {0, true}, {1000, false}, {1000, true}} {
		b.Run(fmt.Sprintf("cache=%d/ledger=%v", c.cache, map[bool]string{false: "off", true: "on"}[c.ledger]), func(b *testing.B) {
			ctx := context.Background()
			cfg := eventstore.Config{}
			if c.ledger {
				cfg.Keys = keyledger.New(nil)
			}
			st, err := eventstore.Open(ctx, natstest.Connect(b, natstest.Server(b)), cfg)
			if err != nil {
				b.Fatal(err)
			}
			d := command.NewDecider(decide.Config{Store: gamelog.EventStore{Store: st}, Retries: 4, Cache: c.cache})
			create := command.CreateGameHandler{Decider: d}
			move := command.MakeMoveHandler{Decider: d}
			line := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"}
			game := ""
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				ply := i % len(line)
				if ply == 0 {
					b.StopTimer()
					game = fmt.Sprint("g", i)
					if _, err := create.Handle(ctx, command.CreateGame{GameID: game, Setup: events.GameCreated{White: "w", Black: "b"}, Meta: meta("c", "org")}); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				player := "w"
				if ply%2 == 1 {
					player = "b"
				}
				if _, err := move.Handle(ctx, command.MakeMove{GameID: game, Player: player, Move: line[ply], Meta: meta(refusal.CommandKey(fmt.Sprint(game, "-", ply), fmt.Sprintf("%016x", i)), player)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
