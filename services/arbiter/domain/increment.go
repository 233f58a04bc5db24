package domain

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// The increment request of the quickplay finish (FIDE Laws 2023
// Guidelines III.4, profile fide-2023 with the quickplay finish announced;
// the 1997 text has none): the player on move with less than two minutes
// left, in the last period of a game without time added per move, requests
// that an increment of five seconds be introduced for both players. The
// request constitutes the offer of a draw. It is recorded as a draw claim
// with reason "increment_request" (game.draw_claimed: the clocks stop).
// The arbiter service rules at once on a request the Laws cannot admit
// (RuleOnClaim, through laws.IncrementRequest's own conditions); an
// admissible one waits for the arbiter's hand ruling (matter
// "increment_request", IncrementJudgements), which is laws.IncrementRequest:
//   - "draw": the opponent accepts the offer — a draw (game.ended,
//     termination agreement);
//   - "grant": the opponent refuses and the arbiter agrees to the request —
//     the clocks are set with the increment and the opponent is given two
//     minutes, and the game goes on;
//   - "refuse": the opponent refuses and the arbiter does not agree — the
//     game goes on unchanged.
//
// Whether the opponent accepts is his answer, and whether to agree is the
// arbiter's judgement: neither is decided by a machine, so the arbiter
// records both. The ruling is arbiter.ruling_given with matter
// "draw_claim" (the ruling on the pending claim: the clocks restart, the
// games service ends a drawn game), the two minutes an
// arbiter.penalty_imposed of kind time_added_to_opponent (side the
// requester), and the increment an arbiter.penalty_imposed of kind
// increment_introduced (events.PenaltyIncrementIntroduced, amount the
// increment), which the clocks service carries out as
// clock.control_changed. Between the ruling and that change (the clocks
// service's reaction, normally milliseconds) the clock runs under the old
// control.

// IncrementJudgements are the outcomes of an increment request, as the
// API names them (matter increment_request, field judgement): whether the
// opponent accepts the draw offer the request makes, and whether the
// arbiter agrees to the increment.
var IncrementJudgements = map[string]struct{ OpponentAccepts, ArbiterAgrees bool }{
	"draw":   {OpponentAccepts: true},
	"grant":  {ArbiterAgrees: true},
	"refuse": {},
}

// incrementAdmission is the arbiter service's ruling on an increment
// request dc at instant at: none (nil) when the Laws admit it (it waits
// for the arbiter), else the ruling that it cannot be admitted (the game
// goes on).
func incrementAdmission(g *games.Game, dc *events.DrawClaimed, at time.Time) ([]events.Event, error) {
	return claimAdmission(g, dc, at, "the request for an increment", func(p laws.Profile, sit laws.Situation, requester rules.Color) (string, error) {
		article := p.Articles.IncrementRequest
		if article == "" {
			article = p.Articles.QuickplayApplies
		}
		_, err := p.IncrementRequest(sit, requester, false, false)
		return article, err
	})
}

// incrementRuling is the arbiter's ruling h (matter "increment_request":
// Judgement) on the increment request pending in g, at instant at,
// through laws.IncrementRequest.
func incrementRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	dc, requester, err := pendingClaim(g, events.ClaimIncrementRequest, "no request for an increment awaits the arbiter's ruling")
	if err != nil {
		return nil, err
	}
	j, ok := IncrementJudgements[h.Judgement]
	if !ok {
		return nil, refuseRuling("judgement: %q is not draw, grant or refuse", h.Judgement)
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().IncrementRequest(sit, requester, j.OpponentAccepts, j.ArbiterAgrees)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	out, err := drawClaimRuling(r, dc, requester, "increment request", "request for an increment granted: time to the opponent")
	if err != nil {
		return nil, err
	}
	if r.SetIncrement > 0 {
		out = append(out, events.PenaltyImposed{Side: dc.By, Kind: events.PenaltyIncrementIntroduced, AmountMs: r.SetIncrement.Milliseconds(),
			Article: r.Article, Reason: fmt.Sprintf("request for an increment granted: %v per move for both players", r.SetIncrement)})
	}
	return out, nil
}
