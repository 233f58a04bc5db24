package dutch

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
)

// played returns a game of a round played against opp with colour c.
func played(opp int, c pairing.Color, o pairing.Outcome) pairing.Game {
	return pairing.Game{Opponent: opp, Color: c, Outcome: o, Played: true, Paired: true}
}

func TestPairSmallTournaments(t *testing.T) {
	fresh := func(n int) *pairing.Tournament {
		t := &pairing.Tournament{Round: 1, TotalRounds: 5, InitialColor: pairing.White, Points: pairing.FIDEPoints}
		for i := 0; i < n; i++ {
			t.Players = append(t.Players, pairing.Player{StartNo: i + 1})
		}
		return t
	}
	tests := []struct {
		name    string
		t       *pairing.Tournament
		want    []pairing.Board
		wantErr error
	}{
		{"nobody", fresh(0), nil, nil},
		{"one player gets the bye", fresh(1), []pairing.Board{{White: 1}}, nil},
		// Round 1: top half against bottom half, the initial colour to the
		// top player and alternating down the boards (E.5).
		{"round one of four", fresh(4), []pairing.Board{{White: 1, Black: 3}, {White: 4, Black: 2}}, nil},
		{"round one of five: bye to the last", fresh(5), []pairing.Board{{White: 1, Black: 3}, {White: 4, Black: 2}, {White: 5}}, nil},
		{"black first", func() *pairing.Tournament {
			t := fresh(2)
			t.InitialColor = pairing.Black
			return t
		}(), []pairing.Board{{White: 2, Black: 1}}, nil},
		{"absent player is not paired", func() *pairing.Tournament {
			t := fresh(3)
			t.Players[1].Absent = true
			return t
		}(), []pairing.Board{{White: 1, Black: 3}}, nil},
		{"two players who have met cannot be paired", func() *pairing.Tournament {
			t := fresh(2)
			t.Round = 2
			t.Players[0].Games = []pairing.Game{played(1, pairing.White, pairing.Win)}
			t.Players[0].Score = 10
			t.Players[1].Games = []pairing.Game{played(0, pairing.Black, pairing.Loss)}
			return t
		}(), nil, ErrNoPairing},
		{"forbidden pair", func() *pairing.Tournament {
			t := fresh(2)
			t.Players[0].Forbidden = []int{1}
			return t
		}(), nil, ErrNoPairing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Pair(tc.t, Options{})
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if len(r.Boards) != len(tc.want) {
				t.Fatalf("boards %v, want %v", r.Boards, tc.want)
			}
			for i := range tc.want {
				if r.Boards[i] != tc.want[i] {
					t.Fatalf("boards %v, want %v", r.Boards, tc.want)
				}
			}
		})
	}
}
