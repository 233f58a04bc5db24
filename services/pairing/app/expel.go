package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/outcome"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// ExpelOnPenalty is the handler a consumer of the arbiter's game events
// (game.*.arbiter) calls for each arbiter.penalty_imposed: a penalty of
// expulsion in a game of a tournament also expels the penalised player
// from the tournament (Expel, keyed by the penalty's event id, so that a
// redelivered penalty expels once; imposed after the game ended, from the
// next round not yet paired), and one of exclusion from rounds (2023
// 12.9.8) excludes him from those still to be paired
// (domain.ExcludeOnPenalty, keyed likewise). Other penalties, games outside a
// tournament and what Expel refuses (a player already expelled, a
// finished or unknown tournament) give nothing. `hakem serve` runs it in
// the arbiter's process, as the consumer group arbiter-expulsions (the
// arbiter's NATS user writes tournament.<id>.arbiter); the tournament
// route POST /api/tournaments/{id}/expulsions records an expulsion decided
// outside a game.
func (p *Pairing) ExpelOnPenalty(ctx context.Context, penalty events.Envelope) (Outcome, error) {
	ev, err := events.Decode(penalty)
	if err != nil {
		return Outcome{}, err
	}
	pen, ok := ev.(*events.PenaltyImposed)
	if !ok {
		return Outcome{}, fmt.Errorf("event %s is a %s, not a penalty", penalty.ID, penalty.Type)
	}
	if pen.Kind != events.PenaltyExpulsion && pen.Kind != events.PenaltyExclusion {
		return Outcome{}, nil
	}
	recs, _, err := gamelog.EventStore{Store: p.Store}.Load(ctx, penalty.Aggregate.ID)
	if err != nil {
		return Outcome{}, err
	}
	setup := outcome.Of(gamelog.Events(recs)...).Created
	if setup.TournamentID == "" {
		return Outcome{}, nil
	}
	player := setup.White
	if pen.Side == events.Black {
		player = setup.Black
	}
	reason := pen.Reason
	if reason == "" {
		reason = strings.ReplaceAll(string(pen.Kind), "_", " ") + " in game " + penalty.Aggregate.ID
	}
	actor := penalty.Actor
	if actor.Role == "" {
		actor = events.Actor{Role: "arbiter", ID: "arbiter"}
	}
	meta := events.Meta{Actor: actor, CausationID: penalty.ID, CorrelationID: penalty.CorrelationID}
	if pen.Kind == events.PenaltyExclusion {
		e := events.PlayerExcluded{PlayerID: player, Rounds: pen.Rounds, Article: pen.Article, Reason: reason}
		out, err := p.decideAs(ctx, events.WriterArbiter, "exclude_player", setup.TournamentID, meta, "excluded-by-"+penalty.ID,
			func(t *domain.Tournament) ([]events.Event, error) { return t.ExcludeOnPenalty(e) })
		var ref *domain.Refusal
		if errors.As(err, &ref) {
			return Outcome{}, nil // every round already paired, the tournament over: nothing to record
		}
		return out, err
	}
	out, err := p.Expel(ctx, setup.TournamentID, events.PlayerExpelled{PlayerID: player, Article: pen.Article, Reason: reason}, meta, "expelled-by-"+penalty.ID)
	var ref *domain.Refusal
	if errors.As(err, &ref) {
		return Outcome{}, nil // already expelled, the tournament over or unknown: nothing to record
	}
	return out, err
}
