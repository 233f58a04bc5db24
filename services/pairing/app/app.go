// Package app is the pairing service's application layer: the tournament
// commands on the event log, and the tournament as clients see it.
package app

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/ratingfile"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing/domain"
	"go.uber.org/zap"
)

// Pairing holds the pairing service's handlers.
type Pairing struct {
	Store   *eventstore.Store
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
	// RatingList fills a registration given by FIDE id (nil: none).
	RatingList *ratingfile.List
}

// Outcome is the answer to a command.
type Outcome struct {
	TournamentID string
	Events       []events.Envelope
	Version      uint64
	Repeated     bool
}

// Load folds the tournament (boards.Load into the domain's tournament: a
// damaged log is refused, 409 log_damaged, until an arbiter repairs it,
// Repair).
func (p *Pairing) Load(ctx context.Context, id string) (*domain.Tournament, []events.Envelope, events.Head, error) {
	t := &domain.Tournament{}
	envs, head, err := boards.Load(ctx, p.Store, id, &t.Tournament)
	if err != nil {
		return nil, nil, events.Head{}, err
	}
	return t, envs, head, nil
}

// Results reads the result of every game of the tournament's rounds, as
// the tournament counts it (boards.Boards: the game that counts for each
// board, the replay of an annulled one, read by outcome.Game; a game that
// ended by forfeit is "+/-", "-/+" or "-/-", not a game played; one that
// lasted less than one move is "W/L", "L/W" or "D/D", not rated), keyed by
// the pairing's game id, with the desk's results over them.
func (p *Pairing) Results(ctx context.Context, t *domain.Tournament) (map[string]events.Result, error) {
	r, err := boards.Boards(ctx, &t.Tournament, boards.Games(p.Store))
	return r.Results, err
}

// Boards is what the boards of the tournament's rounds say (boards.Boards):
// the results as Results reads them, the replays, and the games' points
// penalties.
func (p *Pairing) Boards(ctx context.Context, t *domain.Tournament) (boards.Read, error) {
	return boards.Boards(ctx, &t.Tournament, boards.Games(p.Store))
}

// ResultsPlayed is Results, with, for each board whose game was annulled,
// the id of the replay that counts in its place (keyed by the pairing's
// game id; absent for a game never annulled).
func (p *Pairing) ResultsPlayed(ctx context.Context, t *domain.Tournament) (results map[string]events.Result, replays map[string]string, err error) {
	r, err := boards.Boards(ctx, &t.Tournament, boards.Games(p.Store))
	return r.Results, r.Replays, err
}

// Decider is the decide loop (package decide) on a tournament, folded as
// the pairing's domain decides on it. The alias is kept as an API choice:
// it names the one instantiation of the generic loop the pairing's commands
// share.
type Decider = decide.Decider[domain.Tournament, *domain.Tournament]

// decider runs the tournament's commands through the decide loop, on the
// tournament's log (boards.TournamentLog) as writer: their keys scoped
// within the tournament (boards.ScopedKey), a tournament id checked
// before anything is read. It is built per command (no cache: it holds
// nothing between commands).
func (p *Pairing) decider(log decide.Store) *Decider {
	return &Decider{Config: decide.Config{Store: log, Retries: p.Retries, Log: p.Log, Metrics: p.Metrics},
		Service: "pairing", Invalid: domain.ErrInvalid, Scope: boards.ScopedKey, CheckID: checkID, IDField: wiring.TournamentID}
}

// checkID refuses a tournament id the log cannot hold.
func checkID(id string) error {
	if err := events.Tournament(id).Check(); err != nil {
		return &domain.Refusal{Kind: domain.ErrInvalid, Reason: "id: " + err.Error()}
	}
	return nil
}

// decide runs a command of the pairing service's own events on
// tournament id: the domain's decision on the folded tournament.
func (p *Pairing) decide(ctx context.Context, name, id string, meta events.Meta, key string,
	decision func(t *domain.Tournament) ([]events.Event, error)) (Outcome, error) {
	return p.decideAs(ctx, events.WriterPairing, name, id, meta, key, decision)
}

