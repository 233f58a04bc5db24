package domain

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// refusedAs checks that err is a refusal of kind naming want.
func refusedAs(t *testing.T, what string, evs []events.Event, err error, kind error, want string) {
	t.Helper()
	if !errors.Is(err, kind) || !strings.Contains(err.Error(), want) || evs != nil {
		t.Errorf("%s: %v %v, want a refusal (%v) naming %q and no event", what, evs, err, kind, want)
	}
}

// TestByeKinds: a Z bye scores nothing (it was recorded as a half point),
// H a draw's points, F a win's; the TRF codes follow.
func TestByeKinds(t *testing.T) {
	for _, c := range []struct {
		kind   string
		points float64
		code   byte
	}{{ZeroPointBye, 0, 'Z'}, {HalfPointBye, 0.5, 'H'}, {FullPointBye, 1, 'F'}} {
		tr := swiss(t, 4, 3)
		evs, err := tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 1, Kind: c.kind})
		fold(t, tr, evs, err)
		if b := evs[0].(events.ByeRequested); b.Points != c.points {
			t.Errorf("%s bye: %g points, want %g", c.kind, b.Points, c.points)
		}
		evs, err = tr.PairNextAfter("T", nil)
		fold(t, tr, evs, err)
		_, by := pairedIn(tr.Rounds[0], "p2")
		if by == nil || byte(tr.ByeCode(*by)) != c.code || by.Points != c.points {
			t.Errorf("%s bye in the round: %+v", c.kind, by)
		}
	}
	tr := swiss(t, 4, 3)
	evs, err := tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 1, Kind: "X"})
	refusedAs(t, "kind X", evs, err, ErrInvalid, "kind")
	evs, err = tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 1, Kind: ZeroPointBye, Points: 0.5})
	refusedAs(t, "Z with half a point", evs, err, ErrInvalid, "points")
}

// deskRound1 is a 6-player Swiss with round 1 paired.
func deskRound1(t *testing.T) *Tournament {
	tr := swiss(t, 6, 3)
	evs, err := tr.PairNextAfter("T", nil)
	fold(t, tr, evs, err)
	return tr
}

// TestResultsSheetRefusedWhole: each wrong line refuses the sheet whole,
// naming the line.
func TestResultsSheetRefusedWhole(t *testing.T) {
	tr := deskRound1(t)
	b1, b2 := tr.Rounds[0].Pairings[0], tr.Rounds[0].Pairings[1]
	good := SheetEntry{White: b1.White, Black: b1.Black, Result: "1-0"}
	for _, c := range []struct {
		name string
		line SheetEntry
		want string
	}{
		{"not paired", SheetEntry{White: b1.White, Black: b2.Black, Result: "1-0"}, "results[1]: "},
		{"colours reversed", SheetEntry{White: b2.Black, Black: b2.White, Result: "1-0"}, "has " + b2.White + " White"},
		{"no such result", SheetEntry{White: b2.White, Black: b2.Black, Result: "1-1"}, "results[1].result"},
		{"unfinished", SheetEntry{White: b2.White, Black: b2.Black, Result: "*"}, "results[1].result"},
		{"unknown player", SheetEntry{White: "nobody", Black: b2.Black, Result: "1-0"}, "results[1].white"},
		{"start number out of range", SheetEntry{White: b2.White, Black: "99", Result: "1-0"}, "results[1].black"},
		{"board twice", good, "already results[0]"},
	} {
		evs, err := tr.EnterResults(1, []SheetEntry{good, c.line}, map[string]events.Result{})
		refusedAs(t, c.name, evs, err, ErrInvalid, c.want)
	}
	evs, err := tr.EnterResults(2, []SheetEntry{good}, map[string]events.Result{})
	refusedAs(t, "round not paired", evs, err, ErrNotFound, "round 2")
}

