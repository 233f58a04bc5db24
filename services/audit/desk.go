package audit

import (
	"errors"
	"reflect"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	pairing "github.com/hakem-chess/hakem/services/pairing/domain"
)

// deskDecision re-decides a command of the arbiter's desk (decoded, its
// events) through the pairing domain, on the tournament folded before it
// and the board results as they stood: a results sheet (its entries and
// corrections given back as the sheet's lines), a publication, a
// withdrawn pairing, a hand change (recorded at schema version version:
// a version 1 tournament.pairing_changed names pairing/check's findings
// only, ChangePairingChecked).
func deskDecision(t *pairing.Tournament, id string, decoded []events.Event, version int, results map[string]events.Result, pens tournament.Penalties) ([]events.Event, error) {
	switch ev := value(decoded[0]).(type) {
	case events.ResultsEntered, events.ResultCorrected:
		round, sheet, err := sheetOf(t, decoded)
		if err != nil {
			return nil, err
		}
		return t.EnterResults(round, sheet, results)
	case events.RoundPublished:
		return t.Publish(ev.Round)
	case events.RoundUnpaired:
		return t.Unpair(ev.Round, ev.Reason, results)
	case events.PairingChanged:
		c := pairing.HandChange{Change: ev.Change, Players: ev.Players, Board: ev.Board, To: ev.To, Reason: ev.Reason}
		if version == 1 {
			return t.ChangePairingChecked(id, ev.Round, c, results, pens)
		}
		return t.ChangePairing(id, ev.Round, c, results, pens)
	}
	return nil, errors.New("not a command of the desk")
}

// sheetOf is the results sheet a command recorded: the lines entered, then
// the corrections (each with its board's players and its reason).
func sheetOf(t *pairing.Tournament, decoded []events.Event) (int, []pairing.SheetEntry, error) {
	round := 0
	var sheet []pairing.SheetEntry
	for _, e := range decoded {
		switch ev := value(e).(type) {
		case events.ResultsEntered:
			round = ev.Round
			for _, l := range ev.Lines {
				sheet = append(sheet, pairing.SheetEntry{White: l.White, Black: l.Black, Result: l.Result})
			}
		case events.ResultCorrected:
			round = ev.Round
			if ev.Round < 1 || ev.Round > len(t.Rounds) {
				return 0, nil, errors.New("a correction of a round not paired")
			}
			for _, p := range t.Rounds[ev.Round-1].Pairings {
				if p.Board == ev.Board {
					sheet = append(sheet, pairing.SheetEntry{White: p.White, Black: p.Black, Result: ev.New, Reason: ev.Reason})
				}
			}
		default:
			return 0, nil, errors.New("a results sheet's command with a " + e.EventType())
		}
	}
	return round, sheet, nil
}

// sheetEnd reports whether a game's end was written by the games service
// from a results sheet: caused by the sheet's event (of the tournament),
// under the key the games service gives it.
func sheetEnd(env *events.Envelope) bool {
	return env.CausationID != "" && env.Actor == (events.Actor{Role: "system", ID: "games"}) &&
		strings.Contains(env.IdempotencyKey, "sheet-"+env.CausationID+"-board-")
}

// value is the event itself when e is a pointer to it (events.Decode
// gives pointers).
func value(e events.Event) events.Event {
	if v := reflect.ValueOf(e); v.Kind() == reflect.Pointer && !v.IsNil() {
		if ev, ok := v.Elem().Interface().(events.Event); ok {
			return ev
		}
	}
	return e
}
