package gamelog

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

func TestReplayOf(t *testing.T) {
	created := Recorded{Event: &events.GameCreated{White: "w", Black: "b"}}
	annulled := Recorded{Event: &events.GameAnnulled{}}
	ordered := Recorded{Event: &events.ReplayOrdered{ReplayGameID: "g-replay"}}
	cases := []struct {
		name string
		recs []Recorded
		want string
		ok   bool
	}{
		{"no log", nil, "", false},
		{"a game never annulled", []Recorded{created}, "", false},
		{"annulled, no order yet", []Recorded{created, annulled}, "", false},
		{"the order", []Recorded{created, annulled, ordered}, "g-replay", true},
		{"a repair's record (no event) passed over", []Recorded{created, {}, ordered}, "g-replay", true},
	}
	for _, c := range cases {
		got, ok := ReplayOf(c.recs)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: ReplayOf = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
