// Package app is the scoring service's application layer: the standings
// published after each closed round and each correction of a closed one.
package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/boards"
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
// rated tournament), caused by the envelope cause, once under key.
func (s *Scoring) publish(ctx context.Context, closed events.Envelope, round int, key string) (events.Envelope, error) {
	rc := events.RoundClosed{Round: round}
	id := closed.Aggregate.ID
	actor := events.Actor{Role: "system", ID: "scoring"}
	key = "tournament/" + id + "/system:scoring/" + key
	for attempt := 1; ; attempt++ {
		t, envs, head, err := s.Load(ctx, id)
		if err != nil {
			return events.Envelope{}, err
		}
		if done := events.Landed(envs, key); len(done) > 0 {
			return done[0], nil
		}
		read, err := s.Boards(ctx, t)
		if err != nil {
			return events.Envelope{}, err
		}
		results := read.Results
		standings, err := domain.StandingsPenalised(t, rc.Round, results, read.Penalties)
		if err != nil {
			return events.Envelope{}, fmt.Errorf("standings of %s after round %d: %w", id, rc.Round, err)
		}
		at := time.Now().UTC()
		if n := len(envs); n > 0 && at.Before(envs[n-1].RecordedAt) {
			at = envs[n-1].RecordedAt
		}
		published := []events.Event{events.StandingsUpdated{AfterRound: rc.Round, Standings: standings}}
		changes, cat, err := domain.RatingChanges(t, rc.Round, results)
		if err != nil {
			return events.Envelope{}, fmt.Errorf("rating changes of %s after round %d: %w", id, rc.Round, err)
		}
		if t.Created.Rated {
			published = append(published, events.RatingChangesComputed{AfterRound: rc.Round, System: "fide-elo-" + cat.String(), Changes: changes})
		}
		written, _, err := s.Store.Append(ctx, events.Tournament(id), events.WriterScoring, head, key,
			events.Meta{Actor: actor, CausationID: closed.ID, CorrelationID: closed.CorrelationID, RecordedAt: at},
			published...)
		if (errors.Is(err, eventstore.ErrConflict) || errors.Is(err, eventstore.ErrAlreadyApplied)) && attempt < max(s.Retries, 1) {
			continue
		}
		if err != nil {
			return events.Envelope{}, err
		}
		if s.Log != nil {
			s.Log.Info("standings", wiring.TournamentID(id), wiring.Seq(written[0].Seq), zap.Int("after_round", rc.Round))
		}
		if s.Metrics != nil {
			s.Metrics.EventsAppended.WithLabelValues("scoring", written[0].Type).Inc()
		}
		return written[0], nil
	}
}
