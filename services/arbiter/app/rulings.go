package app

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/gameview"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// refuseRuling is an refusal.ErrBadRuling refusal with a formatted reason.
func refuseRuling(format string, args ...any) error {
	return fmt.Errorf("%w: %s", refusal.ErrBadRuling, fmt.Sprintf(format, args...))
}

// RuleOnFlag rules on a recorded flag fall (a clock.flag_fell envelope)
// through FlagRuling, once: the ruling's key is the flag event's id. It
// returns the ruling's envelope (the earlier one when the flag was ruled
// on already).
func (a *Arbiter) RuleOnFlag(ctx context.Context, flag events.Envelope) (events.Envelope, error) {
	ff, err := decodeAs[*events.FlagFell](flag, "a flag fall")
	if err != nil {
		return events.Envelope{}, err
	}
	meta := gamelog.Meta{IdempotencyKey: "flag-ruling-" + flag.ID, Actor: system, CorrelationID: flag.CorrelationID, CausationID: flag.ID}
	out, err := a.handle(ctx, flag.Aggregate.ID, decide.Command{Name: "rule_on_flag", Meta: meta}, func(l *gameLog, _ time.Time) ([]events.Event, error) {
		g, err := l.game()
		if err != nil {
			return nil, err
		}
		if !g.Exists() {
			return nil, fmt.Errorf("flag fall %s in a game without game.created", flag.ID)
		}
		given, err := arbiter.FlagRuling(g, *ff)
		if err != nil {
			return nil, fmt.Errorf("ruling on flag fall %s: %w", flag.ID, err)
		}
		return []events.Event{given}, nil
	})
	if err != nil {
		return events.Envelope{}, err
	}
	return out.Events[0].Envelope, nil
}

// RuleOnClaim rules on a draw claim (a game.draw_claimed envelope) through
// laws.ClaimDraw (a quickplay-finish claim: see quickplay.go; an
// admissible one is left to the arbiter's judgement and nothing is
// written), with the clock readings at the instant of the claim, once:
// the ruling's key is the claim event's id. A correct claim: a ruling
// "draw" (the games service ends the game). An incorrect one: "game
// continues", with the penalties of the profile as PenaltyImposed events
// (the clocks service carries out the time changes) and, for a claim with
// an intended move, that move to be played.
func (a *Arbiter) RuleOnClaim(ctx context.Context, claim events.Envelope) ([]events.Envelope, error) {
	dc, err := decodeAs[*events.DrawClaimed](claim, "a draw claim")
	if err != nil {
		return nil, err
	}
	meta := gamelog.Meta{IdempotencyKey: "claim-ruling-" + claim.ID, Actor: system, CorrelationID: claim.CorrelationID, CausationID: claim.ID}
	out, err := a.handle(ctx, claim.Aggregate.ID, decide.Command{Name: "rule_on_claim", Meta: meta}, func(l *gameLog, _ time.Time) ([]events.Event, error) {
		// the situation when the claim was made: the game up to the claim
		g, err := situationAt(l.recs, claim.ID, "claim", claim.Aggregate.ID)
		if g == nil || err != nil {
			return nil, err
		}
		if _, pending := g.Claim(); !pending || g.Finished() {
			return nil, nil // ruled on already, or the game ended meanwhile
		}
		// nothing for a quickplay-finish claim: it awaits the arbiter's judgement
		return arbiter.ClaimRuling(g, dc, claim.RecordedAt)
	})
	return out.Envelopes(), err
}

// situationAt is the game as it stood right after the event id of its log
// recs (a claim or report: what, for the error), folded from the events up
// to it. It is nil, with no error, when the game has ended since: there is
// nothing to rule on then.
func situationAt(recs []gamelog.Recorded, id, what, gameID string) (*game.Game, error) {
	at := slices.IndexFunc(recs, func(r gamelog.Recorded) bool { return r.Envelope.ID == id })
	if at < 0 {
		return nil, fmt.Errorf("%s %s is not in game %s's log", what, id, gameID)
	}
	if now, err := decide.Fold[game.Game](recs); err != nil || now.Finished() {
		return nil, err // the game ended meanwhile
	}
	return decide.Fold[game.Game](recs[:at+1])
}

