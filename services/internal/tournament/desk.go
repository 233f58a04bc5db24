package tournament

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
	Sheet map[string]events.Result
	// Published are the rounds whose pairing is public.
	Published map[int]bool
	// Unpaired counts, per round, the pairings withdrawn: the games of a
	// round paired again are named apart (gameID).
	Unpaired map[int]int
	// Changes are the hand changes to the pairings still in force, in
	// order.
	Changes []events.PairingChanged
	// Engine is, per round changed by hand, the round's boards as they
	// were paired (by the engine) before its first hand change still in
	// force: what a hand change is compared with.
	Engine map[int][]events.Pairing
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
		d.Sheet, d.Published, d.Unpaired = map[string]events.Result{}, map[int]bool{}, map[int]int{}
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
		delete(d.Engine, e.Round)
	case events.PairingChanged:
		if e.Round < 1 || e.Round > len(t.Rounds) {
			return true, fmt.Errorf("pairing of round %d changed with %d paired", e.Round, len(t.Rounds))
		}
		if d.Engine == nil {
			d.Engine = map[int][]events.Pairing{}
		}
		if _, ok := d.Engine[e.Round]; !ok {
			d.Engine[e.Round] = t.Rounds[e.Round-1].Pairings
		}
		t.Rounds[e.Round-1].Pairings = append([]events.Pairing(nil), e.Pairings...)
		d.Changes = append(d.Changes, e)
	}
	return true, nil
}

// BoardGameID names the game of a board of round as GameID does, with "-p2",
// "-p3" … for a round paired again after its pairing was withdrawn (the
// games of the withdrawn pairing exist and are never played).
func (t *Tournament) BoardGameID(id string, round, board int) string {
	g := GameID(id, round, board)
	if n := t.Desk.Unpaired[round]; n > 0 {
		g += "-p" + strconv.Itoa(n+1)
	}
	return g
}

// BoardResults overlays the results the desk entered or corrected
// (Desk.Sheet) on the games' results, by game id: a board's result is the
// desk's when it entered one. results is changed and returned.
func (t *Tournament) BoardResults(results map[string]events.Result) map[string]events.Result {
	if results == nil {
		results = map[string]events.Result{}
	}
	for gid, r := range t.Desk.Sheet {
		results[gid] = r
	}
	return results
}

// Published reports whether round's pairing is public.
func (t *Tournament) Published(round int) bool { return t.Desk.Published[round] }

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
