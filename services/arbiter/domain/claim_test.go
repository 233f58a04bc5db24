package domain

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/games/domain"
)

var t0 = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)

// game folds a timed game with the moves played a second apart.
func game(t *testing.T, profile, control string, moves ...string) *games.Game {
	t.Helper()
	g := &games.Game{}
	evs, err := g.Create(events.GameCreated{Mode: "standard", White: "w", Black: "b", LawsProfile: profile, TimeControl: control})
	if err != nil {
		t.Fatal(err)
	}
	evs = append(evs, events.ClockStarted{At: t0, TimeControl: control, WhiteMs: 600000, BlackMs: 600000})
	for _, e := range evs {
		if err := g.ApplyAt(t0, e); err != nil {
			t.Fatal(err)
		}
	}
	for i, m := range moves {
		p := "w"
		if i%2 == 1 {
			p = "b"
		}
		at := t0.Add(time.Duration(i+1) * time.Second)
		evs, err := g.Move(p, m, at)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if err := g.ApplyAt(at, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

func TestClaimRulings(t *testing.T) {
	tests := []struct {
		name      string
		profile   string
		moves     []string
		claim     events.DrawClaimed
		decision  string
		penalties []events.PenaltyImposed
	}{
		{"correct, 2023", "fide-2023", []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"},
			events.DrawClaimed{By: events.Black, Reason: "threefold_repetition", IntendedMove: "Ng8"}, "draw", nil},
		{"incorrect, 2023: two minutes to the opponent", "fide-2023", []string{"Nf3", "Nf6"},
			events.DrawClaimed{By: events.White, Reason: "threefold_repetition", IntendedMove: "Ng1"}, "game_continues",
			[]events.PenaltyImposed{{Side: events.White, Kind: events.PenaltyTimeToOpponent, AmountMs: 120000}}},
		{"incorrect, 1997: claimant's time cut (at most 3 min), 3 min to the opponent", "fide-1997", []string{"Nf3", "Nf6"},
			events.DrawClaimed{By: events.White, Reason: "fifty_moves"}, "game_continues",
			[]events.PenaltyImposed{{Side: events.White, Kind: "time_deducted", AmountMs: 180000}, {Side: events.White, Kind: events.PenaltyTimeToOpponent, AmountMs: 180000}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := game(t, tt.profile, "600", tt.moves...)
			claimAt := t0.Add(time.Duration(len(tt.moves)+1) * time.Second)
			claim, err := g.ClaimDraw(map[events.Color]string{events.White: "w", events.Black: "b"}[tt.claim.By], tt.claim.Reason, tt.claim.IntendedMove)
			if err != nil {
				t.Fatal(err)
			}
			dc := claim[0].(events.DrawClaimed)
			if err := g.ApplyAt(claimAt, dc); err != nil {
				t.Fatal(err)
			}
			evs, err := claimRuling(&g.Game, &dc, claimAt)
			if err != nil {
				t.Fatal(err)
			}
			r := evs[0].(events.RulingGiven)
			if r.Decision != tt.decision || r.Matter != "draw_claim" || r.Article == "" || r.Profile != tt.profile {
				t.Errorf("ruling %+v", r)
			}
			if len(evs)-1 != len(tt.penalties) {
				t.Fatalf("%d penalties, want %d: %v", len(evs)-1, len(tt.penalties), evs)
			}
			for i, want := range tt.penalties {
				p := evs[i+1].(events.PenaltyImposed)
				if p.Side != want.Side || p.Kind != want.Kind || p.AmountMs != want.AmountMs || p.Article == "" {
					t.Errorf("penalty %d: %+v, want %+v", i, p, want)
				}
			}
		})
	}
}