// RuleOnIllegal rules on a reported illegal move (a
// game.illegal_move_reported envelope) through IllegalRuling, once: the
// ruling's key is the report's id.
func (a *Arbiter) RuleOnIllegal(ctx context.Context, report events.Envelope) ([]events.Envelope, error) {
	rep, err := decodeAs[*events.IllegalMoveReported](report, "an illegal-move report")
	if err != nil {
		return nil, err
	}
	meta := gamelog.Meta{IdempotencyKey: "illegal-ruling-" + report.ID, Actor: system, CorrelationID: report.CorrelationID, CausationID: report.ID}
	out, err := a.handle(ctx, report.Aggregate.ID, decide.Command{Name: "rule_on_illegal", Meta: meta}, func(l *gameLog, _ time.Time) ([]events.Event, error) {
		g, err := situationAt(l.recs, report.ID, "report", report.Aggregate.ID)
		if g == nil || err != nil {
			return nil, err
		}
		return arbiter.IllegalRuling(g, rep, report.RecordedAt)
	})
	return out.Envelopes(), err
}

// Rule records the arbiter's hand ruling h on game gameID (meta carries the
// client's idempotency key and the arbiter as actor); a retry with the same
// key returns the first answer (repeated). The ruling is decided on the
// game and clocks at the instant it is recorded. A judgement of a
// quickplay-finish claim is caused by that claim (its causation id is the
// claim's event), as the arbiter service's rulings on claims are.
func (a *Arbiter) Rule(ctx context.Context, gameID string, h arbiter.HandRuling, meta gamelog.Meta) ([]events.Envelope, bool, error) {
	if meta.IdempotencyKey == "" {
		return nil, false, refuseRuling("idempotency_key: missing")
	}
	onClaim := h.Matter == events.MatterQuickplayClaim || h.Matter == events.MatterIncrementRequest
	if onClaim && meta.CausationID == "" {
		recs, _, err := a.Store.Load(ctx, gameID)
		if err != nil {
			return nil, false, err
		}
		for i := len(recs) - 1; i >= 0; i-- {
			if _, ok := recs[i].Event.(*events.DrawClaimed); ok {
				meta.CausationID = recs[i].Envelope.ID
				break
			}
		}
	}
	out, err := a.handle(ctx, gameID, decide.Command{Name: "hand_ruling", Meta: meta}, func(l *gameLog, at time.Time) ([]events.Event, error) {
		g, err := l.game()
		if err != nil {
			return nil, err
		}
		evs, err := arbiter.HandRulingDecision(g, h, at)
		if err == nil && onClaim && !claimIs(l.recs, meta.CausationID) {
			return nil, refuseRuling("the claim judged is not the one pending now: rule again")
		}
		return evs, err
	})
	return out.Envelopes(), out.Repeated, err
}

// claimIs reports whether the last draw claim in recs is the event id.
func claimIs(recs []gamelog.Recorded, id string) bool {
	for i := len(recs) - 1; i >= 0; i-- {
		if _, ok := recs[i].Event.(*events.DrawClaimed); ok {
			return recs[i].Envelope.ID == id
		}
	}
	return false
}

// PendingClaim returns the draw claim (its game.draw_claimed envelope)
// that awaits a ruling on game gameID, if one does (pending false
// otherwise; the zero envelope when the claim pending is not a
// game.draw_claimed of the log). A game without game.created is a refusal (ErrNotFound of the
// game's refusals); a damaged log is read up to its last good event.
func (a *Arbiter) PendingClaim(ctx context.Context, gameID string) (claim events.Envelope, pending bool, err error) {
	recs, g, _, err := gameview.Read[game.Game](ctx, a.Store, gameID)
	if err != nil {
		return events.Envelope{}, false, err
	}
	if _, pending := g.Claim(); !pending {
		return events.Envelope{}, false, nil
	}
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Envelope.Type == (events.DrawClaimed{}).EventType() {
			return recs[i].Envelope, true, nil
		}
	}
	return events.Envelope{}, true, nil
}
