package outcome

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// TestOf: a game's result, termination, plies, points penalties and
// annulment as its events say, pointers (events.Decode) and values alike.
func TestOf(t *testing.T) {
	moves := func(n int) []events.Event {
		var out []events.Event
		for i := range n {
			out = append(out, &events.MovePlayed{Ply: i + 1})
		}
		return out
	}
	with := func(evs []events.Event, more ...events.Event) []events.Event {
		return append(append([]events.Event(nil), evs...), more...)
	}
	tests := []struct {
		name        string
		evs         []events.Event
		result      events.Result
		termination events.Termination
		article     string
		plies       int
		penalties   int
		annulled    bool
	}{
		{"no events", nil, events.ResultUnfinished, "", "", 0, 0, false},
		{"going on", with(moves(3)), events.ResultUnfinished, "", "", 3, 0, false},
		{"checkmate", with(moves(4), &events.GameEnded{Result: "0-1", Termination: "checkmate", Ply: 4}), "0-1", "checkmate", "", 4, 0, false},
		{"value events", with(moves(2), events.GameEnded{Result: "1-0", Termination: "resignation"}), "1-0", "resignation", "", 2, 0, false},
		{"override to a forfeit", with(moves(0), &events.GameEnded{Result: "1/2-1/2", Termination: "agreement"}, &events.ResultOverridden{Result: "-/+", Article: "6.7.1"}),
			"0-1", events.TerminationForfeit, "6.7.1", 0, 0, false},
		{"a default overridden to the other winner stays a forfeit", with(moves(1), &events.GameEnded{Result: "1-0", Termination: events.TerminationForfeit}, &events.ResultOverridden{Result: "0-1", Article: "21.3"}),
			"0-1", events.TerminationForfeit, "", 1, 0, false},
		{"a forfeit of a game both moved in overridden: played again", with(moves(2), &events.GameEnded{Result: "1-0", Termination: events.TerminationForfeit}, &events.ResultOverridden{Result: "0-1", Article: "21.3"}),
			"0-1", "arbiter", "21.3", 2, 0, false},
		{"points penalties", with(moves(2), &events.PenaltyImposed{Side: events.White, Kind: events.PenaltyPointsReduced, Points: 0.5},
			events.PenaltyImposed{Side: events.Black, Kind: events.PenaltyOpponentPointsToMaximum}, &events.PenaltyImposed{Side: events.Black, Kind: "warning"}),
			events.ResultUnfinished, "", "", 2, 2, false},
		{"annulled", with(moves(2), &events.GameAnnulled{Reason: "wrong position"}), events.ResultUnfinished, "", "", 2, 0, true},
		{"an override lifts the annulment", with(moves(2), &events.GameAnnulled{}, &events.ResultOverridden{Result: "1/2-1/2"}), "1/2-1/2", "", "", 2, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Of(append([]events.Event{&events.GameCreated{White: "w", Black: "b", TournamentID: "t"}}, tt.evs...)...)
			if g.Created.White != "w" || g.Created.TournamentID != "t" {
				t.Errorf("created: %+v", g.Created)
			}
			if g.Result() != tt.result || g.Ending.Termination != tt.termination || g.Ending.Article != tt.article || g.Plies != tt.plies ||
				len(g.Penalties) != tt.penalties || (g.Annulled != nil) != tt.annulled {
				t.Errorf("got %s %q %q, %d plies, %d penalties, annulled %v", g.Result(), g.Ending.Termination, g.Ending.Article, g.Plies, len(g.Penalties), g.Annulled != nil)
			}
			if g.Finished() != (tt.result != events.ResultUnfinished) {
				t.Errorf("Finished %v with result %s", g.Finished(), g.Result())
			}
		})
	}
}

// TestPointsPenalty: the two kinds of points penalty, with the offender;
// other kinds and sides are none.
func TestPointsPenalty(t *testing.T) {
	tests := []struct {
		p    events.PenaltyImposed
		want laws.PointsPenalty
		ok   bool
	}{
		{events.PenaltyImposed{Side: events.White, Kind: events.PenaltyPointsReduced, Points: 1}, laws.PointsPenalty{Offender: rules.White, Kind: laws.OffenderPointsReduced, Points: 1}, true},
		{events.PenaltyImposed{Side: events.Black, Kind: events.PenaltyOpponentPointsToMaximum}, laws.PointsPenalty{Offender: rules.Black, Kind: laws.OpponentPointsToMaximum}, true},
		{events.PenaltyImposed{Side: events.Black, Kind: "time_deducted"}, laws.PointsPenalty{}, false},
		{events.PenaltyImposed{Side: "green", Kind: events.PenaltyPointsReduced}, laws.PointsPenalty{}, false},
	}
	for _, tt := range tests {
		if got, ok := PointsPenalty(tt.p); got != tt.want || ok != tt.ok {
			t.Errorf("%+v: %+v %v, want %+v %v", tt.p, got, ok, tt.want, tt.ok)
		}
	}
}
