package tournament

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
)

func TestTournamentResult(t *testing.T) {
	for _, tt := range []struct {
		result      events.Result
		termination events.Termination
		want        events.Result
	}{
		{"1-0", "forfeit", events.ResultWhiteForfeitWin},
		{"0-1", "forfeit", events.ResultBlackForfeitWin},
		{"0-0", "forfeit", events.ResultDoubleForfeit},
		{"1/2-1/2", "forfeit", "1/2-1/2"}, // a forfeit overridden to a draw
		{"1-0", "resignation", "1-0"},
		{"0-1", "arbiter", "0-1"},
		{"*", "", "*"},
	} {
		if got := TournamentResult(tt.result, tt.termination); got != tt.want {
			t.Errorf("%s by %s: %q, want %q", tt.result, tt.termination, got, tt.want)
		}
	}
}

func TestParseResult(t *testing.T) {
	for _, tt := range []struct {
		s    events.Result
		want BoardResult
		ok   bool
	}{
		{"1-0", BoardResult{pairing.Win, pairing.Loss, true, false}, true},
		{"0-1", BoardResult{pairing.Loss, pairing.Win, true, false}, true},
		{"1/2-1/2", BoardResult{pairing.Draw, pairing.Draw, true, false}, true},
		{"+/-", BoardResult{pairing.Win, pairing.Loss, false, false}, true},
		{"-/+", BoardResult{pairing.Loss, pairing.Win, false, false}, true},
		{"-/-", BoardResult{pairing.Loss, pairing.Loss, false, false}, true},
		{"W/L", BoardResult{pairing.Win, pairing.Loss, true, true}, true},
		{"L/W", BoardResult{pairing.Loss, pairing.Win, true, true}, true},
		{"D/D", BoardResult{pairing.Draw, pairing.Draw, true, true}, true},
		{"0-0", BoardResult{pairing.Loss, pairing.Loss, true, false}, true}, // both lost a game played
		{"L/L", BoardResult{pairing.Loss, pairing.Loss, true, true}, true},
		{"*", BoardResult{}, false},
		{"", BoardResult{}, false},
		{"2-0", BoardResult{}, false},
	} {
		got, ok := ParseResult(tt.s)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: %+v %v, want %+v %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}
