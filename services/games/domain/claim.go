package domain

import (
	"github.com/hakem-chess/hakem/services/internal/game"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// ClaimReasons are the grounds of a draw claim, as the catalogue writes them.
var ClaimReasons = []events.ClaimReason{events.ClaimThreefold, events.ClaimFiftyMoves, events.ClaimQuickplay, events.ClaimIncrementRequest}

// ClaimDraw decides a draw claim by the player on move (articles 9.2, 9.3):
// on the position reached, or with the move the claimant intends to play
// (written, not played). The arbiter service rules on it; until then no
// move is accepted. A quickplay-finish claim (events.ClaimQuickplay) needs the
// quickplay-finish rules announced for the game and no intended move; the
// claimant's time is checked by the arbiter (the clock at the claim).
func (g *Game) ClaimDraw(player string, reason events.ClaimReason, intended string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.Rules().Position()
	// 1997 10.2: a quickplay-finish claim needs no move (laws.Profile.QuickplayClaimOnMove)
	onMoveOnly := reason != events.ClaimQuickplay || g.Profile().QuickplayClaimOnMove
	if c != pos.Turn() && onMoveOnly {
		return nil, refuse(refusal.ErrNotOnMove, "%s (%s) cannot claim: %s is to play", player, c, pos.Turn())
	}
	if _, pending := g.Claim(); pending {
		return nil, refuse(refusal.ErrClaimPending, "a draw claim already awaits the arbiter's ruling")
	}
	if !slices.Contains(ClaimReasons, reason) {
		names := make([]string, len(ClaimReasons))
		for i, r := range ClaimReasons {
			names[i] = string(r)
		}
		return nil, refuse(refusal.ErrInvalid, "reason: %q is not one of %s", reason, strings.Join(names, ", "))
	}
	if err := g.claimAfterTouch(reason); err != nil {
		return nil, err
	}
	if reason == events.ClaimQuickplay {
		if !g.Profile().QuickplayFinish {
			return nil, refuse(refusal.ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.Profile().Name, g.Profile().Articles.QuickplayApplies)
		}
		if strings.TrimSpace(intended) != "" {
			return nil, refuse(refusal.ErrInvalid, "intended_move: a quickplay-finish claim has no intended move")
		}
	}
	if reason == events.ClaimIncrementRequest {
		switch {
		case g.Profile().Articles.IncrementRequest == "":
			return nil, refuse(refusal.ErrInvalid, "reason: %s has no request for an increment in the quickplay finish", g.Profile().Name)
		case !g.Profile().QuickplayFinish:
			return nil, refuse(refusal.ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.Profile().Name, g.Profile().Articles.QuickplayApplies)
		case strings.TrimSpace(intended) != "":
			return nil, refuse(refusal.ErrInvalid, "intended_move: a request for an increment has no intended move")
		}
	}
	san := ""
	if intended = strings.TrimSpace(intended); intended != "" {
		m, err := game.ParseMove(&pos, intended)
		if err != nil {
			return nil, refuse(refusal.ErrIllegalMove, "intended move %q: %v", intended, err)
		}
		san = pos.SAN(m)
	}
	return []Event{events.DrawClaimed{By: color(c), Reason: reason, IntendedMove: san, Ply: g.Ply()}}, nil
}
