package domain

import (
	"runtime"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
)

// liveGames folds n games of up to plies half-moves each (a fixed choice
// among the legal moves, so the games differ), with a running clock, as
// the games service's cache keeps them: ForgetMoves after the fold when
// forget is set (the decide cache calls it on a state it keeps).
func liveGames(t testing.TB, n, plies int, forget bool) []*Game {
	t0 := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	out := make([]*Game, n)
	var buf []rules.Move
	for i := range out {
		g := &Game{}
		at := t0
		for _, e := range []events.Event{
			events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30"},
			events.ClockStarted{At: at, TimeControl: "5400+30", WhiteMs: 5400_000, BlackMs: 5400_000},
		} {
			if err := g.ApplyAt(at, e); err != nil {
				t.Fatal(err)
			}
		}
		if forget {
			g.ForgetMoves()
		}
		for ply := 1; ply <= plies; ply++ {
			pos := g.Rules().Position()
			buf = pos.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[(i*7+ply*13)%len(buf)]
			at = at.Add(time.Duration(1+(i+ply)%20) * time.Second)
			by := events.White
			if ply%2 == 0 {
				by = events.Black
			}
			if err := g.ApplyAt(at, events.MovePlayed{Ply: ply, By: by, UCI: pos.UCI(m), SAN: pos.SAN(m), At: at}); err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
		}
		out[i] = g
	}
	return out
}

// heapPerGame is the live heap that n folded games hold, a game.
func heapPerGame(t testing.TB, n, plies int, forget bool) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	games := liveGames(t, n, plies, forget)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(games)
	return (after.HeapAlloc - before.HeapAlloc) / uint64(n)
}

// TestLiveGameMemory: a live game's fold, as the games service's cache
// keeps it, holds a few kilobytes (issue 21's memory per game: the cache
// is one of the parts of serve's memory that grow with the live games),
// and less without its clock's record of moves, which only the PGN
// export reads (it folds the log afresh). The bounds are the sizes
// measured when this was written, with some room (before, at a867429:
// 3,595 bytes at 8 plies and 5,952 at 50 with the record kept).
func TestLiveGameMemory(t *testing.T) {
	cases := []struct {
		plies  int
		forget bool
		most   uint64 // bytes a game
	}{
		{8, true, 2_600},
		{50, false, 5_200},
		{50, true, 3_800},
	}
	for _, c := range cases {
		per := heapPerGame(t, 2000, c.plies, c.forget)
		t.Logf("%d plies, clock record forgotten %v: %d bytes a game", c.plies, c.forget, per)
		if per > c.most {
			t.Errorf("%d plies, clock record forgotten %v: %d bytes a game, want at most %d", c.plies, c.forget, per, c.most)
		}
	}
}
