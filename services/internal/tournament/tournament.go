// Package tournament is a tournament as its events say: the fold of a
// tournament's stream (tournament.<id>.>: the pairing service's events, the
// arbiter's expulsions, the desk's entries, corrections and results) into
// its players, rounds, byes, absences and desk, the reading of a board's
// result (results.go) and the points each player has (standings.go).
//
// It is the one projection of a tournament the services share: the pairing
// service decides on it (services/pairing/domain embeds Tournament and adds
// the decisions), the scoring computes the standings from it, the pages
// and the audit read it. It is pure: the events catalogue, the pure
// modules (pairing, ratings, clock) and the standard library only.
package tournament

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/roundrobin"
)

// Tournament is a tournament as folded from its events.
type Tournament struct {
	exists  bool
	Created events.TournamentCreated
	Players []events.PlayerRegistered
	Rounds  []events.RoundPaired
	Closed  int // rounds closed
	Done    bool
	// Withdrawn, ByeRequests and Forbidden are the organiser's decisions
	// the pairing honours (see absences.go).
	Withdrawn   []events.PlayerWithdrawn
	ByeRequests []events.ByeRequested
	Forbidden   []events.ForbiddenPairSet
	// Expelled are the arbiter's expulsions, Excluded his exclusions from
	// rounds (expulsion.go).
	Expelled []Expulsion
	Excluded []events.PlayerExcluded
	// Desk is what the arbiter's desk recorded (desk.go).
	Desk Desk
	// Imported is the file a tournament.imported event created the
	// tournament from (nil for one created by tournament.created).
	Imported *Imported
	// Deleted is the organiser's deletion before round 1
	// (tournament.deleted): the tournament takes no command any more.
	Deleted bool
	// Year is the calendar year the tournament was created in (its first
	// event's recorded time, set by whoever folds the envelopes; 0 when
	// unknown), the rating period's year for the junior K-factor.
	Year int
}

// WasCreated reports whether the tournament's creation (tournament.created
// or tournament.imported) was folded, deleted since or not.
func (t *Tournament) WasCreated() bool { return t.exists }

// Exists reports whether the tournament was created and not deleted.
func (t *Tournament) Exists() bool { return t.exists && !t.Deleted }

// Evolve folds one recorded event of the tournament (the decide loop's
// state, and boards.Load): the event (Apply), and from the creation's
// envelope the rating year (RatingYear).
func (t *Tournament) Evolve(env *events.Envelope, ev events.Event) error {
	if !t.exists {
		t.RatingYear(*env)
	}
	return t.Apply(ev)
}

// Apply folds one event of the tournament (value or pointer): the
// pairing service's, and the arbiter's expulsions; events of other writers
// are skipped.
func (t *Tournament) Apply(e events.Event) error {
	if ok, err := t.applyDesk(e); ok {
		return err
	}
	e = deref(e)
	switch e.(type) {
	case events.TournamentLogRepaired, *events.TournamentLogRepaired:
		return nil // changes nothing in the tournament; it may come first, voiding what was published before the creation
	}
	if imp, ok := e.(events.TournamentImported); ok {
		return t.applyImport(imp)
	}
	if _, ok := e.(events.TournamentCreated); !ok && !t.exists {
		return fmt.Errorf("%s before tournament.created", e.EventType())
	}
	switch e := e.(type) {
	case events.TournamentCreated:
		if t.exists {
			return errors.New("tournament.created twice")
		}
		t.exists, t.Created = true, e
	case events.PlayerRegistered:
		t.Players = append(t.Players, e)
		t.missedRounds(e) // entries.go
	case events.RoundPaired:
		if e.Round != len(t.Rounds)+1 {
			return fmt.Errorf("round %d paired after %d rounds", e.Round, len(t.Rounds))
		}
		t.Rounds = append(t.Rounds, e)
	case events.RoundClosed:
		if e.Round != t.Closed+1 || e.Round > len(t.Rounds) {
			return fmt.Errorf("round %d closed after %d closed, %d paired", e.Round, t.Closed, len(t.Rounds))
		}
		t.Closed = e.Round
	case events.TournamentFinished:
		t.Done = true
	case events.PlayerWithdrawn:
		t.Withdrawn = append(t.Withdrawn, e)
	case events.ByeRequested:
		t.ByeRequests = append(t.ByeRequests, e)
	case events.ForbiddenPairSet:
		t.Forbidden = append(t.Forbidden, e)
	case events.PlayerExpelled:
		t.Expelled = append(t.Expelled, Expulsion{PlayerExpelled: e, FromRound: len(t.Rounds) + 1})
	case events.PlayerExcluded:
		t.Excluded = append(t.Excluded, e)
	case events.TournamentDeleted:
		if len(t.Rounds) > 0 {
			return errors.New("tournament.deleted after round 1 was paired")
		}
		t.Deleted = true
	default:
		t.applyEntry(e) // entries.go
	}
	return nil
}

// deref turns a pointer to an event Apply folds into the event.
func deref(e events.Event) events.Event {
	switch e := e.(type) {
	case *events.TournamentCreated:
		return *e
	case *events.PlayerRegistered:
		return *e
	case *events.RoundPaired:
		return *e
	case *events.RoundClosed:
		return *e
	case *events.TournamentFinished:
		return *e
	case *events.PlayerWithdrawn:
		return *e
	case *events.ByeRequested:
		return *e
	case *events.ForbiddenPairSet:
		return *e
	case *events.PlayerExpelled:
		return *e
	case *events.PlayerExcluded:
		return *e
	case *events.TournamentImported:
		return *e
	case *events.TournamentDeleted:
		return *e
	case *events.TiebreaksSet:
		return *e
	case *events.PlayerCorrected:
		return *e
	case *events.PlayerRemoved:
		return *e
	}
	return e
}

// GameID names the game of a board: "<tournament>-r<round>-b<board>".
func GameID(tournament string, round, board int) string {
	return tournament + "-r" + strconv.Itoa(round) + "-b" + strconv.Itoa(board)
}

// TotalRounds is the number of rounds: the tournament's if set, else every
// round of the table.
func (t *Tournament) TotalRounds() int {
	if t.Created.System == "swiss-dutch" {
		return t.Created.Rounds
	}
	all := len(roundrobin.Schedule(len(t.Players), false))
	if t.Created.Rounds > 0 && t.Created.Rounds < all {
		return t.Created.Rounds
	}
	return all
}
