package domain

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// flagClaimRuling rules on h.Side's claim of a win on time, brought to the
// arbiter with the clocks as they read at instant at (laws.FlagClaim: 6.8
// and 6.9; 2023 A.5.3 in rapid and blitz the arbiter does not fully
// supervise). A game whose clock is not running has no flag to claim. The
// games service ends a game the ruling decides (games/domain Game.EndByRuling).
func flagClaimRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	claimant, err := colorOf(h.Side)
	if err != nil {
		return nil, refuseRuling("side: %q is not white or black: the claimant of a win on time (%s)", h.Side, claimArticle(g.Profile()))
	}
	if !g.Timer().Started() {
		return nil, refuseRuling("flag_claim: the game's clock is not running: no flag to claim (%s)", g.Profile().Articles.FlagObserved)
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().FlagClaim(sit, claimant)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	return []events.Event{given(events.MatterFlagClaim, r)}, nil
}

// illegalPositionRuling rules on the illegal position h.Observed the
// arbiter observes (laws.IllegalPosition: 2023 A.5.4, rapid and blitz he
// does not fully supervise): the game goes on until the next move is
// completed; h.NextMoveCompleted with the position still on the board,
// the game is drawn.
func illegalPositionRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	kind, err := laws.ParseIllegalPosition(h.Observed)
	if err != nil {
		return nil, refuseRuling("observed: %q is not both_kings_in_check or pawn_on_last_rank (%s)", h.Observed, g.Profile().Articles.IllegalPositionObserved)
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().IllegalPosition(sit, laws.IllegalPositionReport{Kind: kind, NextMoveCompleted: h.NextMoveCompleted})
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	return []events.Event{given(events.MatterIllegalPosition, r)}, nil
}

// FlagClaimRequest reads back from a flag claim's ruling the request it
// answered (the claimant, whom the explanation names first).
func FlagClaimRequest(explanation string) HandRuling {
	h := HandRuling{Matter: events.MatterFlagClaim}
	for _, c := range []events.Color{events.White, events.Black} {
		if strings.HasPrefix(explanation, string(c)+" claims a win on time") {
			h.Side = c
		}
	}
	return h
}

// IllegalPositionRequest reads back from an illegal-position ruling the
// request it answered: the position observed, and whether the next move
// had been completed.
func IllegalPositionRequest(r events.RulingGiven) HandRuling {
	h := HandRuling{Matter: events.MatterIllegalPosition, Observed: laws.PawnOnLastRank.String()}
	if strings.Contains(r.Explanation, "both kings in check") {
		h.Observed = laws.BothKingsInCheck.String()
	}
	h.NextMoveCompleted = r.Decision != Decision(laws.Continue)
	return h
}

// claimArticle is the article a claim of a win on time rests on under p:
// 2023 A.5.3 in rapid and blitz the arbiter does not fully supervise,
// else 6.8 (a flag is fallen when a player validly claims it).
func claimArticle(p laws.Profile) string {
	if p.Edition == 2023 && p.Mode != laws.Standard && !p.Supervised {
		return p.Articles.FlagClaim
	}
	return p.Articles.FlagObserved
}
