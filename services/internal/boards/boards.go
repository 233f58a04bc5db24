// Package boards reads a tournament and the games of its boards from the
// event store: the tournament folded (services/internal/tournament) and,
// for each board, the game that counts (the replay of an annulled game),
// its result as the tournament counts it and its points penalties, read
// through services/internal/outcome. Its readers are the pairing service,
// the scoring service (which writes its own subject, tournament.<id>.scoring,
// but decides on what the pairing and the games wrote), the games
// service's round games and the pages.
//
// TournamentLog is the tournament's log in the decide loop
// (services/internal/decide): the pairing appends through it as the
// writer pairing, the scoring as the writer scoring.
package boards

import (
	"context"
	"errors"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/outcome"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// Load folds the stream of tournament id from store into t (a zero
// tournament; the pairing service passes the one its domain embeds,
// Tournament.Evolve) and returns the stream's envelopes and head, as
// LoadEvents reads them.
func Load(ctx context.Context, store *eventstore.Store, id string, t *tournament.Tournament) ([]events.Envelope, events.Head, error) {
	envs, head, err := LoadEvents(ctx, store, id)
	if err != nil {
		return nil, events.Head{}, err
	}
	for i := range envs {
		e := &envs[i]
		if events.AboutTheLog(e.Type) {
			continue // a repair or an attestation: changes nothing in the tournament
		}
		ev, err := events.Decode(*e)
		if err != nil {
			return nil, events.Head{}, err
		}
		if err := t.Evolve(e, ev); err != nil {
			return nil, events.Head{}, fmt.Errorf("tournament %s event %d: %w", id, e.Seq, err)
		}
	}
	return envs, head, nil
}

// LoadEvents reads the stream of tournament id from store: its envelopes
// and head. A log with a message that does not decode, chain or carry its
// writer's signature is read again message by message
// (eventstore.Store.LoadTolerant): when a repair (tournament.log_repaired)
// voids every such message the good events are read; otherwise it is
// refused, 409 log_damaged, until an arbiter repairs it (the pairing's
// Repair).
func LoadEvents(ctx context.Context, store *eventstore.Store, id string) ([]events.Envelope, events.Head, error) {
	envs, head, err := store.Load(ctx, events.Tournament(id))
	if err != nil && ctx.Err() == nil {
		good, h, damage, terr := store.LoadTolerant(ctx, events.Tournament(id))
		switch {
		case terr == nil && damage != nil:
			return nil, events.Head{}, &refusal.Refusal{Kind: refusal.ErrLogDamaged, Reason: fmt.Sprintf(
				"log damaged at seq %d (%s): an arbiter repairs it (POST /api/tournaments/%s/repair)", damage.Seq, damage.Reason, id)}
		case terr == nil && (damagedLog(err) || repaired(good)):
			envs, head, err = good, h, nil // every bad message voided by a repair
		}
	}
	if err != nil {
		return nil, events.Head{}, err
	}
	return envs, head, nil
}

// damagedLog reports whether err is a load that met a message of the log
// that does not decode, chain or carry its writer's signature.
func damagedLog(err error) bool {
	var sig *eventstore.SignatureError
	var chain *events.ChainError
	var notEvent *eventstore.NotAnEventError
	return errors.As(err, &sig) || errors.As(err, &chain) || errors.As(err, &notEvent)
}

// repaired reports whether log holds a repair (the plain load of a
// repaired log fails on the messages it voids).
func repaired(log []events.Envelope) bool {
	for _, e := range log {
		if events.IsRepair(e.Type) {
			return true
		}
	}
	return false
}

// Games is the loader of a game's log from store: a damaged log counts as
// of its last good event (its commands are refused until the arbiter
// repairs it).
func Games(store *eventstore.Store) gamelog.Loader {
	games := gamelog.EventStore{Store: store}
	return func(ctx context.Context, id string) ([]gamelog.Recorded, error) {
		recs, _, err := games.Load(ctx, id)
		recs, _, err = gamelog.Loaded(recs, err)
		return recs, err
	}
}

// Read is what a tournament's boards say.
type Read struct {
	// Results is each board's result as the tournament counts it, by the
	// pairing's game id (tournament.GameResult on the game's outcome; an
	// imported round's result; the desk's results over them:
	// Tournament.BoardResults).
	Results map[string]events.Result
	// Replays is, for each board whose game was annulled, the id of the
	// replay that counts in its place.
	Replays map[string]string
	// Penalties are the games' points penalties (2023 12.9.4, 12.9.5).
	Penalties tournament.Penalties
}

// Boards reads every board of t's rounds through load: for each, the game
// that counts (gamelog.FollowReplays) folded by outcome.Of.
func Boards(ctx context.Context, t *tournament.Tournament, load gamelog.Loader) (Read, error) {
	r := Read{Results: map[string]events.Result{}, Replays: map[string]string{}, Penalties: tournament.Penalties{}}
	for _, rp := range t.Rounds {
		for _, pr := range rp.Pairings {
			if res, ok := t.ImportedResult(pr.GameID); ok {
				r.Results[pr.GameID] = res // a board of an imported round: no game
				continue
			}
			played, recs, err := gamelog.FollowReplays(ctx, load, pr.GameID)
			if err != nil {
				return Read{}, err
			}
			g := outcome.Of(gamelog.Events(recs)...)
			r.Results[pr.GameID] = tournament.GameResult(g.Result(), g.Ending.Termination, g.Plies)
			if played != pr.GameID {
				r.Replays[pr.GameID] = played
			}
			if len(g.Penalties) > 0 {
				r.Penalties[pr.GameID] = g.Penalties
			}
		}
	}
	r.Results = t.BoardResults(r.Results)
	return r, nil
}
