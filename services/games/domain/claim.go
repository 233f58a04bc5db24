package domain

import (
	"strings"

	"github.com/hakem-chess/hakem/events"
)

// ClaimReasons are the grounds of a draw claim, as the catalogue writes them.
var ClaimReasons = []string{"threefold_repetition", "fifty_moves", QuickplayClaim, IncrementRequest}

// QuickplayClaim is the reason of a draw claim in the quickplay finish
// (2023 Guidelines III.5, 1997 article 10.2): the claimant, on move with
// less than two minutes left, says the opponent cannot win by normal means
// or is making no effort to. Only the arbiter can judge that: the arbiter
// service rules at once only on a claim the Laws cannot admit (not
// announced, not the last period, time added per move, two minutes or more
// left); otherwise the claim waits for the arbiter's hand ruling (matter
// quickplay_claim).
const QuickplayClaim = "quickplay_finish"

// IncrementRequest is the reason of a player's request, in the quickplay
// finish, that an increment of five seconds be introduced for both players
// (FIDE Laws 2023 Guidelines III.4; the 1997 text has no such request). It
// is recorded as a draw claim because it is one in effect: the request
// constitutes the offer of a draw, it stops the clocks like a claim, and
// the arbiter rules on it (matter increment_request: the opponent accepts
// the draw, or refuses and the arbiter agrees to the increment and gives
// the opponent two minutes, or does not agree).
const IncrementRequest = "increment_request"

// ClaimDraw decides a draw claim by the player on move (articles 9.2, 9.3):
// on the position reached, or with the move the claimant intends to play
// (written, not played). The arbiter service rules on it; until then no
// move is accepted. A quickplay-finish claim (QuickplayClaim) needs the
// quickplay-finish rules announced for the game and no intended move; the
// claimant's time is checked by the arbiter (the clock at the claim).
func (g *Game) ClaimDraw(player, reason, intended string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.play.Position()
	// 1997 10.2: a quickplay-finish claim needs no move (laws.Profile.QuickplayClaimOnMove)
	onMoveOnly := reason != QuickplayClaim || g.profile.QuickplayClaimOnMove
	if c != pos.Turn() && onMoveOnly {
		return nil, refuse(ErrNotOnMove, "%s (%s) cannot claim: %s is to play", player, c, pos.Turn())
	}
	if g.claim != nil {
		return nil, refuse(ErrClaimPending, "a draw claim already awaits the arbiter's ruling")
	}
	if reason != ClaimReasons[0] && reason != ClaimReasons[1] && reason != QuickplayClaim && reason != IncrementRequest {
		return nil, refuse(ErrInvalid, "reason: %q is not one of %s", reason, strings.Join(ClaimReasons, ", "))
	}
	if err := g.claimAfterTouch(reason); err != nil {
		return nil, err
	}
	if reason == QuickplayClaim {
		if !g.profile.QuickplayFinish {
			return nil, refuse(ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.profile.Name, g.profile.Articles.QuickplayApplies)
		}
		if strings.TrimSpace(intended) != "" {
			return nil, refuse(ErrInvalid, "intended_move: a quickplay-finish claim has no intended move")
		}
	}
	if reason == IncrementRequest {
		switch {
		case g.profile.Articles.IncrementRequest == "":
			return nil, refuse(ErrInvalid, "reason: %s has no request for an increment in the quickplay finish", g.profile.Name)
		case !g.profile.QuickplayFinish:
			return nil, refuse(ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.profile.Name, g.profile.Articles.QuickplayApplies)
		case strings.TrimSpace(intended) != "":
			return nil, refuse(ErrInvalid, "intended_move: a request for an increment has no intended move")
		}
	}
	san := ""
	if intended = strings.TrimSpace(intended); intended != "" {
		m, err := parseMove(&pos, intended)
		if err != nil {
			return nil, refuse(ErrIllegalMove, "intended move %q: %v", intended, err)
		}
		san = pos.SAN(m)
	}
	return []Event{events.DrawClaimed{By: color(c), Reason: reason, IntendedMove: san, Ply: g.Ply()}}, nil
}

// lastClaim returns the claim pending or last ruled on.
func (g *Game) lastClaim() (events.DrawClaimed, bool) {
	if g.claim != nil {
		return *g.claim, true
	}
	if g.ruled != nil {
		return *g.ruled, true
	}
	return events.DrawClaimed{}, false
}

// MustPlay returns the intended move (SAN) of an incorrect claim that the
// claimant must now play ("" if none).
func (g *Game) MustPlay() string { return g.mustPlay }

// Postponed returns the quickplay-finish claim whose decision the arbiter
// postponed and has not yet given (1997 10.2b-c, 2023 III.5.2), if any.
func (g *Game) Postponed() (events.DrawClaimed, bool) {
	if g.postponed == nil {
		return events.DrawClaimed{}, false
	}
	return *g.postponed, true
}

// Claim returns the draw claim awaiting a ruling, if any.
func (g *Game) Claim() (events.DrawClaimed, bool) {
	if g.claim == nil {
		return events.DrawClaimed{}, false
	}
	return *g.claim, true
}
