package dutch

import (
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
)

// TestNaturalPairing pairs rounds without history both by the natural
// pairing and by the matchings (naturalPath off), at every size up to
// 64, some up to 160 and some larger ones (more with -long), with each initial colour,
// with absent players, and in a round 2 after a round nobody played; the
// boards must be identical, and the natural pairing must have been the
// one used. Rounds with a little history (one player with a game, a
// float, a forbidden pair) must not take it.
func TestNaturalPairing(t *testing.T) {
	sizes := []int{}
	for n := 2; n <= 160; n++ {
		if n <= 64 || n%7 == 0 || n%8 == 1 {
			sizes = append(sizes, n)
		}
	}
	sizes = append(sizes, 255, 256, 511, 512)
	if *long {
		sizes = append(sizes, 999, 1000, 2001)
	}
	type variant struct {
		name    string
		make    func(n int) *pairing.Tournament
		natural bool
	}
	fresh := func(n int, c pairing.Color) *pairing.Tournament {
		t := &pairing.Tournament{Round: 1, TotalRounds: 9, InitialColor: c, Points: pairing.FIDEPoints}
		for i := 0; i < n; i++ {
			t.Players = append(t.Players, pairing.Player{StartNo: i + 1})
		}
		return t
	}
	variants := []variant{
		{"white first", func(n int) *pairing.Tournament { return fresh(n, pairing.White) }, true},
		{"black first", func(n int) *pairing.Tournament { return fresh(n, pairing.Black) }, true},
		{"one round", func(n int) *pairing.Tournament {
			t := fresh(n, pairing.White)
			t.TotalRounds = 1
			return t
		}, true},
		{"every seventh absent", func(n int) *pairing.Tournament {
			t := fresh(n+n/6, pairing.White)
			for i := 3; i < len(t.Players); i += 7 {
				t.Players[i].Absent = true
			}
			return t
		}, true},
		{"round 2 after a round nobody played", func(n int) *pairing.Tournament {
			t := fresh(n, pairing.Black)
			t.Round = 2
			for i := range t.Players {
				t.Players[i].Games = []pairing.Game{{Opponent: -1, Outcome: pairing.Loss}}
			}
			return t
		}, true},
		{"a forbidden pair", func(n int) *pairing.Tournament {
			t := fresh(n, pairing.White)
			t.Players[0].Forbidden = []int{n / 2}
			return t
		}, false},
		{"a half-point bye in round 1", func(n int) *pairing.Tournament {
			t := fresh(n, pairing.White)
			t.Round = 2
			for i := range t.Players {
				t.Players[i].Games = []pairing.Game{{Opponent: -1, Outcome: pairing.Loss}}
			}
			t.Players[n-1].Games[0].Outcome = pairing.Draw
			t.Players[n-1].Score = 5
			return t
		}, false},
		{"one game played", func(n int) *pairing.Tournament {
			t := fresh(n, pairing.White)
			t.Round = 2
			for i := range t.Players {
				t.Players[i].Games = []pairing.Game{{Opponent: -1, Outcome: pairing.Loss}}
			}
			t.Players[0].Games[0] = played(n-1, pairing.White, pairing.Draw)
			t.Players[n-1].Games[0] = played(0, pairing.Black, pairing.Draw)
			t.Players[0].Score, t.Players[n-1].Score = 5, 5
			for i := range t.Players {
				t.Players[i].Score = 5
				if i != 0 && i != n-1 {
					t.Players[i].Games[0].Outcome = pairing.Draw
				}
			}
			return t
		}, false},
	}
	for _, v := range variants {
		for _, n := range sizes {
			if !v.natural && n < 4 {
				continue
			}
			name := fmt.Sprintf("%s, %d players", v.name, n)
			tour := v.make(n)
			naturalPath = true
			uses := usesNatural(t, tour)
			fast, err := Pair(tour, Options{})
			naturalPath = false
			slow, err2 := Pair(tour, Options{})
			naturalPath = true
			if err != nil || err2 != nil {
				t.Fatalf("%s: errors %v, %v", name, err, err2)
			}
			if uses != v.natural {
				t.Fatalf("%s: the natural pairing used: %v, want %v", name, uses, v.natural)
			}
			if fmt.Sprint(fast.Boards) != fmt.Sprint(slow.Boards) {
				t.Fatalf("%s: natural pairing %v, matchings %v", name, fast.Boards, slow.Boards)
			}
		}
	}
}

// usesNatural reports whether Pair takes the natural pairing for t.
func usesNatural(t *testing.T, tour *pairing.Tournament) bool {
	t.Helper()
	return newEngine(tour, Options{}, false).withoutHistory()
}
