package domain

import (
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/games/domain"
)

// rapidGame is a fide-2023 game of mode mode on ten minutes each, started
// at t0, with e4 e5 played in the first two seconds: White's clock runs.
func rapidGame(t *testing.T, mode string) *games.Game {
	t.Helper()
	g := &games.Game{}
	evs, err := g.Create(events.GameCreated{Mode: mode, White: "w", Black: "b", LawsProfile: "fide-2023", TimeControl: "600"})
	apply(t, g, t0, append(evs, events.ClockStarted{At: t0, TimeControl: "600", WhiteMs: 600000, BlackMs: 600000}), err)
	for i, m := range []string{"e4", "e5"} {
		at := t0.Add(time.Duration(i+1) * time.Second)
		evs, err := g.Move([]string{"w", "b"}[i], m, at)
		apply(t, g, at, evs, err)
	}
	return g
}

// TestFlagClaimAndIllegalPosition: the arbiter's rulings of 2023 A.5.3
// (a win on time claimed) and A.5.4 (an illegal position observed) on a
// rapid game he does not fully supervise, the games service's ending of
// the game, and the audit's reading back of each request.
func TestFlagClaimAndIllegalPosition(t *testing.T) {
	late := t0.Add(11 * time.Minute) // White's flag is down, Black's up
	for _, tc := range []struct {
		name     string
		mode     string
		h        HandRuling
		at       time.Time
		article  string
		decision string
		end      events.Termination
		refused  string
	}{
		{"black claims white's flag", "rapid", HandRuling{Matter: events.MatterFlagClaim, Side: events.Black}, late, "A.5.3", "win_black", "flag_fall", ""},
		{"blitz, the same", "blitz", HandRuling{Matter: events.MatterFlagClaim, Side: events.Black}, late, "A.5.3", "win_black", "flag_fall", ""},
		{"standard: 6.9", "standard", HandRuling{Matter: events.MatterFlagClaim, Side: events.Black}, late, "6.9", "win_black", "flag_fall", ""},
		{"white claims, black's flag up", "rapid", HandRuling{Matter: events.MatterFlagClaim, Side: events.White}, late, "", "", "", "A.5.3"},
		{"black claims too early", "rapid", HandRuling{Matter: events.MatterFlagClaim, Side: events.Black}, t0.Add(time.Minute), "", "", "", "A.5.3"},
		{"no side", "rapid", HandRuling{Matter: events.MatterFlagClaim}, late, "", "", "", "side: \"\" is not white or black: the claimant of a win on time (A.5.3)"},
		{"both kings in check, wait", "rapid", HandRuling{Matter: events.MatterIllegalPosition, Observed: "both_kings_in_check"}, t0.Add(time.Minute), "A.5.4", "game_continues", "", ""},
		{"a pawn on the last rank, still there", "blitz", HandRuling{Matter: events.MatterIllegalPosition, Observed: "pawn_on_last_rank", NextMoveCompleted: true}, t0.Add(time.Minute), "A.5.4", "draw", "arbiter", ""},
		{"standard: an illegal move's matter", "standard", HandRuling{Matter: events.MatterIllegalPosition, Observed: "both_kings_in_check", NextMoveCompleted: true}, t0.Add(time.Minute), "", "", "", "7.5.1"},
		{"unknown position", "rapid", HandRuling{Matter: events.MatterIllegalPosition, Observed: "kings"}, t0.Add(time.Minute), "", "", "", "A.5.4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := rapidGame(t, tc.mode)
			evs, err := HandRulingDecision(&g.Game, tc.h, tc.at)
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("%v %v, want a refusal naming %s", evs, err, tc.refused)
				}
				return
			}
			if err != nil || len(evs) != 1 {
				t.Fatalf("%v %v", evs, err)
			}
			r := evs[0].(events.RulingGiven)
			if r.Article != tc.article || r.Decision != tc.decision || r.Matter != tc.h.Matter {
				t.Fatalf("ruling %+v, want %s %s", r, tc.article, tc.decision)
			}
			back := FlagClaimRequest(r.Explanation)
			if tc.h.Matter == events.MatterIllegalPosition {
				back = IllegalPositionRequest(r)
			}
			if back.Side != tc.h.Side || back.Observed != tc.h.Observed || back.NextMoveCompleted != tc.h.NextMoveCompleted {
				t.Errorf("request read back %+v, want %+v", back, tc.h)
			}
			end, err := g.EndByRuling(r)
			if err != nil || (tc.end == "") != (len(end) == 0) || len(end) > 0 && end[0].(events.GameEnded).Termination != tc.end {
				t.Errorf("end %+v %v, want %q", end, err, tc.end)
			}
		})
	}
}
