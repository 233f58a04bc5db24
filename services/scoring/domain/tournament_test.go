package domain

import (
	"math"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// applier returns what applies to tr the events one of tr's commands
// decided; the test fails on the command's error or on an event that does
// not apply.
func applier(t *testing.T, tr *domain.Tournament) func([]events.Event, error) {
	return func(evs []events.Event, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if err := tr.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// meeting is the game a and b played in tr and who had White in it; the
// test fails when they never met.
func meeting(t *testing.T, tr *domain.Tournament, a, b string) (game, white string) {
	t.Helper()
	for _, rp := range tr.Rounds {
		for _, p := range rp.Pairings {
			if p.White == a && p.Black == b || p.White == b && p.Black == a {
				game, white = p.GameID, p.White
			}
		}
	}
	if game == "" {
		t.Fatalf("%s and %s never met", a, b)
	}
	return game, white
}

// p1BeatsP2 sets the result of p1's game with p2 in the tournament rated
// gives to p1's win as whiteWins or blackWins says it, by his colour.
func p1BeatsP2(t *testing.T, tr *domain.Tournament, results map[string]events.Result, whiteWins, blackWins events.Result) {
	t.Helper()
	game, white := meeting(t, tr, "p1", "p2")
	results[game] = blackWins
	if white == "p1" {
		results[game] = whiteWins
	}
}

// checkP1RatedOnP3 checks that p1's rating change in the tournament rated
// gives is that of his win against p3 (2000) alone: his game with p2,
// whatever results says of it, is not rated.
func checkP1RatedOnP3(t *testing.T, tr *domain.Tournament, results map[string]events.Result, why string) {
	t.Helper()
	ch, _, err := RatingChanges(&tr.Tournament, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ratings.RatePeriod(EloPlayer(tr.Players[0], tr.Year), []ratings.EloGame{{Round: 1, Opponent: 3, OpponentRating: 2000, Score: 100, Played: true}}, ratings.Standard)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range ch {
		if c.PlayerID == "p1" {
			found = true
			if math.Abs(c.Change-float64(want.Change)/100) > 1e-9 {
				t.Errorf("p1's change %g, want %g (%s)", c.Change, float64(want.Change)/100, why)
			}
		}
	}
	if !found {
		t.Error("no rating change for p1")
	}
}
