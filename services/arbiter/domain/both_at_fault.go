package domain

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	games "github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// BothAtFaultReason separates, in the explanation of a ruling that both
// players are at fault, the Laws' words from the arbiter's reason (what
// each player did): the reason is recorded only there, and the audit reads
// it back with ReasonOfBothAtFault.
const BothAtFaultReason = "; the arbiter's reason: "

// bothAtFaultRuling is the ruling that both players are at fault (1997
// 12.8, 2023 11.8: both found guilty of refusing to comply with the Laws,
// 12.7 / 11.7, lose the game): laws.BothAtFault on the game as it stands,
// recorded as arbiter.ruling_given (matter both_at_fault, decision
// both_lose, penalty loss, the arbiter's reason in the explanation). The
// games service ends the game 0-0 from it (games/domain Game.EndByRuling). The reason
// is required: the Laws do not say what the players did.
//
// Whether both players did refuse to comply is the arbiter's judgement,
// not decidable from the log: the audit re-decides only the article, the
// result and the explanation.
func bothAtFaultRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	reason := strings.TrimSpace(h.Reason)
	if reason == "" {
		return nil, &games.Refusal{Kind: refusal.ErrInvalid,
			Reason: "reason: missing (a ruling that both players lose states what each did, e.g. both refused to comply with the arbiter's instruction)"}
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().BothAtFault(sit)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	rg := given(events.MatterBothAtFault, r)
	rg.Penalty = events.PenaltyLoss
	rg.Explanation += BothAtFaultReason + reason
	return []events.Event{rg}, nil
}

// ReasonOfBothAtFault returns the arbiter's reason recorded in the
// explanation of a ruling that both players are at fault (ok false when it
// has none).
func ReasonOfBothAtFault(explanation string) (reason string, ok bool) {
	_, reason, ok = strings.Cut(explanation, BothAtFaultReason)
	return reason, ok
}
