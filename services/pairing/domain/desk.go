package domain

import (
	"fmt"
	"strconv"

	"github.com/hakem-chess/hakem/events"
)

// Desk is what the arbiter's desk recorded on a tournament: the results
// entered from the results sheets and their corrections, the rounds
// published, the rounds withdrawn and the hand changes to pairings.
type Desk struct {
	// Sheet is each board's result as the desk last entered or corrected
	// it, by game id: it is the board's result (BoardResults).
	Sheet map[string]string
	// Published are the rounds whose pairing is public.
	Published map[int]bool
	// Unpaired counts, per round, the pairings withdrawn: the games of a
	// round paired again are named apart (gameID).
	Unpaired map[int]int
	// Changes are the hand changes to the pairings still in force, in
	// order.
	Changes []events.PairingChanged
	// Corrections are the corrections of results, in order.
	Corrections []events.ResultCorrected
}

// applyDesk folds the desk's events (value or pointer); ok is false for
// any other event.
func (t *Tournament) applyDesk(e events.Event) (ok bool, err error) {
	switch e := e.(type) {
	case *events.ResultsEntered:
		return t.applyDesk(*e)
	case *events.ResultCorrected:
		return t.applyDesk(*e)
	case *events.RoundPublished:
		return t.applyDesk(*e)
	case *events.RoundUnpaired:
		return t.applyDesk(*e)
	case *events.PairingChanged:
		return t.applyDesk(*e)
	case events.ResultsEntered, events.ResultCorrected, events.RoundPublished, events.RoundUnpaired, events.PairingChanged:
	default:
		return false, nil
	}
	if !t.exists {
		return true, fmt.Errorf("%s before tournament.created", e.EventType())
	}
	d := &t.Desk
	if d.Sheet == nil {
		d.Sheet, d.Published, d.Unpaired = map[string]string{}, map[int]bool{}, map[int]int{}
	}
	switch e := e.(type) {
	case events.ResultsEntered:
		for _, l := range e.Lines {
			d.Sheet[l.GameID] = l.Result
		}
	case events.ResultCorrected:
		d.Sheet[e.GameID] = e.New
		d.Corrections = append(d.Corrections, e)
	case events.RoundPublished:
		d.Published[e.Round] = true
	case events.RoundUnpaired:
		if e.Round != len(t.Rounds) || e.Round <= t.Closed {
			return true, fmt.Errorf("round %d unpaired with %d paired, %d closed", e.Round, len(t.Rounds), t.Closed)
		}
		t.Rounds = t.Rounds[:len(t.Rounds)-1]
		d.Unpaired[e.Round]++
		kept := d.Changes[:0]
		for _, c := range d.Changes {
			if c.Round != e.Round {
				kept = append(kept, c)
			}
		}
		d.Changes = kept
	case events.PairingChanged:
		if e.Round < 1 || e.Round > len(t.Rounds) {
			return true, fmt.Errorf("pairing of round %d changed with %d paired", e.Round, len(t.Rounds))
		}
		t.Rounds[e.Round-1].Pairings = append([]events.Pairing(nil), e.Pairings...)
		d.Changes = append(d.Changes, e)
	}
	return true, nil
}

// gameID names the game of a board of round as GameID does, with "-p2",
// "-p3" … for a round paired again after its pairing was withdrawn (the
// games of the withdrawn pairing exist and are never played).
func (t *Tournament) gameID(id string, round, board int) string {
	g := GameID(id, round, board)
	if n := t.Desk.Unpaired[round]; n > 0 {
		g += "-p" + strconv.Itoa(n+1)
	}
	return g
}

// BoardResults overlays the results the desk entered or corrected
// (Desk.Sheet) on the games' results, by game id: a board's result is the
// desk's when it entered one. results is changed and returned.
func (t *Tournament) BoardResults(results map[string]string) map[string]string {
	if results == nil {
		results = map[string]string{}
	}
	for gid, r := range t.Desk.Sheet {
		results[gid] = r
	}
	return results
}

// Published reports whether round's pairing is public.
func (t *Tournament) Published(round int) bool { return t.Desk.Published[round] }

// Publish decides the publication of a paired round's pairing.
func (t *Tournament) Publish(round int) ([]events.Event, error) {
	if !t.exists {
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
func (t *Tournament) Unpair(round int, reason string, results map[string]string) ([]events.Event, error) {
	if err := t.changeable(round, results); err != nil {
		return nil, err
	}
	return []events.Event{events.RoundUnpaired{Round: round, Reason: reason}}, nil
}

// changeable refuses a change to round's pairing unless it is the last
// round paired, not published and without any result.
func (t *Tournament) changeable(round int, results map[string]string) error {
	if !t.exists {
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
		if r := results[p.GameID]; r != "" && r != "*" {
			return refuse(ErrState, "round %d board %d has a result (%s): the pairing no longer changes", round, p.Board, r)
		}
	}
	return nil
}

// RatingYear sets t.Year, the rating period's calendar year for the
// junior K-factor (FIDE B.02 8.3.3: K 40 until the end of the year of the
// 18th birthday), from the tournament's first event (its creation, as
// recorded): the one reading the pairing service's fold (app.Load) and the
// audit's both call, so that both give the same K.
func (t *Tournament) RatingYear(first events.Envelope) {
	if !first.RecordedAt.IsZero() {
		t.Year = first.RecordedAt.Year()
	}
}
