package command_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/internal/decide"
)

// BenchmarkMakeMove measures the hot path of every move, the decide loop
// (with and without its cache of folded games), against a real JetStream
// store: each iteration is one accepted move; a game is 8 plies long.
func BenchmarkMakeMove(b *testing.B) {
	for _, cache := range []int{0, 1000} {
		b.Run(fmt.Sprint("cache=", cache), func(b *testing.B) {
			ctx := context.Background()
			d := command.NewDecider(decide.Config{Store: newStore(b), Retries: 4, Cache: cache})
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
				if _, err := move.Handle(ctx, command.MakeMove{GameID: game, Player: player, Move: line[ply], Meta: meta(fmt.Sprint("m", ply), player)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
