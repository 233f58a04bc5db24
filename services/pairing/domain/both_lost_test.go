package domain

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestBothLostInTRF: a game played that both players lost ("0-0", the
// arbiter's ruling when both are at fault) is written 0 for both with
// their colours (L for both when it lasted less than one move), reads back
// from the written file as a game played by each, scores nothing, and the
// two players may not meet again (the Dutch engine finds no round 2 for
// two players) — unlike the double forfeit -/-, which is no game played.
func TestBothLostInTRF(t *testing.T) {
	for _, tt := range []struct {
		result events.Result
		code   trf.ResultCode
	}{
		{events.ResultBothLost, trf.Loss},
		{events.ResultUnratedBothLost, trf.UnratedLoss},
	} {
		t.Run(string(tt.result), func(t *testing.T) {
			tr, board, results := oneGame(t, tt.result)
			back := readBack(t, tr, results)
			order := tr.StartNumbers()
			for n, i := range order {
				e, id := back.Players[n].Rounds[0], tr.Players[i].PlayerID
				color := trf.White
				if id == board.Black {
					color = trf.Black
				}
				if e.Result != tt.code || e.Color != color || !e.Played() || back.Players[n].Points != 0 {
					t.Errorf("%s: %+v, %g points; want %q with colour %c, no point", id, e, back.Players[n].Points, rune(tt.code), color)
				}
			}
			if evs, err := tr.PairNextAfter("T", results); !errors.Is(err, ErrState) {
				t.Fatalf("two players who played each other paired again: %v %v", evs, err)
			}
		})
	}
}