// decideAs is decide for the events of writer (the arbiter's expulsions
// are recorded on the tournament by this service's process).
func (p *Pairing) decideAs(ctx context.Context, writer events.Writer, name, id string, meta events.Meta, key string,
	decision func(t *domain.Tournament) ([]events.Event, error)) (Outcome, error) {
	d := p.decider(boards.TournamentLog{Store: p.Store, Writer: writer})
	return answer(d.Handle(ctx, id, command(name, meta, key), func(t *domain.Tournament, _ time.Time) ([]events.Event, error) {
		return decision(t)
	}))
}

// command is the decide loop's command named name, with the client's
// meta and key.
func command(name string, meta events.Meta, key string) decide.Command {
	return decide.Command{Name: name, Meta: decide.Meta{IdempotencyKey: key, Actor: meta.Actor,
		CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, RecordedAt: meta.RecordedAt}}
}

// answer is the pairing's answer from the decide loop's.
func answer(o decide.Outcome, err error) (Outcome, error) {
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{TournamentID: o.ID, Events: o.Envelopes(), Version: o.Version, Repeated: o.Repeated}, nil
}

// Create creates a tournament (over the messages set aside on its
// subject, if any: createOver).
func (p *Pairing) Create(ctx context.Context, id string, c events.TournamentCreated, meta events.Meta, key string) (Outcome, error) {
	return p.createOver(ctx, "create_tournament", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Create(c)
	})
}

// Register registers a player.
func (p *Pairing) Register(ctx context.Context, id string, r events.PlayerRegistered, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "register_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		list, err := p.fromList(t, []events.PlayerRegistered{r})
		if err != nil {
			return nil, err
		}
		return t.Register(list[0])
	})
}

// PairNext pairs the next round, on the boards' results and points
// penalties; the games service creates its games.
func (p *Pairing) PairNext(ctx context.Context, id string, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "pair_round", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		read, err := p.Boards(ctx, t)
		if err != nil {
			return nil, err
		}
		return t.PairNextPenalised(id, read.Results, read.Penalties)
	})
}

// CloseRound closes a round whose games all have a result.
func (p *Pairing) CloseRound(ctx context.Context, id string, round int, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "close_round", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		results, err := p.Results(ctx, t)
		if err != nil {
			return nil, err
		}
		return t.Close(round, results)
	})
}

// Withdraw withdraws a player from the next round (or a later one) on.
func (p *Pairing) Withdraw(ctx context.Context, id string, w events.PlayerWithdrawn, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "withdraw_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Withdraw(w)
	})
}

// RequestBye records a player's bye for a future round of a Swiss.
func (p *Pairing) RequestBye(ctx context.Context, id string, b events.ByeRequested, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "request_bye", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.RequestBye(b)
	})
}

// Forbid records a pair of players never to be paired.
func (p *Pairing) Forbid(ctx context.Context, id string, f events.ForbiddenPairSet, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "forbid_pair", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Forbid(f)
	})
}

// Expel records the arbiter's expulsion of a player (arbiter.player_expelled,
// written as the arbiter on the tournament): he is not paired from the
// next round on.
func (p *Pairing) Expel(ctx context.Context, id string, e events.PlayerExpelled, meta events.Meta, key string) (Outcome, error) {
	return p.decideAs(ctx, events.WriterArbiter, "expel_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Expel(e)
	})
}

// Exclude records the arbiter's exclusion of a player from rounds
// (arbiter.player_excluded, written as the arbiter on the tournament): he
// is not paired in them.
func (p *Pairing) Exclude(ctx context.Context, id string, e events.PlayerExcluded, meta events.Meta, key string) (Outcome, error) {
	return p.decideAs(ctx, events.WriterArbiter, "exclude_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Exclude(e)
	})
}

// Delete deletes a tournament created by mistake, before round 1
// (tournament.deleted).
func (p *Pairing) Delete(ctx context.Context, id string, d events.TournamentDeleted, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "delete_tournament", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Delete(d)
	})
}
