package app

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// The quickplay finish (FIDE Laws 2023 Guidelines III, profile fide-2023;
// 1997 article 10, profile fide-1997) is in force in a game when it was
// announced for it (game.created quickplay_finish, from the tournament's
// creation). A player on move with less than two minutes left claims a
// draw with reason "quickplay_finish" (game.draw_claimed, which stops both
// clocks). What a machine can decide is decided at once by the arbiter
// service (RuleOnClaim, through laws.QuickplayAdmissible): a claim outside
// the last period, with time added per move, or with two minutes or more
// left cannot be admitted, and the game goes on. An admissible claim waits
// for the arbiter, who alone can judge whether the opponent can win, or is
// trying to, by normal means: his hand ruling (matter "quickplay_claim",
// QuickplayJudgements) is laws.QuickplayClaim — a draw (2023 III.5.1, 1997
// 10.2a), the decision postponed, with or without two minutes to the
// opponent (III.5.2, 10.2b), or the claim rejected with two minutes to the
// opponent (2023 III.5.3 only). It is recorded as arbiter.ruling_given with
// matter "draw_claim" (the ruling on the pending claim, so that the clocks
// restart and the games service ends a drawn game as for any claim), and
// the two minutes as arbiter.penalty_imposed (kind time_added_to_opponent,
// side the claimant), which the clocks service carries out.
//
// The increment request of 2023 Guidelines III.4 is increment.go. Not
// done: the 1997 10.2c draw declared after a flag fall on a postponed
// claim.

// QuickplayJudgements are the arbiter's judgements of a quickplay-finish
// claim, as the API names them.
var QuickplayJudgements = map[string]laws.Judgement{
	"draw":     laws.JudgeDraw,
	"postpone": laws.JudgePostpone,
	"reject":   laws.JudgeReject,
}

// lastPeriod reports, for the side on move in g at instant at, whether its
// clock is in the period in which all remaining moves must be made (sudden
// death: the period has no move count), and whether that period adds time
// per move (increment or delay). An untimed or unstarted clock is in no
// last period.
func lastPeriod(g *domain.Game, at time.Time) (last, added bool, err error) {
	t := g.Timer()
	if !t.Started() || g.Rules() == nil {
		return false, false, nil
	}
	tc := t.Clock().Control()
	if tc.Kind != clock.Timed {
		return false, false, nil
	}
	side := clock.White
	if pos := g.Rules().Position(); pos.Turn() == rules.Black {
		side = clock.Black
	}
	w, b, err := t.Reading(at)
	if err != nil {
		return false, false, err
	}
	r := w
	if side == clock.Black {
		r = b
	}
	ps := tc.For(side)
	if len(ps) == 0 || r.Period < 1 {
		return false, false, nil
	}
	p := ps[min(r.Period-1, len(ps)-1)]
	return p.Moves == 0, p.Increment > 0 || p.Delay > 0, nil
}

// pendingClaim returns the draw claim with reason that g holds and the
// claimant's colour, or a refusal saying none (nothing of the kind awaits
// the arbiter).
func pendingClaim(g *domain.Game, reason, none string) (events.DrawClaimed, rules.Color, error) {
	dc, ok := g.Claim()
	if !ok || dc.Reason != reason {
		return dc, 0, refuseRuling("%s", none)
	}
	c, err := colorOf(dc.By)
	return dc, c, err
}

// claimAdmission is the arbiter service's ruling on the draw claim dc
// (what, as the explanation names it) at instant at: none (nil) when
// admit finds that the Laws admit it and it waits for the arbiter, else
// the ruling, under the article admit names, that it cannot be admitted
// (the game goes on).
func claimAdmission(g *domain.Game, dc *events.DrawClaimed, at time.Time, what string,
	admit func(p laws.Profile, sit laws.Situation, claimant rules.Color) (article string, err error)) ([]events.Event, error) {
	claimant, err := colorOf(dc.By)
	if err != nil {
		return nil, err
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	profile := g.Profile()
	article, err := admit(profile, sit, claimant)
	if err == nil {
		return nil, nil
	}
	return []events.Event{events.RulingGiven{Matter: "draw_claim", Article: article, Profile: profile.Name,
		Decision: Decision(laws.Continue), Explanation: what + " cannot be admitted: " + err.Error()}}, nil
}

// drawClaimRuling is the arbiter's ruling r on the draw claim dc of
// claimant (what, as an error names it): arbiter.ruling_given with matter
// "draw_claim", then an arbiter.penalty_imposed of kind
// time_added_to_opponent (side the claimant, with reason) for each of r's
// adjustments, which must all add time to the claimant's opponent.
func drawClaimRuling(r laws.Ruling, dc events.DrawClaimed, claimant rules.Color, what, reason string) ([]events.Event, error) {
	rg := given("draw_claim", r)
	out := []events.Event{nil}
	for _, adj := range r.Adjustments {
		if adj.Kind != laws.AddTime || adj.Side == claimant {
			return nil, fmt.Errorf("ruling on the %s: unexpected adjustment %v", what, adj)
		}
		rg.Penalty = "time_added_to_opponent"
		out = append(out, events.PenaltyImposed{Side: dc.By, Kind: "time_added_to_opponent", AmountMs: adj.Amount.Milliseconds(),
			Article: r.Article, Reason: reason})
	}
	out[0] = rg
	return out, nil
}

// quickplayAdmission is the arbiter service's ruling on a quickplay-finish
// claim dc at instant at (laws.QuickplayAdmissible): none (nil) when the
// claim is admissible and waits for the arbiter's judgement, else the
// ruling that it cannot be admitted (the game goes on).
func quickplayAdmission(g *domain.Game, dc *events.DrawClaimed, at time.Time) ([]events.Event, error) {
	return claimAdmission(g, dc, at, "the quickplay-finish claim", func(p laws.Profile, sit laws.Situation, claimant rules.Color) (string, error) {
		return p.Articles.QuickplayClaim, p.QuickplayAdmissible(sit, claimant)
	})
}

// quickplayRuling is the arbiter's judgement h (matter "quickplay_claim":
// Judgement, AddTime) of the quickplay-finish claim pending in g, at
// instant at, through laws.QuickplayClaim.
func quickplayRuling(g *domain.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	dc, claimant, err := pendingClaim(g, domain.QuickplayClaim, "no quickplay-finish claim awaits the arbiter's judgement")
	if err != nil {
		return nil, err
	}
	j, ok := QuickplayJudgements[h.Judgement]
	if !ok {
		return nil, refuseRuling("judgement: %q is not draw, postpone or reject", h.Judgement)
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	profile := g.Profile()
	r, err := profile.QuickplayClaim(sit, claimant, j, h.AddTime)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	return drawClaimRuling(r, dc, claimant, "quickplay-finish claim", "quickplay-finish claim ("+h.Judgement+"): time to the opponent")
}
