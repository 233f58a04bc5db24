package domain

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
)

func swiss(t *testing.T, n, rounds int) *Tournament {
	t.Helper()
	tr := &Tournament{}
	evs, err := tr.Create(events.TournamentCreated{Name: "Swiss", System: "swiss-dutch", Rounds: rounds})
	fold(t, tr, evs, err)
	for i := 1; i <= n; i++ {
		evs, err := tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Rating: 2500 - 10*i})
		fold(t, tr, evs, err)
	}
	return tr
}

// oneGame is a 2-player Swiss whose round 1 is closed, its one board
// ended with result; it returns the tournament, the board and the
// results.
func oneGame(t *testing.T, result events.Result) (*Tournament, events.Pairing, map[string]events.Result) {
	t.Helper()
	// Two rounds for two players cannot be paired from round 1 on
	// (C.04.1: SwissRoundsPossible refuses it); round 1 is therefore that
	// of a one-round Swiss of the same two players, as an event imported
	// after its first round would have it.
	tr := swiss(t, 2, 2)
	evs, err := swiss(t, 2, 1).PairNextAfter("T", nil)
	fold(t, tr, evs, err)
	board := tr.Rounds[0].Pairings[0]
	results := map[string]events.Result{board.GameID: result}
	evs, err = tr.Close(1, results)
	fold(t, tr, evs, err)
	return tr, board, results
}

// readBack writes tr's tournament file with results and reads it back.
func readBack(t *testing.T, tr *Tournament, results map[string]events.Result) *trf.File {
	t.Helper()
	f, err := tr.File(results)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := f.Write(&text); err != nil {
		t.Fatal(err)
	}
	back, err := trf.Read(bytes.NewReader(text.Bytes()))
	if err != nil {
		t.Fatalf("the written file does not read back: %v\n%s", err, text.String())
	}
	return back
}

func pairedIn(rp events.RoundPaired, id string) (opponent string, bye *events.Bye) {
	for _, p := range rp.Pairings {
		switch id {
		case p.White:
			return p.Black, nil
		case p.Black:
			return p.White, nil
		}
	}
	for _, b := range rp.Byes {
		if b.PlayerID == id {
			return "", &b
		}
	}
	return "", nil
}

func TestAbsencesRefused(t *testing.T) {
	tr := swiss(t, 4, 3)
	rr := withPlayers(t, 4)
	for _, tt := range []struct {
		name string
		do   func() ([]events.Event, error)
		kind error
	}{
		{"withdraw unknown", func() ([]events.Event, error) { return tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p9"}) }, ErrNotFound},
		{"withdraw after last round", func() ([]events.Event, error) {
			return tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p1", FromRound: 4})
		}, ErrInvalid},
		{"bye round 0", func() ([]events.Event, error) { return tr.RequestBye(events.ByeRequested{PlayerID: "p1"}) }, ErrInvalid},
		{"bye too many points", func() ([]events.Event, error) {
			return tr.RequestBye(events.ByeRequested{PlayerID: "p1", Round: 2, Points: 1})
		}, ErrInvalid},
		{"bye in a round robin", func() ([]events.Event, error) { return rr.RequestBye(events.ByeRequested{PlayerID: "p1", Round: 2}) }, ErrState},
		{"forbid self", func() ([]events.Event, error) {
			return tr.Forbid(events.ForbiddenPairSet{PlayerA: "p1", PlayerB: "p1"})
		}, ErrInvalid},
		{"forbid in a round robin", func() ([]events.Event, error) {
			return rr.Forbid(events.ForbiddenPairSet{PlayerA: "p1", PlayerB: "p2"})
		}, ErrState},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.do(); !errors.Is(err, tt.kind) {
				t.Fatalf("err %v, want %v", err, tt.kind)
			}
		})
	}
}

// TestSwissHonoursAbsences: a requested bye, a withdrawal and a forbidden
// pair are honoured by the Dutch pairing, and the bye scores in the next
// round's history.
func TestSwissHonoursAbsences(t *testing.T) {
	tr := swiss(t, 6, 3)
	evs, err := tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 1})
	fold(t, tr, evs, err)
	if _, err := tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 1}); !errors.Is(err, ErrExists) {
		t.Fatalf("second bye request: %v", err)
	}
	// p1 would meet p4 in round 1 (top half against bottom half of 5 present)
	evs, err = tr.Forbid(events.ForbiddenPairSet{PlayerA: "p1", PlayerB: "p4", Reason: "same club"})
	fold(t, tr, evs, err)
	evs, err = tr.PairNextAfter("T", nil)
	fold(t, tr, evs, err)
	r1 := evs[0].(events.RoundPaired)
	if _, by := pairedIn(r1, "p2"); by == nil || by.Kind != "requested" || by.Points != 0.5 {
		t.Fatalf("p2 in round 1: %+v", by)
	}
	if opp, _ := pairedIn(r1, "p1"); opp == "p4" {
		t.Fatalf("forbidden pair paired: %+v", r1)
	}
	results := map[string]events.Result{}
	for _, p := range r1.Pairings {
		results[p.GameID] = "1-0"
	}
	evs, err = tr.Close(1, results)
	fold(t, tr, evs, err)
	evs, err = tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p3", Reason: "ill"})
	fold(t, tr, evs, err)
	if _, err := tr.RequestBye(events.ByeRequested{PlayerID: "p3", Round: 3}); !errors.Is(err, ErrState) {
		t.Fatalf("bye for a withdrawn player: %v", err)
	}
	evs, err = tr.PairNextAfter("T", results)
	fold(t, tr, evs, err)
	r2 := evs[0].(events.RoundPaired)
	if _, by := pairedIn(r2, "p3"); by == nil || by.Kind != "absent" || by.Points != 0 {
		t.Fatalf("p3 in round 2: %+v", r2)
	}
	if opp, by := pairedIn(r2, "p2"); opp == "" && by == nil {
		t.Fatalf("p2 not paired in round 2: %+v", r2)
	}
	if opp, _ := pairedIn(r2, "p1"); opp == "p4" {
		t.Fatalf("forbidden pair paired: %+v", r2)
	}
	st := tr.Standings(results)
	for _, s := range st {
		if s.PlayerID == "p2" && s.Points != 0.5 {
			t.Fatalf("p2's requested bye scores %g", s.Points)
		}
	}
}

// TestRoundRobinWithdrawal: the withdrawn player's games are not played;
// his opponents have the round free.
func TestRoundRobinWithdrawal(t *testing.T) {
	tr := withPlayers(t, 4)
	evs, err := tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p4"})
	fold(t, tr, evs, err)
	if _, err := tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p4"}); !errors.Is(err, ErrExists) {
		t.Fatalf("second withdrawal: %v", err)
	}
	evs, err = tr.PairNext("T")
	fold(t, tr, evs, err)
	r1 := evs[0].(events.RoundPaired)
	if len(r1.Pairings) != 1 || len(r1.Byes) != 2 {
		t.Fatalf("round 1: %+v", r1)
	}
	if _, by := pairedIn(r1, "p4"); by == nil || by.Kind != "absent" {
		t.Fatalf("p4 in round 1: %+v", r1)
	}
}
