package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
)

// Withdraw decides a player's withdrawal from round w.FromRound on (the
// next round to be paired when 0). He is not paired again: in a Swiss he is
// absent (a zero-point "absent" bye in each later round's pairing); in a
// round robin his remaining games are not played and each opponent has the
// round free.
func (t *Tournament) Withdraw(w events.PlayerWithdrawn) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Done {
		return nil, refuse(ErrState, "the tournament is finished")
	}
	if !t.Registered(w.PlayerID) {
		return nil, refuse(ErrNotFound, "player %q is not registered", w.PlayerID)
	}
	if from := t.WithdrawnFrom(w.PlayerID); from > 0 {
		return nil, refuse(ErrExists, "player %q is already withdrawn from round %d", w.PlayerID, from)
	}
	if from := t.ExpelledFrom(w.PlayerID); from > 0 {
		return nil, refuse(ErrState, "player %q is expelled (not paired from round %d)", w.PlayerID, from)
	}
	next := len(t.Rounds) + 1
	if w.FromRound == 0 {
		w.FromRound = next
	}
	if w.FromRound < next {
		return nil, refuse(ErrState, "from_round: round %d is already paired (the next round is %d)", w.FromRound, next)
	}
	if w.FromRound > t.TotalRounds() && t.TotalRounds() > 0 {
		return nil, refuse(ErrInvalid, "from_round: %d is after the last round (%d)", w.FromRound, t.TotalRounds())
	}
	w.Reason = strings.TrimSpace(w.Reason)
	return []events.Event{w}, nil
}

// RequestBye decides a player's request not to be paired in a future round
// of a Swiss, for b.Points (the point system's draw, a half-point bye,
// when 0; FIDE C.04.1 allows at most that). A round robin takes no such
// request: its table fixes every game.
func (t *Tournament) RequestBye(b events.ByeRequested) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Created.System != "swiss-dutch" {
		return nil, refuse(ErrState, "a %s takes no bye requests: its table fixes every game", t.Created.System)
	}
	if !t.Registered(b.PlayerID) {
		return nil, refuse(ErrNotFound, "player %q is not registered", b.PlayerID)
	}
	next := len(t.Rounds) + 1
	if b.Round < next || b.Round > t.TotalRounds() {
		return nil, refuse(ErrInvalid, "round: %d is not a round still to be paired (%d to %d)", b.Round, next, t.TotalRounds())
	}
	if from := t.WithdrawnFrom(b.PlayerID); from > 0 && b.Round >= from {
		return nil, refuse(ErrState, "player %q is withdrawn from round %d", b.PlayerID, from)
	}
	if from := t.ExpelledFrom(b.PlayerID); from > 0 {
		return nil, refuse(ErrState, "player %q is expelled", b.PlayerID)
	}
	for _, q := range t.ByeRequests {
		if q.PlayerID == b.PlayerID && q.Round == b.Round {
			return nil, refuse(ErrExists, "player %q already has a bye in round %d", b.PlayerID, b.Round)
		}
	}
	draw := t.Points().Draw
	if b.Kind != "" {
		return t.requestByeKind(b)
	}
	if b.Points == 0 {
		b.Points = draw
	}
	if b.Points < 0 || b.Points > draw {
		return nil, refuse(ErrInvalid, "points: %g (a requested bye scores 0 up to a draw's %g)", b.Points, draw)
	}
	return []events.Event{b}, nil
}

// Forbid decides that two players are never paired against each other (a
// Swiss only; FIDE C.04.1: e.g. members of one family or club).
func (t *Tournament) Forbid(f events.ForbiddenPairSet) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Created.System != "swiss-dutch" {
		return nil, refuse(ErrState, "a %s takes no forbidden pairs: its table fixes every game", t.Created.System)
	}
	for _, id := range []string{f.PlayerA, f.PlayerB} {
		if !t.Registered(id) {
			return nil, refuse(ErrNotFound, "player %q is not registered", id)
		}
	}
	if f.PlayerA == f.PlayerB {
		return nil, refuse(ErrInvalid, "player_b: the same player as player_a")
	}
	for _, q := range t.Forbidden {
		if q.PlayerA == f.PlayerA && q.PlayerB == f.PlayerB || q.PlayerA == f.PlayerB && q.PlayerB == f.PlayerA {
			return nil, refuse(ErrExists, "%s and %s are already a forbidden pair", f.PlayerA, f.PlayerB)
		}
	}
	f.Reason = strings.TrimSpace(f.Reason)
	return []events.Event{f}, nil
}

// Absences returns the players not to be paired in round, each with the
// bye recorded for him: "requested" with the requested points, or
// "absent" with none for a withdrawn, expelled or excluded player.
func (t *Tournament) Absences(round int) map[string]events.Bye {
	out := map[string]events.Bye{}
	for _, e := range t.Excluded {
		if slices.Contains(e.Rounds, round) {
			out[e.PlayerID] = events.Bye{PlayerID: e.PlayerID, Kind: "absent"}
		}
	}
	for _, e := range t.Expelled {
		if round >= e.FromRound {
			out[e.PlayerID] = events.Bye{PlayerID: e.PlayerID, Kind: "absent"}
		}
	}
	for _, w := range t.Withdrawn {
		if round >= w.FromRound {
			out[w.PlayerID] = events.Bye{PlayerID: w.PlayerID, Kind: "absent"}
		}
	}
	for _, b := range t.ByeRequests {
		if _, ok := out[b.PlayerID]; !ok && b.Round == round {
			out[b.PlayerID] = events.Bye{PlayerID: b.PlayerID, Points: b.Points, Kind: "requested"}
		}
	}
	return out
}

// absenceKey is what the absences and forbidden pairs add to a round's
// input hash ("" when there are none, so older rounds hash as before).
func (t *Tournament) absenceKey(round int) string {
	abs := t.Absences(round)
	if len(abs) == 0 && len(t.Forbidden) == 0 {
		return ""
	}
	var parts []string
	for _, p := range t.Players {
		if b, ok := abs[p.PlayerID]; ok {
			parts = append(parts, fmt.Sprintf("%s:%s:%g", p.PlayerID, b.Kind, b.Points))
		}
	}
	for _, f := range t.Forbidden {
		parts = append(parts, "x"+f.PlayerA+"/"+f.PlayerB)
	}
	return " " + strings.Join(parts, ",")
}
