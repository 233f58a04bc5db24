package domain

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// TestGameResult: a game played that lasted less than one move (fewer
// than two plies: a player made no move) counts as W, L or D (played, not
// rated); a forfeit stays a forfeit, a longer game its result.
func TestGameResult(t *testing.T) {
	for _, tt := range []struct {
		result      events.Result
		termination events.Termination
		ply         int
		want        events.Result
	}{
		{"1-0", "resignation", 0, events.ResultUnratedWhiteWin},
		{"0-1", "flag_fall", 1, events.ResultUnratedBlackWin},
		{"1/2-1/2", "agreement", 1, events.ResultUnratedDraw},
		{"1-0", "resignation", 2, "1-0"},
		{"1/2-1/2", "agreement", 40, "1/2-1/2"},
		{"1-0", "forfeit", 0, events.ResultWhiteForfeitWin},
		{"0-1", "forfeit", 1, events.ResultBlackForfeitWin},
		{"0-0", "forfeit", 0, events.ResultDoubleForfeit},
		{"0-0", "arbiter", 30, events.ResultBothLost},
		{"0-0", "arbiter", 1, events.ResultUnratedBothLost},
		{"*", "", 0, "*"},
	} {
		if got := tournament.GameResult(tt.result, tt.termination, tt.ply); got != tt.want {
			t.Errorf("%s by %s after %d plies: %q, want %q", tt.result, tt.termination, tt.ply, got, tt.want)
		}
	}
}

// TestShortGameInTRF: a game that lasted less than one move is written W
// and L (D for a draw) with its colours in the tournament file, reads back
// as a game played (its colours count, the pair may not meet again: the
// Dutch engine finds no round 2 for two players), and scores its points.
func TestShortGameInTRF(t *testing.T) {
	for _, tt := range []struct {
		result events.Result
		white  trf.ResultCode
		black  trf.ResultCode
		points [2]float64
	}{
		{events.ResultUnratedWhiteWin, trf.UnratedWin, trf.UnratedLoss, [2]float64{1, 0}},
		{events.ResultUnratedBlackWin, trf.UnratedLoss, trf.UnratedWin, [2]float64{0, 1}},
		{events.ResultUnratedDraw, trf.UnratedDraw, trf.UnratedDraw, [2]float64{0.5, 0.5}},
	} {
		t.Run(string(tt.result), func(t *testing.T) {
			tr, board, results := oneGame(t, tt.result)
			f, err := tr.File(results)
			if err != nil {
				t.Fatal(err)
			}
			order := tr.StartNumbers()
			for n, i := range order {
				e, id := f.Players[n].Rounds[0], tr.Players[i].PlayerID
				want, color, pts := tt.white, trf.White, tt.points[0]
				if id == board.Black {
					want, color, pts = tt.black, trf.Black, tt.points[1]
				}
				if e.Result != want || e.Color != color || !e.Played() || f.Players[n].Points != pts {
					t.Errorf("%s: %+v, %g points; want %q with colour %c, %g points", id, e, f.Players[n].Points, rune(want), color, pts)
				}
			}
			if evs, err := tr.PairNextAfter("T", results); !errors.Is(err, ErrState) {
				t.Fatalf("two players who played each other paired again: %v %v", evs, err)
			}
		})
	}
}
