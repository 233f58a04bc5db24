package tournament

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
)

func TestImportedResult(t *testing.T) {
	for _, c := range []struct {
		w, b trf.ResultCode
		want events.Result
		ok   bool
	}{
		{'1', '0', "1-0", true}, {'0', '1', "0-1", true}, {'=', '=', "1/2-1/2", true}, {'+', '-', events.ResultWhiteForfeitWin, true},
		{'-', '+', events.ResultBlackForfeitWin, true}, {'-', '-', events.ResultDoubleForfeit, true}, {'W', 'L', events.ResultUnratedWhiteWin, true},
		{'D', 'D', events.ResultUnratedDraw, true}, {'0', '0', events.ResultBothLost, true}, {' ', ' ', "", true},
		{'1', '1', "", false}, {'1', '=', "", false}, {'+', '0', "", false},
	} {
		got, ok := importedResult(c.w, c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("%c %c: %q %v, want %q %v", c.w, c.b, got, ok, c.want, c.ok)
		}
	}
}

func TestBirthYear(t *testing.T) {
	for s, want := range map[string]int{"1994/05/01": 1994, "2001": 2001, "01/05/1994": 1994, "": 0, "94/05/01": 0} {
		if got := birthYear(s); got != want {
			t.Errorf("%q: %d, want %d", s, got, want)
		}
	}
}
