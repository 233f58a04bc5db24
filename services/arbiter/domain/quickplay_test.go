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

// quickplayGame folds a game with the quickplay finish announced or not,
// White's clock started at whiteMs, and the moves played a second apart;
// it returns the game and the instant after the last move.
func quickplayGame(t *testing.T, profile, control string, announce bool, whiteMs int64, moves ...string) (*games.Game, time.Time) {
	t.Helper()
	g := &games.Game{}
	evs, err := g.Create(events.GameCreated{Mode: "standard", White: "w", Black: "b", LawsProfile: profile, TimeControl: control, QuickplayFinish: announce})
	apply(t, g, t0, evs, err)
	apply(t, g, t0, []games.Event{events.ClockStarted{At: t0, TimeControl: control, WhiteMs: whiteMs, BlackMs: 600000}}, nil)
	at := t0
	for i, m := range moves {
		p := "w"
		if i%2 == 1 {
			p = "b"
		}
		at = t0.Add(time.Duration(i+1) * time.Second)
		evs, err := g.Move(p, m, at)
		apply(t, g, at, evs, err)
	}
	return g, at.Add(time.Second)
}

// claimAtOnce records White's draw claim with reason (a quickplay-finish
// claim, an increment request) at at and returns what the arbiter service
// decides on it at once.
func claimAtOnce(t *testing.T, g *games.Game, reason events.ClaimReason, at time.Time) []events.Event {
	t.Helper()
	evs, err := g.ClaimDraw("w", reason, "")
	apply(t, g, at, evs, err)
	dc := evs[0].(events.DrawClaimed)
	out, err := ClaimRuling(&g.Game, &dc, at)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestQuickplayClaimAdmission(t *testing.T) {
	tests := []struct {
		name, profile, control string
		whiteMs                int64
		admissible             bool
		article                string
	}{
		{"2023 sudden death, 90 s left", "fide-2023", "300", 90000, true, ""},
		{"1997 sudden death, 90 s left", "fide-1997", "300", 90000, true, ""},
		{"2023, two minutes or more left", "fide-2023", "300", 120000 + 2000, false, "III.5"},
		{"1997, two minutes or more left", "fide-1997", "300", 150000, false, "10.2"},
		{"2023, an increment: Guidelines III do not govern", "fide-2023", "300+5", 90000, false, "III.5"},
		{"2023, not the last period", "fide-2023", "40/5400:1800", 90000, false, "III.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, at := quickplayGame(t, tt.profile, tt.control, true, tt.whiteMs, "e4", "e5")
			out := claimAtOnce(t, g, events.ClaimQuickplay, at)
			if tt.admissible {
				if len(out) != 0 {
					t.Fatalf("an admissible claim is the arbiter's to judge; the service decided %+v", out)
				}
				return
			}
			if len(out) != 1 {
				t.Fatalf("want one ruling, got %+v", out)
			}
			r := out[0].(events.RulingGiven)
			if r.Matter != "draw_claim" || r.Decision != "game_continues" || r.Article != tt.article || r.Profile != tt.profile ||
				!strings.Contains(r.Explanation, "cannot be admitted") {
				t.Errorf("ruling %+v", r)
			}
		})
	}
}

