package gamelog

import (
	"context"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestFollowReplays: a board's game that was annulled is followed to the
// replay ordered in its place, and a replay annulled in turn to its own
// replay; a game never annulled is itself; a chain of orders that never
// ends (a broken log) is an error, not a loop.
func TestFollowReplays(t *testing.T) {
	rec := func(e events.Event) Recorded { return Recorded{Event: e} }
	annulled := func(replay string) []Recorded {
		return []Recorded{rec(&events.GameCreated{White: "w", Black: "b"}), rec(&events.GameAnnulled{Article: "7.2.1"}),
			rec(&events.ReplayOrdered{ReplayGameID: replay, Article: "7.2.1"})}
	}
	logs := map[string][]Recorded{
		"t-r1-b1":         annulled("t-r1-b1-replay"),
		"t-r1-b1-replay":  annulled("t-r1-b1-replay2"),
		"t-r1-b1-replay2": {rec(&events.GameCreated{White: "w", Black: "b", ReplayOf: "t-r1-b1-replay"})},
		"t-r1-b2":         {rec(&events.GameCreated{White: "x", Black: "y"})},
		"loop":            annulled("loop"),
	}
	load := func(_ context.Context, id string) ([]Recorded, error) { return logs[id], nil }
	for game, want := range map[string]string{"t-r1-b1": "t-r1-b1-replay2", "t-r1-b1-replay": "t-r1-b1-replay2", "t-r1-b2": "t-r1-b2"} {
		got, recs, err := FollowReplays(context.Background(), load, game)
		if err != nil || got != want || len(recs) != len(logs[want]) {
			t.Errorf("%s: %s (%d events), %v; want %s", game, got, len(recs), err, want)
		}
	}
	if _, _, err := FollowReplays(context.Background(), load, "loop"); err == nil || !strings.Contains(err.Error(), "replays ordered") {
		t.Errorf("an endless chain: %v", err)
	}
}
