package domain

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
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
// The increment request of 2023 Guidelines III.4 is increment.go. A
// postponed claim is decided later by quickplayLater (1997 10.2c, 2023
// III.5.2), also after a flag fell. Under fide-1997 the quickplay finish
// needs no announcement (10.1) and the claimant need not have the move
// (10.2).

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
func lastPeriod(g *games.Game, at time.Time) (last, added bool, err error) {
	if g.Rules() == nil {
		return false, false, nil
	}
	pos := g.Rules().Position()
	return lastPeriodOf(g, at, pos.Turn())
}

// lastPeriodOf is lastPeriod for the clock of side c (a 1997 10.2 claimant
// need not have the move).
func lastPeriodOf(g *games.Game, at time.Time, c rules.Color) (last, added bool, err error) {
	t := g.Timer()
	if !t.Started() || g.Rules() == nil {
		return false, false, nil
	}
	tc := t.Clock().Control()
	if tc.Kind != clock.Timed {
		return false, false, nil
	}
	side := clock.White
	if c == rules.Black {
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
func pendingClaim(g *games.Game, reason events.ClaimReason, none string) (events.DrawClaimed, rules.Color, error) {
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
func claimAdmission(g *games.Game, dc *events.DrawClaimed, at time.Time, what string,
	admit func(p laws.Profile, sit laws.Situation, claimant rules.Color) (article string, err error)) ([]events.Event, error) {
	claimant, err := colorOf(dc.By)
	if err != nil {
		return nil, err
	}
	sit, err := claimantSituation(g, at, claimant)
	if err != nil {
		return nil, err
	}
	profile := g.Profile()
	article, err := admit(profile, sit, claimant)
	if err == nil {
		return nil, nil
	}
	return []events.Event{events.RulingGiven{Matter: events.MatterDrawClaim, Article: article, Profile: profile.Name,
		Decision: Decision(laws.Continue), Explanation: what + " cannot be admitted: " + err.Error()}}, nil
}

// drawClaimRuling is the arbiter's ruling r on the draw claim dc of
// claimant (what, as an error names it): arbiter.ruling_given with matter
// "draw_claim", then an arbiter.penalty_imposed of kind
// time_added_to_opponent (side the claimant, with reason) for each of r's
// adjustments, which must all add time to the claimant's opponent.
func drawClaimRuling(r laws.Ruling, dc events.DrawClaimed, claimant rules.Color, what, reason string) ([]events.Event, error) {
	rg := given(events.MatterDrawClaim, r)
	out := []events.Event{nil}
	for _, adj := range r.Adjustments {
		if adj.Kind != laws.AddTime || adj.Side == claimant {
			return nil, fmt.Errorf("ruling on the %s: unexpected adjustment %v", what, adj)
		}
		rg.Penalty = events.PenaltyTimeToOpponent
		out = append(out, events.PenaltyImposed{Side: dc.By, Kind: events.PenaltyTimeToOpponent, AmountMs: adj.Amount.Milliseconds(),
			Article: r.Article, Reason: reason})
	}
	out[0] = rg
	return out, nil
}

// quickplayAdmission is the arbiter service's ruling on a quickplay-finish
// claim dc at instant at (laws.QuickplayAdmissible): none (nil) when the
// claim is admissible and waits for the arbiter's judgement, else the
// ruling that it cannot be admitted (the game goes on).
func quickplayAdmission(g *games.Game, dc *events.DrawClaimed, at time.Time) ([]events.Event, error) {
	return claimAdmission(g, dc, at, "the quickplay-finish claim", func(p laws.Profile, sit laws.Situation, claimant rules.Color) (string, error) {
		return p.Articles.QuickplayClaim, p.QuickplayAdmissible(sit, claimant)
	})
}

// quickplayLater is the arbiter's later decision (matter
// "quickplay_claim", judgement draw) on the quickplay-finish claim pc whose
// decision he postponed: laws.QuickplayDrawLater, in the game or after a
// flag fell (1997 10.2c, 2023 III.5.2). It is recorded as
// arbiter.ruling_given with matter "quickplay_claim"; in a game going on
// the games service then ends it drawn (termination quickplay_finish); in
// a game a flag fall ended, the draw replaces that result
// (arbiter.result_overridden, the ruling's article).
func quickplayLater(g *games.Game, pc events.DrawClaimed, h HandRuling, at time.Time) ([]events.Event, error) {
	if h.Judgement != "draw" {
		return nil, refuseRuling("judgement: %q; after a postponement the arbiter declares the draw (draw) or lets the game's result stand (no ruling)", h.Judgement)
	}
	claimant, err := colorOf(pc.By)
	if err != nil {
		return nil, err
	}
	if _, ok := g.Annulled(); ok {
		return nil, &games.Refusal{Kind: refusal.ErrGameOver, Reason: "the game is annulled"}
	}
	sit, err := claimantSituation(g, at, claimant)
	if err != nil {
		return nil, err
	}
	end := g.Ending()
	flagFell := end.Termination == events.TerminationFlagFall || end.Termination == events.TerminationInsufficientMaterialFlag
	if g.Finished() {
		sit.Result = map[events.Result]laws.Result{events.ResultWhiteWins: laws.WhiteWins, events.ResultBlackWins: laws.BlackWins, events.ResultDraw: laws.Draw}[g.Result()]
		if sit.Result == laws.Continue {
			sit.Result = laws.BothLose
		}
		if g.Result() == events.ResultDraw {
			return nil, &games.Refusal{Kind: refusal.ErrGameOver, Reason: "the game is already drawn (" + string(end.Termination) + ")"}
		}
	}
	r, err := g.Profile().QuickplayDrawLater(sit, claimant, flagFell)
	if err != nil {
		return nil, &games.Refusal{Kind: refusal.ErrGameOver, Reason: err.Error()}
	}
	out := []events.Event{given(events.MatterQuickplayClaim, r)}
	if g.Finished() {
		ov, err := OverrideResult(g, events.ResultDraw, r.Explanation, r.Article)
		if err != nil {
			return nil, err
		}
		out = append(out, ov...)
	}
	return out, nil
}

// claimantSituation is situation with the last period read from the
// claimant's clock (a 1997 10.2 claimant need not have the move).
func claimantSituation(g *games.Game, at time.Time, claimant rules.Color) (laws.Situation, error) {
	sit, err := situation(g, at)
	if err != nil || !g.Timer().Started() {
		return sit, err
	}
	sit.LastPeriod, sit.TimeAddedPerMove, err = lastPeriodOf(g, at, claimant)
	return sit, err
}

// quickplayRuling is the arbiter's judgement h (matter "quickplay_claim":
// Judgement, AddTime) of the quickplay-finish claim pending in g, at
// instant at, through laws.QuickplayClaim.
func quickplayRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	dc, claimant, err := pendingClaim(g, events.ClaimQuickplay, "no quickplay-finish claim awaits the arbiter's judgement")
	if err != nil {
		return nil, err
	}
	j, ok := QuickplayJudgements[h.Judgement]
	if !ok {
		return nil, refuseRuling("judgement: %q is not draw, postpone or reject", h.Judgement)
	}
	sit, err := claimantSituation(g, at, claimant)
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
