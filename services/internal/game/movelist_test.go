package game

import (
	"reflect"
	"testing"
)

func TestMoveList(t *testing.T) {
	cases := [][]string{
		nil,
		{"e4"},
		{"e4", "e5", "Nf3", "Nc6", "O-O-O+", "exd8=Q#", "a1"},
		{"e2e4", "e7e8q"},
	}
	for _, moves := range cases {
		var l moveList
		for _, m := range moves {
			l.add(m)
		}
		if got := l.strings(); !reflect.DeepEqual(got, moves) || l.n != len(moves) {
			t.Errorf("%q: got %q (%d)", moves, got, l.n)
		}
	}
}
