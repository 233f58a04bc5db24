package domain

import (
	"errors"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

func apply(t *testing.T, g *games.Game, at time.Time, evs []games.Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if err := g.ApplyAt(at, e); err != nil {
			t.Fatal(err)
		}
	}
}

// report records an illegal move by offender in g and rules on it.
func report(t *testing.T, g *games.Game, offender events.Color, move string) []events.Event {
	t.Helper()
	at := t0.Add(time.Minute)
	evs, err := g.ReportIllegal(offender, move, "player")
	apply(t, g, at, evs, err)
	rep := evs[0].(events.IllegalMoveReported)
	out, err := IllegalRuling(&g.Game, &rep, at)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, at, out, nil)
	return out
}

func TestIllegalRulings(t *testing.T) {
	// 2023 7.5.5: the first illegal move gives the opponent two minutes, the
	// second loses
	g := game(t, "fide-2023", "600", "e4", "e5")
	first := report(t, g, events.White, "Ke3")
	r := first[0].(events.RulingGiven)
	if r.Matter != "illegal_move" || r.Decision != "game_continues" || r.Article != "7.5.5" || len(first) != 2 {
		t.Fatalf("first: %+v", first)
	}
	if p := first[1].(events.PenaltyImposed); p.Side != events.White || p.Kind != "time_added_to_opponent" || p.AmountMs != 120000 {
		t.Fatalf("first penalty: %+v", p)
	}
	if g.Ply() != 2 {
		t.Fatalf("the position changed: ply %d", g.Ply())
	}
	// black's first is his own count
	if b := report(t, g, events.White, "Qxf7"); b[0].(events.RulingGiven).Decision != "win_black" {
		t.Fatalf("white's second: %+v", b)
	}

	// the second loses, but a draw when the opponent cannot mate (a lone king)
	lone := &games.Game{}
	evs, err := lone.Create(events.GameCreated{Mode: "standard", White: "w", Black: "b", StartFEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
	apply(t, lone, t0, evs, err)
	report(t, lone, events.White, "e5")
	if r := report(t, lone, events.White, "Kc3")[0].(events.RulingGiven); r.Decision != "draw" {
		t.Fatalf("lone king: %+v", r)
	}

	// 1997: a sudden-death game is in its quickplay finish (10.1), so 10.3
	// gives the opponent two minutes; before the last period 7.4 only
	// reinstates
	old := game(t, "fide-1997", "600", "d4")
	if r := report(t, old, events.Black, "Kd6"); len(r) != 2 || r[0].(events.RulingGiven).Article != "10.3" {
		t.Fatalf("1997 sudden death: %+v", r)
	}
	early := game(t, "fide-1997", "40/600:300", "d4")
	if r := report(t, early, events.Black, "Kd6"); len(r) != 1 || r[0].(events.RulingGiven).Article != "7.4" {
		t.Fatalf("1997 first period: %+v", r)
	}
}

func TestReportIllegalRefused(t *testing.T) {
	g := game(t, "fide-2023", "600", "e4")
	for _, tt := range []struct {
		offender events.Color
		move     string
		kind     error
	}{
		{events.White, "Ke3", refusal.ErrNotOnMove},
		{events.Black, "e5", refusal.ErrInvalid}, // legal: played, not reported
		{events.Black, "", refusal.ErrInvalid},
		{"green", "Ke7", refusal.ErrInvalid},
	} {
		if _, err := g.ReportIllegal(tt.offender, tt.move, ""); !errors.Is(err, tt.kind) {
			t.Errorf("%s %q: %v, want %v", tt.offender, tt.move, err, tt.kind)
		}
	}
}

func TestHandRulings(t *testing.T) {
	at := t0.Add(time.Minute)
	tests := []struct {
		name     string
		profile  string
		h        HandRuling
		article  string
		decision string
		then     string // type of the second event, "" if none
	}{
		{"warning 2023", "fide-2023", HandRuling{Matter: "penalty", Side: events.White, Penalty: "warning"}, "12.9.1", "game_continues", "arbiter.penalty_imposed"},
		{"time to opponent 1997", "fide-1997", HandRuling{Matter: "penalty", Side: events.Black, Penalty: "time_to_opponent", AmountMs: 60000}, "13.4b", "game_continues", "arbiter.penalty_imposed"},
		{"time off", "fide-2023", HandRuling{Matter: "penalty", Side: events.Black, Penalty: "time_off", AmountMs: 60000}, "12.9.3", "game_continues", "arbiter.penalty_imposed"},
		{"loss", "fide-2023", HandRuling{Matter: "penalty", Side: events.Black, Penalty: "loss"}, "12.9.6", "win_white", "arbiter.penalty_imposed"},
		{"expulsion", "fide-1997", HandRuling{Matter: "penalty", Side: events.White, Penalty: "expulsion"}, "13.4e", "win_black", "arbiter.penalty_imposed"},
		{"late, 2023 default 0", "fide-2023", HandRuling{Matter: "late_arrival", Side: events.White, LatenessMs: 1000}, "6.7.1", "win_black", "arbiter.forfeit_declared"},
		{"late within an hour, 1997", "fide-1997", HandRuling{Matter: "late_arrival", Side: events.White, LatenessMs: 60000}, "6.6", "game_continues", ""},
		{"wrong position 1997", "fide-1997", HandRuling{Matter: "wrong_initial_position"}, "7.1a", "annulled", "arbiter.game_annulled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := game(t, tt.profile, "600", "e4", "e5")
			evs, err := HandRulingDecision(&g.Game, tt.h, at)
			if err != nil {
				t.Fatal(err)
			}
			r := evs[0].(events.RulingGiven)
			if r.Article != tt.article || r.Decision != tt.decision || r.Profile != tt.profile || r.Matter != tt.h.Matter {
				t.Errorf("ruling %+v, want article %s decision %s", r, tt.article, tt.decision)
			}
			if tt.then == "" && len(evs) != 1 || tt.then != "" && (len(evs) != 2 || evs[1].EventType() != tt.then) {
				t.Errorf("events %+v, want then %q", evs, tt.then)
			}
		})
	}
}

func TestHandRulingsRefused(t *testing.T) {
	at := t0.Add(time.Minute)
	g := game(t, "fide-1997", "600", "e4")
	for _, h := range []HandRuling{
		{Matter: "penalty", Side: events.White, Penalty: "fine"},
		{Matter: "penalty", Side: "nobody", Penalty: "warning"},
		{Matter: "penalty", Side: events.White, Penalty: "time_off"},                    // no amount
		{Matter: "penalty", Side: events.White, Penalty: "time_off", AmountMs: 3600000}, // more than he has
		{Matter: "late_arrival", Side: events.White, LatenessMs: -1},
		{Matter: "coffee"},
	} {
		if _, err := HandRulingDecision(&g.Game, h, at); !errors.Is(err, refusal.ErrBadRuling) {
			t.Errorf("%+v: %v", h, err)
		}
	}
	if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "result_override", Result: "1-0", Reason: "x"}, at); !errors.Is(err, refusal.ErrInProgress) {
		t.Errorf("override in progress: %v", err)
	}
	evs, err := HandRulingDecision(&g.Game, HandRuling{Matter: "penalty", Side: events.White, Penalty: "loss"}, at)
	apply(t, g, at, evs, err)
	end, err := g.EndByRuling(evs[0].(events.RulingGiven))
	apply(t, g, at, end, err)
	if g.Result() != "0-1" || g.Ending().Termination != "arbiter" {
		t.Fatalf("after the loss: %s %+v", g.Result(), g.Ending())
	}
	for _, h := range []HandRuling{
		{Matter: "result_override", Result: "0-1", Reason: "x", Article: "21.3"},
		{Matter: "result_override", Result: "1-0", Article: "21.3"},
		{Matter: "result_override", Result: "1/2-1/2", Reason: "scoresheets agree on a draw"}, // no article
		{Matter: "result_override", Result: "2-0", Reason: "x", Article: "21.3"},
		{Matter: "penalty", Side: events.White, Penalty: "warning"},
	} {
		if _, err := HandRulingDecision(&g.Game, h, at); err == nil {
			t.Errorf("%+v accepted", h)
		}
	}
	evs, err = HandRulingDecision(&g.Game, HandRuling{Matter: "result_override", Result: "1/2-1/2", Reason: "scoresheets agree on a draw", Article: "8.7"}, at)
	apply(t, g, at, evs, err)
	if g.Result() != "1/2-1/2" || evs[0].(events.ResultOverridden).Previous != "0-1" {
		t.Fatalf("override: %s %+v", g.Result(), evs)
	}
}