func TestQuickplayJudgements(t *testing.T) {
	tests := []struct {
		name, profile, judgement string
		addTime                  bool
		decision, article        string
		bonusMs                  int64
		refused                  bool
	}{
		{"2023 III.5.1 draw", "fide-2023", "draw", false, "draw", "III.5", 0, false},
		{"2023 III.5.2 postponed", "fide-2023", "postpone", false, "game_continues", "III.5", 0, false},
		{"2023 III.5.2 postponed, two minutes to the opponent", "fide-2023", "postpone", true, "game_continues", "III.5", 120000, false},
		{"2023 III.5.3 rejected", "fide-2023", "reject", false, "game_continues", "III.5.3", 120000, false},
		{"1997 10.2a draw", "fide-1997", "draw", false, "draw", "10.2", 0, false},
		{"1997 10.2b postponed, two minutes to the opponent", "fide-1997", "postpone", true, "game_continues", "10.2", 120000, false},
		{"1997 has no rejection", "fide-1997", "reject", false, "", "", 0, true},
		{"unknown judgement", "fide-2023", "maybe", false, "", "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, at := quickplayGame(t, tt.profile, "300", true, 90000, "e4", "e5")
			if out := claimAtOnce(t, g, events.ClaimQuickplay, at); len(out) != 0 {
				t.Fatalf("not admissible: %+v", out)
			}
			rulingAt := at.Add(30 * time.Second) // the clocks stand still while the claim waits
			out, err := HandRulingDecision(&g.Game, HandRuling{Matter: "quickplay_claim", Judgement: tt.judgement, AddTime: tt.addTime}, rulingAt)
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
			if r.Matter != "draw_claim" || r.Decision != tt.decision || r.Article != tt.article || r.Profile != tt.profile {
				t.Errorf("ruling %+v", r)
			}
			if tt.bonusMs == 0 && len(out) != 1 {
				t.Errorf("no time given, got %+v", out)
			}
			if tt.bonusMs > 0 {
				if len(out) != 2 {
					t.Fatalf("want the two minutes, got %+v", out)
				}
				p := out[1].(events.PenaltyImposed)
				if p.Side != events.White || p.Kind != "time_added_to_opponent" || p.AmountMs != tt.bonusMs || p.Article != tt.article || r.Penalty != p.Kind {
					t.Errorf("time to the opponent: %+v (ruling %+v)", p, r)
				}
			}
			// the games service folds the ruling: the claim is settled,
			// a draw ends the game as a quickplay finish
			apply(t, g, rulingAt, out, nil)
			if _, pending := g.Claim(); pending {
				t.Error("the claim is still pending after the ruling")
			}
			end, err := g.EndByRuling(r)
			if err != nil {
				t.Fatal(err)
			}
			if tt.decision == "draw" {
				if len(end) != 1 || end[0].(events.GameEnded).Termination != events.Termination(events.ClaimQuickplay) || end[0].(events.GameEnded).Result != events.ResultDraw {
					t.Errorf("end %+v", end)
				}
			} else if len(end) != 0 {
				t.Errorf("the game goes on, but %+v", end)
			}
		})
	}
}

func TestQuickplayJudgementNeedsAClaim(t *testing.T) {
	g, at := quickplayGame(t, "fide-2023", "300", true, 90000, "e4", "e5")
	_, err := HandRulingDecision(&g.Game, HandRuling{Matter: "quickplay_claim", Judgement: "draw"}, at)
	if !errors.Is(err, refusal.ErrBadRuling) {
		t.Fatalf("no claim pending: %v", err)
	}
	// a repetition claim is not judged as a quickplay-finish claim
	evs, err := g.ClaimDraw("w", "threefold_repetition", "")
	apply(t, g, at, evs, err)
	if _, err := HandRulingDecision(&g.Game, HandRuling{Matter: "quickplay_claim", Judgement: "draw"}, at); !errors.Is(err, refusal.ErrBadRuling) {
		t.Fatalf("repetition claim pending: %v", err)
	}
}

// TestLaws1997_10_3_IllegalMoveQuickplayAnnounced: in the last period a
// completed illegal move gives the opponent two minutes (1997 10.3),
// announced or not: 10.1 makes the last period of every game its
// quickplay finish.
func TestLaws1997_10_3_IllegalMoveQuickplayAnnounced(t *testing.T) {
	for _, announce := range []bool{true, false} {
		g, _ := quickplayGame(t, "fide-1997", "300", announce, 90000, "e4", "e5")
		out := report(t, g, events.White, "Ke3")
		if r := out[0].(events.RulingGiven); r.Article != "10.3" || len(out) != 2 || out[1].(events.PenaltyImposed).AmountMs != 120000 {
			t.Errorf("announced %v: %+v", announce, out)
		}
	}
}

// TestLastPeriod: the period the side on move is in, from the clock: the
// quickplay finish governs only the period in which all remaining moves
// must be made, without increment or delay.
func TestLastPeriod(t *testing.T) {
	tests := []struct {
		name, control string
		moves         []string
		last, added   bool
	}{
		{"sudden death", "300", nil, true, false},
		{"sudden death with increment", "300+5", nil, true, true},
		{"first of two periods", "2/300:100", []string{"e4", "e5"}, false, false},
		{"the second period reached", "2/300:100", []string{"e4", "e5", "Nf3", "Nc6"}, true, false},
		{"40/5400+30:1800+30 in the first period", "40/5400+30:1800+30", []string{"d4"}, false, true},
		{"a repeating period never ends", "40/7200", []string{"c4", "c5"}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, at := quickplayGame(t, "fide-2023", tt.control, true, 90000, tt.moves...)
			last, added, err := lastPeriod(&g.Game, at)
			if err != nil || last != tt.last || added != tt.added {
				t.Errorf("last %v, added %v, %v; want %v, %v", last, added, err, tt.last, tt.added)
			}
		})
	}
	untimed := &games.Game{}
	evs, err := untimed.Create(events.GameCreated{Mode: "standard", White: "w", Black: "b", QuickplayFinish: true})
	apply(t, untimed, t0, evs, err)
	if last, added, err := lastPeriod(&untimed.Game, t0); last || added || err != nil {
		t.Errorf("untimed: %v %v %v", last, added, err)
	}
}
