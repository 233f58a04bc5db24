package domain

import (
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// ClaimRuling is the decision RuleOnClaim takes on claim, for game g folded
// up to and including the claim and the instant at which it was made: the
// ruling and the penalties it imposes (none, for an admissible
// quickplay-finish claim, which the arbiter judges by hand:
// HandRulingDecision, matter quickplay_claim). The audit calls it to
// re-decide a recorded ruling with the same code.
func ClaimRuling(g *games.Game, claim *events.DrawClaimed, at time.Time) ([]events.Event, error) {
	return claimRuling(g, claim, at)
}
