// Package app is the scoring service's application layer.
package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing/domain"
	"go.uber.org/zap"
)

// DefaultTiebreaks are used when the tournament names none (FIDE C.07
// codes): direct encounter, then Sonneborn-Berger.
const DefaultTiebreaks = "DE,SB"

// Tournaments is what the scoring needs of the tournaments (the pairing
// service's pairing/app.Pairing meets it): a tournament folded, the results
// of its boards, the log of the game that counts for a board (the replay of
// an annulled game), and the append of the scoring's events to its stream.
type Tournaments interface {
	Load(ctx context.Context, id string) (*domain.Tournament, []events.Envelope, events.Head, error)
	Results(ctx context.Context, t *domain.Tournament) (map[string]string, error)
	PlayedGame(ctx context.Context, gameID string) (string, []gamelog.Recorded, error)
	Append(ctx context.Context, agg events.Aggregate, writer events.Writer, expected events.Head, key string, meta events.Meta, evs ...events.Event) ([]events.Envelope, events.Head, error)
}

// Scoring publishes standings.
type Scoring struct {
	Pairing Tournaments // the tournament and its games' results
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
}

// Standings computes the standings of t after round, given the games'
// results; a player expelled or withdrawn (not paired after round) has
// his Status, and in a round robin his results count as
// RoundRobinWithdrawals says.
func Standings(t *domain.Tournament, round int, results map[string]string) ([]events.Standing, error) {
	_, st, err := computed(t, round, results)
	if err != nil {
		return nil, err
	}
	out := make([]events.Standing, 0, len(st.Order))
	for _, n := range st.Order {
		row := st.Rows[n-1]
		id := t.Players[n-1].PlayerID
		s := events.Standing{Rank: row.Rank, PlayerID: id, Points: row.Points, Status: t.Status(id, round)}
		for _, v := range row.Values {
			s.Tiebreaks = append(s.Tiebreaks, v.X)
		}
		out = append(out, s)
	}
	return out, nil
}

// computed is the table of t after round (Table, with a round robin's
// withdrawals as RoundRobinWithdrawals says) and its standings under the
// tournament's tie-breaks, as Standings and Crosstable give them.
func computed(t *domain.Tournament, round int, results map[string]string) (ratings.Tournament, *ratings.Standings, error) {
	rt, codes, err := Table(t, round, results)
	if err != nil {
		return ratings.Tournament{}, nil, err
	}
	RoundRobinWithdrawals(t, &rt, round)
	st, err := ratings.Compute(rt, codes, ratings.Options{Rules: t.TiebreakRules()})
	return rt, st, err
}

