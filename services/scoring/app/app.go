// Package app is the scoring service's application layer: the standings
// published after each closed round and each correction of a closed one.
package app

import (
	"context"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/scoring/domain"
	"go.uber.org/zap"
)

// Scoring publishes the standings, and serves them (scoring/ports). It
// reads the tournament and its boards' games from their streams itself
// (services/internal/boards: the projection the services share) and
// computes with its domain.
type Scoring struct {
	Store   *eventstore.Store
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
}

// Load folds the tournament id (boards.Load).
func (s *Scoring) Load(ctx context.Context, id string) (*tournament.Tournament, []events.Envelope, events.Head, error) {
	t := &tournament.Tournament{}
	envs, head, err := boards.Load(ctx, s.Store, id, t)
	if err != nil {
		return nil, nil, events.Head{}, err
	}
	return t, envs, head, nil
}

// Boards reads the results and the points penalties of t's boards from
// their games' logs (boards.Boards).
func (s *Scoring) Boards(ctx context.Context, t *tournament.Tournament) (boards.Read, error) {
	return boards.Boards(ctx, t, boards.Games(s.Store))
}

// Publish computes and records the standings after a closed round (a
// tournament.round_closed envelope), once per round, and for a rated
// tournament the rating changes so far (scoring.rating_changes_computed,
// in the same batch).
func (s *Scoring) Publish(ctx context.Context, closed events.Envelope) (events.Envelope, error) {
	ev, err := events.Decode(closed)
	if err != nil {
		return events.Envelope{}, err
	}
	rc, ok := ev.(*events.RoundClosed)
	if !ok {
		return events.Envelope{}, fmt.Errorf("event %s is a %s, not a closed round", closed.ID, closed.Type)
	}
	return s.publish(ctx, closed, rc.Round, "standings-after-"+fmt.Sprint(rc.Round))
}

// publish records the standings after round (and the rating changes of a
// rated tournament), caused by the envelope closed, once under key,
// through the decide loop on the tournament's log.
func (s *Scoring) publish(ctx context.Context, closed events.Envelope, round int, key string) (events.Envelope, error) {
	id := closed.Aggregate.ID
	d := &decide.Decider[tournament.Tournament, *tournament.Tournament]{
		Config:  decide.Config{Store: boards.TournamentLog{Store: s.Store, Writer: events.WriterScoring}, Retries: s.Retries, Log: s.Log, Metrics: s.Metrics},
		Service: "scoring", Scope: boards.ScopedKey, IDField: wiring.TournamentID, Describe: afterRound}
	meta := decide.Meta{IdempotencyKey: key, Actor: events.Actor{Role: "system", ID: "scoring"}, CausationID: closed.ID, CorrelationID: closed.CorrelationID}
	o, err := d.Handle(ctx, id, decide.Command{Name: "standings", Meta: meta}, func(t *tournament.Tournament, _ time.Time) ([]events.Event, error) {
		return s.standings(ctx, t, id, round)
	})
	if err != nil || len(o.Events) == 0 {
		return events.Envelope{}, err
	}
	return o.Events[0].Envelope, nil
}

// standings decides the standings after round of tournament t (id), and
// for a rated tournament the rating changes so far, from its boards.
func (s *Scoring) standings(ctx context.Context, t *tournament.Tournament, id string, round int) ([]events.Event, error) {
	read, err := s.Boards(ctx, t)
	if err != nil {
		return nil, err
	}
	standings, err := domain.StandingsPenalised(t, round, read.Results, read.Penalties)
	if err != nil {
		return nil, fmt.Errorf("standings of %s after round %d: %w", id, round, err)
	}
	published := []events.Event{events.StandingsUpdated{AfterRound: round, Standings: standings}}
	changes, cat, err := domain.RatingChanges(t, round, read.Results)
	if err != nil {
		return nil, fmt.Errorf("rating changes of %s after round %d: %w", id, round, err)
	}
	if t.Created.Rated {
		published = append(published, events.RatingChangesComputed{AfterRound: round, System: "fide-elo-" + cat.String(), Changes: changes})
	}
	return published, nil
}

// afterRound adds the round of the standings published to their log line.
func afterRound(_ *tournament.Tournament, written []decide.Recorded, fields []zap.Field) []zap.Field {
	for _, r := range written {
		if su, ok := r.Event.(*events.StandingsUpdated); ok {
			return append(fields, zap.Int("after_round", su.AfterRound))
		}
	}
	return fields
}
