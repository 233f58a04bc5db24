package domain

import (
	"maps"
	"math"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestBothLostRated: the game p1-p2 lost by both (events.ResultBothLost, "0-0":
// the arbiter's ruling when both are at fault) is rated as a loss for
// each — p1's change is his change had he lost it, p2's hers had she lost
// it — and scores no point for either.
func TestBothLostRated(t *testing.T) {
	tr, results := rated(t)
	game, white := meeting(t, tr, "p1", "p2")
	lossFor := func(player string) map[string]events.Result {
		r := maps.Clone(results)
		r[game] = map[bool]events.Result{true: "0-1", false: "1-0"}[white == player]
		return r
	}
	change := func(res map[string]events.Result, player string) float64 {
		t.Helper()
		ch, _, err := RatingChanges(&tr.Tournament, 3, res)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ch {
			if c.PlayerID == player {
				return c.Change
			}
		}
		t.Fatalf("no rating change for %s", player)
		return 0
	}
	both := maps.Clone(results)
	both[game] = events.ResultBothLost
	for _, p := range []string{"p1", "p2"} {
		if got, want := change(both, p), change(lossFor(p), p); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: change %g after the game both lost, want %g (rated as a loss)", p, got, want)
		}
	}
	st, err := Standings(&tr.Tournament, 3, both)
	if err != nil {
		t.Fatal(err)
	}
	lost, err := Standings(&tr.Tournament, 3, lossFor("p1"))
	if err != nil {
		t.Fatal(err)
	}
	points := func(st []events.Standing, id string) float64 {
		for _, s := range st {
			if s.PlayerID == id {
				return s.Points
			}
		}
		return -1
	}
	if p1 := points(st, "p1"); p1 != points(lost, "p1") {
		t.Errorf("p1: %g points, want %g (no point for the game both lost)", p1, points(lost, "p1"))
	}
	if p2 := points(st, "p2"); p2 != points(lost, "p2")-1 {
		t.Errorf("p2: %g points, want %g (no point for the game both lost)", p2, points(lost, "p2")-1)
	}
}