// Table is the tournament after round as the ratings module reads it (the
// entrants numbered in registration order), with the tie-break codes. A
// forfeit (domain.ParseResult) is a ratings.ForfeitWin or ForfeitLoss
// without colour: unplayed for the tie-breaks (C.07) and for the ratings;
// a game that lasted less than one move (domain.UnratedWhiteWin...) is a
// game played, marked Unrated (TRF W, D, L).
func Table(t *domain.Tournament, round int, results map[string]string) (ratings.Tournament, []ratings.Code, error) {
	list := strings.Join(t.Created.Tiebreaks, ",")
	if list == "" {
		list = DefaultTiebreaks
	}
	codes, err := ratings.ParseCodes(list)
	if err != nil {
		return ratings.Tournament{}, nil, err
	}
	ps := t.Points()
	rt := ratings.Tournament{Rounds: round, Points: ratings.PointSystem{Win: ps.Win, Draw: ps.Draw, Loss: ps.Loss,
		ForfeitWin: ps.Win, ForfeitLoss: ps.ForfeitLoss, PairingBye: ps.PairingAllocatedBye, HalfBye: ps.Draw, FullBye: ps.Win}}
	no := map[string]int{}
	for i, p := range t.Players {
		no[p.PlayerID] = i + 1
		rt.Entrants = append(rt.Entrants, ratings.Entrant{No: i + 1, Rating: p.Rating, Rounds: make([]ratings.Round, round)})
	}
	for r := 1; r <= round && r <= len(t.Rounds); r++ {
		rp := t.Rounds[r-1]
		for _, p := range rp.Pairings {
			w, b := no[p.White], no[p.Black]
			res, ok := domain.ParseResult(results[p.GameID])
			if !ok {
				return ratings.Tournament{}, nil, fmt.Errorf("round %d board %d: no result", r, p.Board)
			}
			wc, bc := ratings.White, ratings.Black
			if !res.Played {
				wc, bc = ratings.NoColor, ratings.NoColor // a forfeit gives no colour
			}
			rt.Entrants[w-1].Rounds[r-1] = ratings.Round{Opponent: b, Color: wc, Kind: kindOf(res.White, res.Played), Unrated: res.Unrated}
			rt.Entrants[b-1].Rounds[r-1] = ratings.Round{Opponent: w, Color: bc, Kind: kindOf(res.Black, res.Played), Unrated: res.Unrated}
		}
		for _, by := range rp.Byes {
			rt.Entrants[no[by.PlayerID]-1].Rounds[r-1] = ratings.Round{Kind: ByeKind(by, ps)}
		}
	}
	return rt, codes, nil
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
		t, envs, head, err := s.Pairing.Load(ctx, id)
		if err != nil {
			return events.Envelope{}, err
		}
		if done := events.Landed(envs, key); len(done) > 0 {
			return done[0], nil
		}
		results, err := s.Pairing.Results(ctx, t)
		if err != nil {
			return events.Envelope{}, err
		}
		pens, err := GamePenalties(ctx, s.Pairing, t)
		if err != nil {
			return events.Envelope{}, err
		}
		standings, err := StandingsPenalised(t, rc.Round, results, pens)
		if err != nil {
			return events.Envelope{}, fmt.Errorf("standings of %s after round %d: %w", id, rc.Round, err)
		}
		at := time.Now().UTC()
		if n := len(envs); n > 0 && at.Before(envs[n-1].RecordedAt) {
			at = envs[n-1].RecordedAt
		}
		published := []events.Event{events.StandingsUpdated{AfterRound: rc.Round, Standings: standings}}
		changes, cat, err := RatingChanges(t, rc.Round, results)
		if err != nil {
			return events.Envelope{}, fmt.Errorf("rating changes of %s after round %d: %w", id, rc.Round, err)
		}
		if t.Created.Rated {
			published = append(published, events.RatingChangesComputed{AfterRound: rc.Round, System: "fide-elo-" + cat.String(), Changes: changes})
		}
		written, _, err := s.Pairing.Append(ctx, events.Tournament(id), events.WriterScoring, head, key,
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

// ByeKind is how a round's bye counts for the standings: the
// pairing-allocated bye; a requested one as a half-point, full-point or
// zero-point bye by its points (pairing.PointValues.RequestedBye); an
// absence (a withdrawn player) as none.
func ByeKind(by events.Bye, ps pairing.PointValues) ratings.Kind {
	switch by.Kind {
	case "requested":
		switch ps.RequestedBye(by.Points) {
		case pairing.FullPointBye:
			return ratings.FullBye
		case pairing.HalfPointBye:
			return ratings.HalfBye
		}
		return ratings.ZeroBye
	case "absent":
		return ratings.Absent
	}
	return ratings.PairingBye
}

// kindOf is a side's outcome as the ratings module counts it: a game
// played, or a forfeit.
func kindOf(o pairing.Outcome, played bool) ratings.Kind {
	switch {
	case played && o == pairing.Win:
		return ratings.Win
	case played && o == pairing.Draw:
		return ratings.Draw
	case played:
		return ratings.Loss
	case o == pairing.Win:
		return ratings.ForfeitWin
	}
	return ratings.ForfeitLoss
}
