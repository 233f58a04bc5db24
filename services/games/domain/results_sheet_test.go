package domain

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// Every result a results sheet can carry ends a game through EndBySheet in
// a way SheetResult reads back: the audit decides the end again from it.
func TestSheetResultReadsEndBySheetBack(t *testing.T) {
	for _, r := range []events.Result{
		events.ResultWhiteWins, events.ResultBlackWins, events.ResultDraw, events.ResultBothLost,
		events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin, events.ResultDoubleForfeit,
	} {
		t.Run(string(r), func(t *testing.T) {
			g := newGame(t, events.GameCreated{White: "w", Black: "b"})
			evs, err := g.EndBySheet(r)
			if err != nil || len(evs) != 1 {
				t.Fatalf("EndBySheet(%q) = %v, %v", r, evs, err)
			}
			end, ok := evs[0].(events.GameEnded)
			if !ok {
				t.Fatalf("EndBySheet(%q) gave %T", r, evs[0])
			}
			if got := SheetResult(end); got != r {
				t.Errorf("SheetResult(%+v) = %q, want %q", end, got, r)
			}
		})
	}
}
