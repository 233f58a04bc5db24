package domain

import (
	"github.com/hakem-chess/hakem/events"
)

// Publish decides the publication of a paired round's pairing.
func (t *Tournament) Publish(round int) ([]events.Event, error) {
	if !t.WasCreated() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if round < 1 || round > len(t.Rounds) {
		return nil, refuse(ErrNotFound, "round %d is not paired (%d paired)", round, len(t.Rounds))
	}
	if t.Published(round) {
		return nil, refuse(ErrExists, "round %d is already published", round)
	}
	return []events.Event{events.RoundPublished{Round: round}}, nil
}

// Unpair decides the withdrawal of round's pairing so that it is paired
// again: the last round paired only, not yet published, no board with a
// result (results by game id, as the games and the desk give them).
func (t *Tournament) Unpair(round int, reason string, results map[string]events.Result) ([]events.Event, error) {
	if err := t.changeable(round, results); err != nil {
		return nil, err
	}
	return []events.Event{events.RoundUnpaired{Round: round, Reason: reason}}, nil
}

// changeable refuses a change to round's pairing unless it is the last
// round paired, not published and without any result.
func (t *Tournament) changeable(round int, results map[string]events.Result) error {
	if !t.WasCreated() {
		return refuse(ErrNotFound, "tournament not found")
	}
	if round < 1 || round > len(t.Rounds) {
		return refuse(ErrNotFound, "round %d is not paired (%d paired)", round, len(t.Rounds))
	}
	if round != len(t.Rounds) {
		return refuse(ErrState, "round %d is not the last round paired (%d): only that one may change", round, len(t.Rounds))
	}
	if t.Published(round) {
		return refuse(ErrState, "round %d is published: its pairing no longer changes", round)
	}
	for _, p := range t.Rounds[round-1].Pairings {
		if r := results[p.GameID]; r != "" && r != events.ResultUnfinished {
			return refuse(ErrState, "round %d board %d has a result (%s): the pairing no longer changes", round, p.Board, r)
		}
	}
	return nil
}
