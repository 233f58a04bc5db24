package domain

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// claimRuling decides the ruling's events for claim on game g as it stood
// when the claim was made at instant at.
func claimRuling(g *games.Game, dc *events.DrawClaimed, at time.Time) ([]events.Event, error) {
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
			p.Kind = events.PenaltyTimeToOpponent
		case adj.Kind == laws.SubtractTime && adj.Side == claimant:
			p.Kind = events.PenaltyTimeDeducted
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
