package domain

import (
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/games/domain"
)

// TestBothFlags: both flags down, under both profiles: the first flag
// decides when the clock shows it (6.9); with the order unknown, 1997
// plays on before the quickplay finish (6.11) and draws in it (10.4), 2023
// needs Guidelines III (III.3.1.2 in the last period); the draw ends the
// game (games.EndByRuling) and the audit reads the first side back.
func TestBothFlags(t *testing.T) {
	announced := func(control string) *games.Game {
		g := &games.Game{}
		evs, err := g.Create(events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: control, QuickplayFinish: true})
		apply(t, g, t0, append(evs, events.ClockStarted{At: t0, TimeControl: control, WhiteMs: 600000, BlackMs: 600000}), err)
		return g
	}
	for _, tc := range []struct {
		name     string
		g        *games.Game
		first    events.Color
		article  string
		decision string
		end      events.Termination
	}{
		{"1997 sudden death, order unknown", game(t, "fide-1997", "600", "e4"), "", "10.4", "draw", "both_flags"},
		{"1997 first period, order unknown", game(t, "fide-1997", "40/600:600", "e4"), "", "6.11", "game_continues", ""},
		{"1997 black's first", game(t, "fide-1997", "600", "e4"), events.Black, "6.9", "win_white", "flag_fall"},
		{"2023 announced, last period", announced("600"), "", "III.3.1.2", "draw", "both_flags"},
		{"2023 white's first", game(t, "fide-2023", "600", "e4"), events.White, "6.9", "win_black", "flag_fall"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs, err := HandRulingDecision(&tc.g.Game, HandRuling{Matter: events.MatterBothFlags, First: tc.first}, t0.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			r := evs[0].(events.RulingGiven)
			if r.Article != tc.article || r.Decision != tc.decision || r.Matter != events.MatterBothFlags {
				t.Fatalf("ruling %+v, want %s %s", r, tc.article, tc.decision)
			}
			if got := FirstOfBothFlags(r.Explanation); got != tc.first {
				t.Errorf("first read back %q, want %q", got, tc.first)
			}
			end, err := tc.g.EndByRuling(r)
			if err != nil || (tc.end == "") != (len(end) == 0) || len(end) > 0 && end[0].(events.GameEnded).Termination != tc.end {
				t.Errorf("end %+v %v, want %q", end, err, tc.end)
			}
		})
	}
	// 2023 without Guidelines III: no rule
	if _, err := HandRulingDecision(&game(t, "fide-2023", "600", "e4").Game, HandRuling{Matter: events.MatterBothFlags}, t0.Add(time.Minute)); err == nil || !strings.Contains(err.Error(), "III") {
		t.Errorf("2023 unannounced: %v", err)
	}
	if _, err := HandRulingDecision(&game(t, "fide-2023", "600", "e4").Game, HandRuling{Matter: events.MatterBothFlags, First: "red"}, t0); err == nil || !strings.Contains(err.Error(), "first") {
		t.Errorf("first red: %v", err)
	}
}
