package boards

import (
	"context"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/decide"
)

// TournamentLog is a tournament's event log in the decide loop
// (decide.Store): read as LoadEvents reads it (a repaired log from its good
// events, a damaged one refused until it is repaired), each event decoded
// (a repair, which changes nothing in the tournament, has none), and
// written as Writer (the pairing service; the arbiter's expulsions; the
// scoring's standings).
type TournamentLog struct {
	Store  *eventstore.Store
	Writer events.Writer
}

// Load reads the tournament's events and head (decide.Store).
func (l TournamentLog) Load(ctx context.Context, id string) ([]decide.Recorded, events.Head, error) {
	envs, head, err := LoadEvents(ctx, l.Store, id)
	if err != nil {
		return nil, events.Head{}, err
	}
	recs, err := recorded(envs)
	return recs, head, err
}

// LoadDamaged reads the tournament's log message by message
// (eventstore.Store.LoadTolerant), for the arbiter's repair: its good
// events, the head after them (its Seq the stream sequence of the last
// message, set aside or not: what the repair is appended on) and the
// first damage no repair voids (nil when none).
func (l TournamentLog) LoadDamaged(ctx context.Context, id string) ([]decide.Recorded, events.Head, *eventstore.Damage, error) {
	good, head, damage, err := l.Store.LoadTolerant(ctx, events.Tournament(id))
	if err != nil {
		return nil, events.Head{}, nil, err
	}
	recs, err := recorded(good)
	if err != nil {
		return nil, events.Head{}, nil, err
	}
	return recs, head, damage, nil
}

// Append writes the events of one command on the tournament as l.Writer,
// at head expected, under meta's key (decide.Store).
func (l TournamentLog) Append(ctx context.Context, id string, expected events.Head, meta decide.Meta, evs []events.Event) ([]decide.Recorded, events.Head, error) {
	envs, head, err := l.Store.Append(ctx, events.Tournament(id), l.Writer, expected, meta.IdempotencyKey,
		events.Meta{Actor: meta.Actor, CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, RecordedAt: meta.RecordedAt}, evs...)
	if err != nil {
		return nil, events.Head{}, err
	}
	recs, err := recorded(envs)
	return recs, head, err
}

// ScopedKey is the key a tournament's command is stored under:
// "tournament/<id>/<role>:<actor>/<key>" (decide.ScopedKey within
// "tournament/", the form its logs have always held, so that a command
// retried on an old log is found there).
func ScopedKey(id string, actor events.Actor, key string) string {
	return "tournament/" + decide.ScopedKey(id, actor, key)
}

// recorded pairs each envelope with its decoded event (none for a
// repair or an attestation: the folds skip it).
func recorded(envs []events.Envelope) ([]decide.Recorded, error) {
	out := make([]decide.Recorded, len(envs))
	for i, e := range envs {
		out[i].Envelope = e
		if events.AboutTheLog(e.Type) {
			continue
		}
		ev, err := events.Decode(e)
		if err != nil {
			return nil, err
		}
		out[i].Event = ev
	}
	return out, nil
}
