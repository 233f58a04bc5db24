package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

func TestIncrementRequestAdmission(t *testing.T) {
	tests := []struct {
		name, control string
		whiteMs       int64
		admissible    bool
	}{
		{"sudden death, 90 s left", "300", 90000, true},
		{"two minutes or more left", "300", 125000, false},
		{"an increment already", "300+5", 90000, false},
		{"not the last period", "40/5400:1800", 90000, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, at := quickplayGame(t, "fide-2023", tt.control, true, tt.whiteMs, "e4", "e5")
			out := claimAtOnce(t, g, events.ClaimIncrementRequest, at)
			if tt.admissible {
				if len(out) != 0 {
					t.Fatalf("an admissible request waits for the arbiter; the service decided %+v", out)
				}
				return
			}
			if len(out) != 1 {
				t.Fatalf("want one ruling, got %+v", out)
			}
			r := out[0].(events.RulingGiven)
			if r.Matter != "draw_claim" || r.Decision != "game_continues" || r.Article != "III.4" || !strings.Contains(r.Explanation, "cannot be admitted") {
				t.Errorf("ruling %+v", r)
			}
		})
	}
}

// TestIncrementRequestNotRecorded: the games service does not take a
// request the game cannot have (1997 has none; not announced).
func TestIncrementRequestNotRecorded(t *testing.T) {
	for _, tt := range []struct {
		profile  string
		announce bool
	}{{"fide-1997", true}, {"fide-2023", false}} {
		g, _ := quickplayGame(t, tt.profile, "300", tt.announce, 90000, "e4", "e5")
		if evs, err := g.ClaimDraw("w", events.ClaimIncrementRequest, ""); !errors.Is(err, refusal.ErrInvalid) {
			t.Errorf("%s announced %v: %v %+v", tt.profile, tt.announce, err, evs)
		}
	}
}

func TestIncrementJudgements(t *testing.T) {
	tests := []struct {
		judgement string
		decision  string
		events    []events.Penalty // the kinds of penalty_imposed after the ruling
		refused   bool
	}{
		{"draw", "draw", nil, false},
		{"grant", "game_continues", []events.Penalty{events.PenaltyTimeToOpponent, events.PenaltyIncrementIntroduced}, false},
		{"refuse", "game_continues", nil, false},
		{"postpone", "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.judgement, func(t *testing.T) {
			g, at := quickplayGame(t, "fide-2023", "300", true, 90000, "e4", "e5")
			if out := claimAtOnce(t, g, events.ClaimIncrementRequest, at); len(out) != 0 {
				t.Fatalf("not admissible: %+v", out)
			}
			out, err := HandRulingDecision(&g.Game, HandRuling{Matter: "increment_request", Judgement: tt.judgement}, at.Add(20*time.Second))
			if tt.refused {
				if !errors.Is(err, refusal.ErrBadRuling) {
					t.Fatalf("want a refusal, got %v %+v", err, out)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r := out[0].(events.RulingGiven)
			if r.Matter != "draw_claim" || r.Decision != tt.decision || r.Article != "III.4" || r.Profile != "fide-2023" {
				t.Errorf("ruling %+v", r)
			}
			if len(out)-1 != len(tt.events) {
				t.Fatalf("events %+v, want penalties %v", out, tt.events)
			}
			for i, kind := range tt.events {
				p := out[i+1].(events.PenaltyImposed)
				if p.Kind != kind || p.Side != events.White || p.Article != "III.4" {
					t.Errorf("penalty %d: %+v", i, p)
				}
				want := map[events.Penalty]int64{"time_added_to_opponent": 120000, events.PenaltyIncrementIntroduced: 5000}[kind]
				if p.AmountMs != want {
					t.Errorf("%s: %d ms, want %d", kind, p.AmountMs, want)
				}
			}
			if tt.decision == "draw" {
				for _, e := range out {
					apply(t, g, at.Add(20*time.Second), []games.Event{e}, nil)
				}
				end, err := g.EndByRuling(r)
				if err != nil || len(end) != 1 || end[0].(events.GameEnded).Termination != "agreement" || end[0].(events.GameEnded).Result != "1/2-1/2" {
					t.Errorf("end %+v %v", end, err)
				}
			}
		})
	}
	// no request pending
	g, at := quickplayGame(t, "fide-2023", "300", true, 90000, "e4", "e5")
	if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "increment_request", Judgement: "grant"}, at); !errors.Is(err, refusal.ErrBadRuling) {
		t.Errorf("no request pending: %v", err)
	}
}
