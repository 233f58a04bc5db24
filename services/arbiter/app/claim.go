package app

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

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
		return a.claimRuling(g, dc, claim.RecordedAt)
	})
	return out.Envelopes(), err
}

// claimRuling decides the ruling's events for claim on game g as it stood
// when the claim was made at instant at.
func (a *Arbiter) claimRuling(g *domain.Game, dc *events.DrawClaimed, at time.Time) ([]events.Event, error) {
	if dc.Reason == events.ClaimQuickplay {
		return quickplayAdmission(g, dc, at)
	}
	if dc.Reason == events.ClaimIncrementRequest {
		return incrementAdmission(g, dc, at)
	}
	claimant := rules.White
	if dc.By == events.Black {
		claimant = rules.Black
	}
	kind := laws.Repetition
	if dc.Reason == events.ClaimFiftyMoves {
		kind = laws.FiftyMoves
	}
	pos := g.Rules().Position()
	c := laws.Claim{Kind: kind, Claimant: claimant, Intended: rules.NoMove}
	if dc.IntendedMove != "" {
		m, err := pos.ParseSAN(dc.IntendedMove)
		if err != nil {
			return nil, fmt.Errorf("claim's intended move %q: %w", dc.IntendedMove, err)
		}
		c.Intended = m
	}
	sit := laws.Situation{Game: g.Rules()}
	if t := g.Timer(); t.Started() {
		w, b, err := t.Reading(at)
		if err != nil {
			return nil, err
		}
		sit.Remaining = [2]time.Duration{w.Remaining, b.Remaining}
	}
	profile := g.Profile()
	r, err := profile.ClaimDraw(sit, c)
	if err != nil {
		// a claim the Laws cannot admit is still answered, so that the game
		// (which holds moves while a claim is pending) goes on
		return []events.Event{events.RulingGiven{Matter: events.MatterDrawClaim, Article: profile.Articles.ClaimIncorrect,
			Profile: profile.Name, Decision: Decision(laws.Continue), Explanation: "the claim cannot be admitted: " + err.Error()}}, nil
	}
	given := events.RulingGiven{Matter: events.MatterDrawClaim, Article: r.Article, Profile: r.Profile,
		Decision: Decision(r.Result), Explanation: r.Explanation}
	out := []events.Event{nil}
	penaltyArticle := r.Article
	for _, adj := range r.Adjustments {
		p := events.PenaltyImposed{Side: side(claimant), AmountMs: adj.Amount.Milliseconds(), Article: penaltyArticle, Reason: "incorrect draw claim"}
		switch {
		case adj.Kind == laws.AddTime && adj.Side != claimant:
			p.Kind = "time_added_to_opponent"
		case adj.Kind == laws.SubtractTime && adj.Side == claimant:
			p.Kind = "time_deducted"
		default:
			return nil, fmt.Errorf("ruling on the claim: unexpected adjustment %v", adj)
		}
		if given.Penalty == "" {
			given.Penalty = p.Kind
		} else {
			given.Penalty += "," + p.Kind
		}
		out = append(out, p)
	}
	out[0] = given
	return out, nil
}

func side(c rules.Color) events.Color {
	if c == rules.White {
		return events.White
	}
	return events.Black
}

// situationAt is the game as it stood right after the event id of its log
// recs (a claim or report: what, for the error), folded from the events up
// to it. It is nil, with no error, when the game has ended since: there is
// nothing to rule on then.
func situationAt(recs []gamelog.Recorded, id, what, gameID string) (*domain.Game, error) {
	at := slices.IndexFunc(recs, func(r gamelog.Recorded) bool { return r.Envelope.ID == id })
	if at < 0 {
		return nil, fmt.Errorf("%s %s is not in game %s's log", what, id, gameID)
	}
	if now, err := decide.Fold[domain.Game](recs); err != nil || now.Finished() {
		return nil, err // the game ended meanwhile
	}
	return decide.Fold[domain.Game](recs[:at+1])
}
