package domain

import (
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
)

// PenaltyChange is the time part of an arbiter's penalty p on the clock t,
// carried out at instant at: time added to the penalised player's
// opponent, or deducted from the penalised player (clock.time_adjusted),
// or the increment the arbiter introduced (events.PenaltyIncrementIntroduced). Penalties
// of other kinds, or in a game whose clock has not started, change no
// clock (none). The clocks service appends what it returns; the audit
// re-decides a recorded change with it.
func PenaltyChange(t *gameclock.Timer, p *events.PenaltyImposed, at time.Time) ([]events.Event, error) {
	if !t.Started() {
		return nil, nil
	}
	if p.Kind == events.PenaltyIncrementIntroduced {
		return IntroduceIncrement(t, at, time.Duration(p.AmountMs)*time.Millisecond, p.Reason, p.Article)
	}
	adj := events.TimeAdjusted{Reason: p.Reason, Article: p.Article}
	switch p.Kind {
	case events.PenaltyTimeToOpponent:
		adj.Side, adj.DeltaMs = events.White, p.AmountMs
		if p.Side == events.White {
			adj.Side = events.Black
		}
	case events.PenaltyTimeDeducted:
		adj.Side, adj.DeltaMs = p.Side, -p.AmountMs
	default:
		return nil, nil
	}
	return []events.Event{adj}, nil
}