// TestResultsSheetEntersAndCorrects: a sheet by start numbers enters the
// boards; the same again gives nothing; a change needs its reason and is
// a correction saying the next round is paired.
func TestResultsSheetEntersAndCorrects(t *testing.T) {
	tr := deskRound1(t)
	var sheet []SheetEntry
	for _, p := range tr.Rounds[0].Pairings {
		sheet = append(sheet, SheetEntry{White: itoa(tr.StartNumber(p.White)), Black: itoa(tr.StartNumber(p.Black)), Result: "1/2-1/2"})
	}
	evs, err := tr.EnterResults(1, sheet, map[string]events.Result{})
	fold(t, tr, evs, err)
	if len(evs) != 1 || len(evs[0].(events.ResultsEntered).Lines) != 3 {
		t.Fatalf("sheet: %v", evs)
	}
	results := tr.BoardResults(nil)
	if evs, err := tr.EnterResults(1, sheet, results); err != nil || len(evs) != 0 {
		t.Errorf("the same sheet again: %v %v, want nothing", evs, err)
	}
	folds(t, tr)(tr.Close(1, results))
	folds(t, tr)(tr.PairNextAfter("T", results))
	fix := []SheetEntry{{White: sheet[0].White, Black: sheet[0].Black, Result: "0-1"}}
	evs, err = tr.EnterResults(1, fix, results)
	refusedAs(t, "a change without reason", evs, err, ErrInvalid, "results[0].reason")
	fix[0].Reason = "misread"
	evs, err = tr.EnterResults(1, fix, results)
	fold(t, tr, evs, err)
	c := evs[0].(events.ResultCorrected)
	if c.Old != "1/2-1/2" || c.New != "0-1" || !c.NextRoundPaired || tr.BoardResults(nil)[c.GameID] != "0-1" {
		t.Errorf("correction: %+v", c)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// folds is fold for a decision's two results.
func folds(t *testing.T, tr *Tournament) func([]events.Event, error) {
	return func(evs []events.Event, err error) {
		t.Helper()
		fold(t, tr, evs, err)
	}
}

// TestHandChanges: colours, move and swap change the round's boards (new
// games for the changed ones), name the criteria broken, go into the TRF
// as ### lines, and stop at publication; unpairing re-pairs with new games.
func TestHandChanges(t *testing.T) {
	tr := deskRound1(t)
	old := tr.Rounds[0].Pairings
	evs, err := tr.ChangePairing("T", 1, HandChange{Change: ChangeColours, Board: 1}, nil, nil)
	fold(t, tr, evs, err)
	if b := tr.Rounds[0].Pairings[0]; b.White != old[0].Black || b.GameID == old[0].GameID || tr.Rounds[0].Pairings[1].GameID != old[1].GameID {
		t.Errorf("colours: %+v (was %+v)", tr.Rounds[0].Pairings, old)
	}
	evs, err = tr.ChangePairing("T", 1, HandChange{Change: ChangeMove, Board: 3, To: 1}, nil, nil)
	fold(t, tr, evs, err)
	if b := tr.Rounds[0].Pairings[0]; b.White != old[2].White || b.Board != 1 {
		t.Errorf("move: %+v", tr.Rounds[0].Pairings)
	}
	evs, err = tr.ChangePairing("T", 1, HandChange{Change: ChangeSwap, Players: []string{"1", "p2"}}, nil, nil)
	fold(t, tr, evs, err)
	for _, c := range []HandChange{{Change: "rotate"}, {Change: ChangeMove, Board: 1, To: 9}, {Change: ChangeSwap, Players: []string{"p1"}}, {Change: ChangeColours, Board: 7}} {
		evs, err := tr.ChangePairing("T", 1, c, nil, nil)
		refusedAs(t, c.Change, evs, err, ErrInvalid, "")
	}
	f := readBack(t, tr, map[string]events.Result{})
	if len(f.Unknown) != 3 || !strings.HasPrefix(f.Unknown[0], "### round 1 changed by hand: board 1 colours exchanged") {
		t.Errorf("TRF comment lines: %q", f.Unknown)
	}
	folds(t, tr)(tr.Unpair(1, "again", nil))
	folds(t, tr)(tr.PairNextAfter("T", nil))
	if g := tr.Rounds[0].Pairings[0].GameID; g != "T-r1-b1-p2" || len(tr.Desk.Changes) != 0 {
		t.Errorf("paired again: game %s, %d changes in force", g, len(tr.Desk.Changes))
	}
	folds(t, tr)(tr.Publish(1))
	evs, err = tr.ChangePairing("T", 1, HandChange{Change: ChangeColours, Board: 1}, nil, nil)
	refusedAs(t, "after publication", evs, err, ErrState, "published")
	evs, err = tr.Unpair(1, "", nil)
	refusedAs(t, "unpair after publication", evs, err, ErrState, "published")
}

// TestHandChangeNamesRematch: a swap that makes two players meet again
// is recorded with the checker's C1.
func TestHandChangeNamesRematch(t *testing.T) {
	tr := deskRound1(t)
	results := map[string]events.Result{}
	for _, p := range tr.Rounds[0].Pairings {
		results[p.GameID] = "1-0"
	}
	folds(t, tr)(tr.Close(1, results))
	folds(t, tr)(tr.PairNextAfter("T", results))
	r1 := tr.Rounds[0].Pairings[0]
	// put r1's black on the board of r1's white in round 2
	var evs []events.Event
	var err error
	for _, p := range tr.Rounds[1].Pairings {
		if p.White == r1.White {
			evs, err = tr.ChangePairing("T", 2, HandChange{Change: ChangeSwap, Players: []string{p.Black, r1.Black}}, results, nil)
		}
		if p.Black == r1.White {
			evs, err = tr.ChangePairing("T", 2, HandChange{Change: ChangeSwap, Players: []string{p.White, r1.Black}}, results, nil)
		}
	}
	if err != nil || len(evs) != 1 {
		t.Fatalf("swap: %v %v", evs, err)
	}
	a, b := tr.StartNumber(r1.White), tr.StartNumber(r1.Black)
	want := fmt.Sprintf("C1 [%d %d]: %d and %d have already played each other", min(a, b), max(a, b), b, a)
	breaks := evs[0].(events.PairingChanged).Breaks
	if !slices.Contains(breaks, want) {
		t.Errorf("breaks %q, want %q", breaks, want)
	}
	for _, s := range breaks {
		if strings.HasPrefix(s, "C1 rematch") {
			t.Errorf("breaks %q: the checker's rematch repeats HandChange's C1", breaks)
		}
	}
	// as version 1 of the event decided it (the audit re-decides those so)
	pc := evs[0].(events.PairingChanged)
	v1, err := tr.ChangePairingChecked("T", 2, HandChange{Change: pc.Change, Players: pc.Players}, results, nil)
	if err != nil || len(v1) != 1 || !strings.Contains(strings.Join(v1[0].(events.PairingChanged).Breaks, ";"), "C1 rematch") {
		t.Errorf("version 1 decision: %v %v, want the checker's C1 rematch", v1, err)
	}
}

// deskRound2 is deskRound1 with round 1 won by White on every board and
// round 2 paired by the Dutch engine.
func deskRound2(t *testing.T) (*Tournament, map[string]events.Result) {
	tr := deskRound1(t)
	results := map[string]events.Result{}
	for _, p := range tr.Rounds[0].Pairings {
		results[p.GameID] = "1-0"
	}
	folds(t, tr)(tr.Close(1, results))
	folds(t, tr)(tr.PairNextAfter("T", results))
	return tr, results
}

// TestHandChangeNamesQualityCriterion: exchanging the colours of a board
// whose players both get their colour preference from the engine (they
// had different colours in round 1) breaks C12 (C.04.3: minimise the
// players who do not get their colour preference) and the colour
// allocation rules; the event and the TRF's ### line name them, and
// exchanging them back (compared with the engine's pairing, not the
// changed one) breaks nothing.
func TestHandChangeNamesQualityCriterion(t *testing.T) {
	tr, results := deskRound2(t)
	white1 := map[string]bool{}
	for _, p := range tr.Rounds[0].Pairings {
		white1[p.White] = true
	}
	board := 0
	var p events.Pairing
	for _, p = range tr.Rounds[1].Pairings {
		if white1[p.White] != white1[p.Black] {
			board = p.Board
			break
		}
	}
	if board == 0 {
		t.Fatalf("no board of round 2 between players of different colours in round 1: %+v", tr.Rounds[1].Pairings)
	}
	a, b := tr.StartNumber(p.White), tr.StartNumber(p.Black)
	evs, err := tr.ChangePairing("T", 2, HandChange{Change: ChangeColours, Board: board, Reason: "test"}, results, nil)
	fold(t, tr, evs, err)
	breaks := evs[0].(events.PairingChanged).Breaks
	players := fmt.Sprintf("[%d %d]", min(a, b), max(a, b))
	for _, want := range []string{"C12 " + players + ": more players do not get their colour preference", "E " + players + ": "} {
		if !slices.ContainsFunc(breaks, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("breaks %q, want one starting %q", breaks, want)
		}
	}
	f := readBack(t, tr, results)
	if len(f.Unknown) != 1 || !strings.Contains(f.Unknown[0], "breaks C12 "+players) || !strings.HasSuffix(f.Unknown[0], "; reason: test") {
		t.Errorf("TRF comment lines: %q", f.Unknown)
	}
	evs, err = tr.ChangePairing("T", 2, HandChange{Change: ChangeColours, Board: board}, results, nil)
	fold(t, tr, evs, err)
	if breaks := evs[0].(events.PairingChanged).Breaks; len(breaks) != 0 {
		t.Errorf("colours exchanged back: breaks %q, want none", breaks)
	}
}

// TestHandChangeBreaksNothing: moving a board to another number changes
// no pair and no colour: the event names no criterion, and the TRF's ###
// line says so.
func TestHandChangeBreaksNothing(t *testing.T) {
	tr, results := deskRound2(t)
	evs, err := tr.ChangePairing("T", 2, HandChange{Change: ChangeMove, Board: 1, To: 3}, results, nil)
	fold(t, tr, evs, err)
	if breaks := evs[0].(events.PairingChanged).Breaks; len(breaks) != 0 {
		t.Errorf("move: breaks %q, want none", breaks)
	}
	f := readBack(t, tr, results)
	if len(f.Unknown) != 1 || f.Unknown[0] != "### round 2 changed by hand: board 1 moved to board 3; breaks no criterion checked" {
		t.Errorf("TRF comment lines: %q", f.Unknown)
	}
}
