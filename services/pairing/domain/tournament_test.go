package domain

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

func fold(t *testing.T, tr *Tournament, evs []events.Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if err := tr.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
}

func withPlayers(t *testing.T, n int) *Tournament {
	t.Helper()
	tr := &Tournament{}
	evs, err := tr.Create(events.TournamentCreated{Name: "Test"})
	fold(t, tr, evs, err)
	for i := 1; i <= n; i++ {
		evs, err := tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i)})
		fold(t, tr, evs, err)
	}
	return tr
}

func TestCreateAndRegister(t *testing.T) {
	for _, tt := range []struct {
		name string
		c    events.TournamentCreated
		kind error
	}{
		{"no name", events.TournamentCreated{}, ErrInvalid},
		{"swiss", events.TournamentCreated{Name: "x", System: "swiss-dutch"}, ErrInvalid},
		{"bad control", events.TournamentCreated{Name: "x", TimeControl: "soon"}, ErrInvalid},
		{"bad laws", events.TournamentCreated{Name: "x", LawsProfile: "fide-1900"}, ErrInvalid},
		{"ok", events.TournamentCreated{Name: "x"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := (&Tournament{}).Create(tt.c)
			if tt.kind == nil && err != nil || tt.kind != nil && !errors.Is(err, tt.kind) {
				t.Fatalf("err %v, want %v", err, tt.kind)
			}
		})
	}
	tr := withPlayers(t, 2)
	for _, p := range []events.PlayerRegistered{{PlayerID: "p1", Name: "x"}, {PlayerID: "a b", Name: "x"}, {PlayerID: "p9"}} {
		if _, err := tr.Register(p); err == nil {
			t.Errorf("registered %+v", p)
		}
	}
}

func TestRoundsAndStandings(t *testing.T) {
	tr := withPlayers(t, 5) // odd: a bye each round, 5 rounds
	if tr.TotalRounds() != 5 {
		t.Fatalf("%d rounds for 5 players", tr.TotalRounds())
	}
	results := map[string]events.Result{}
	byes := map[string]int{}
	for round := 1; round <= 5; round++ {
		evs, err := tr.PairNextAfter("t", results)
		fold(t, tr, evs, err)
		rp := tr.Rounds[round-1]
		if len(rp.Pairings) != 2 || len(rp.Byes) != 1 || rp.InputHash == "" {
			t.Fatalf("round %d: %+v", round, rp)
		}
		byes[rp.Byes[0].PlayerID]++
		if _, err := tr.PairNextAfter("t", results); !errors.Is(err, ErrState) {
			t.Fatalf("paired again before closing: %v", err)
		}
		if _, err := tr.Close(round, results); !errors.Is(err, ErrState) {
			t.Fatalf("closed with games going on: %v", err)
		}
		for _, p := range rp.Pairings {
			results[p.GameID] = "1-0"
		}
		evs, err = tr.Close(round, results)
		fold(t, tr, evs, err)
	}
	if !tr.Done || len(byes) != 5 {
		t.Fatalf("done %v, byes %v", tr.Done, byes)
	}
	st := tr.Standings(results)
	total := 0.0
	for i, s := range st {
		total += s.Points
		if i > 0 && (s.Points > st[i-1].Points || s.Points == st[i-1].Points && s.Rank != st[i-1].Rank) {
			t.Errorf("standings out of order: %+v", st)
		}
	}
	if total != 10+5 { // 10 games won, 5 byes of 1 point
		t.Errorf("total %v", total)
	}
}

// TestSwiss pairs a 7-player, 4-round Swiss with the Dutch engine: nobody
// meets the same opponent twice, nobody gets two byes, and the top seed
// (by rating) is on board 1 in round 1.
func TestSwiss(t *testing.T) {
	tr := &Tournament{}
	evs, err := tr.Create(events.TournamentCreated{Name: "Open", System: "swiss-dutch", Rounds: 4})
	fold(t, tr, evs, err)
	for i := 1; i <= 7; i++ {
		evs, err := tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Rating: 1500 + 100*i})
		fold(t, tr, evs, err)
	}
	if _, err := (&Tournament{}).Create(events.TournamentCreated{Name: "x", System: "swiss-dutch"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a Swiss without rounds: %v", err)
	}
	results := map[string]events.Result{}
	met := map[string]bool{}
	byes := map[string]int{}
	for round := 1; round <= 4; round++ {
		evs, err := tr.PairNextAfter("t", results)
		fold(t, tr, evs, err)
		rp := tr.Rounds[round-1]
		if len(rp.Pairings) != 3 || len(rp.Byes) != 1 || rp.Engine != "dutch" {
			t.Fatalf("round %d: %+v", round, rp)
		}
		if round == 1 && rp.Pairings[0].White != "p7" && rp.Pairings[0].Black != "p7" {
			t.Errorf("round 1 board 1: %+v", rp.Pairings[0])
		}
		for i, p := range rp.Pairings {
			if met[p.White+p.Black] {
				t.Errorf("round %d: %s and %s meet again", round, p.White, p.Black)
			}
			met[p.White+p.Black], met[p.Black+p.White] = true, true
			results[p.GameID] = []events.Result{"1-0", "0-1", "1/2-1/2"}[(i+round)%3]
		}
		byes[rp.Byes[0].PlayerID]++
		evs, err = tr.Close(round, results)
		fold(t, tr, evs, err)
	}
	for p, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes", p, n)
		}
	}
	if !tr.Done {
		t.Error("not finished after 4 rounds")
	}
}

func TestSwissRoundsWithinPlayers(t *testing.T) {
	for _, tc := range []struct {
		players, rounds int
		ok              bool
	}{{4, 3, true}, {4, 4, false}, {5, 5, true}, {5, 6, false}, {2, 1, true}, {2, 2, false}, {2, 99, false}} {
		tr := &Tournament{}
		evs, err := tr.Create(events.TournamentCreated{Name: "Swiss", System: "swiss-dutch", Rounds: tc.rounds})
		if err != nil {
			t.Fatal(err)
		}
		fold(t, tr, evs, nil)
		for i := 0; i < tc.players; i++ {
			evs, err := tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprintf("p%d", i+1), Name: fmt.Sprintf("P %d", i+1), Rating: 2000 - 10*i})
			if err != nil {
				t.Fatal(err)
			}
			fold(t, tr, evs, nil)
		}
		_, err = tr.PairNextAfter("t1", nil)
		if tc.ok != (err == nil) {
			t.Errorf("%d players, %d rounds: PairNextAfter error %v, want ok %v", tc.players, tc.rounds, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrState) {
			t.Errorf("%d players, %d rounds: %v is not a tournament_state refusal", tc.players, tc.rounds, err)
		}
	}
	if _, err := (&Tournament{}).Create(events.TournamentCreated{Name: "Swiss", System: "swiss-dutch", Rounds: 100}); !errors.Is(err, ErrInvalid) {
		t.Errorf("100 rounds: %v, want invalid", err)
	}
}

func TestDeleteBeforeRoundOne(t *testing.T) {
	tr := &Tournament{}
	evs, err := tr.Create(events.TournamentCreated{Name: "Mistake", System: "round-robin"})
	fold(t, tr, evs, err)
	for _, id := range []string{"a", "b"} {
		evs, err := tr.Register(events.PlayerRegistered{PlayerID: id, Name: id})
		fold(t, tr, evs, err)
	}
	if _, err := tr.Delete(events.TournamentDeleted{}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("deletion without a reason: %v, want invalid", err)
	}
	paired := *tr
	evs, err = paired.PairNext("t")
	fold(t, &paired, evs, err)
	if _, err := paired.Delete(events.TournamentDeleted{Reason: "x"}); !errors.Is(err, ErrState) {
		t.Fatalf("deletion after round 1: %v, want a tournament_state refusal", err)
	}
	evs, err = tr.Delete(events.TournamentDeleted{Reason: "created twice"})
	fold(t, tr, evs, err)
	if tr.Exists() {
		t.Fatal("a deleted tournament still exists")
	}
	if _, err := tr.Register(events.PlayerRegistered{PlayerID: "c", Name: "c"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("registration after deletion: %v, want not found", err)
	}
	if _, err := tr.PairNext("t"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("pairing after deletion: %v, want not found", err)
	}
	if _, err := tr.Delete(events.TournamentDeleted{Reason: "again"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second deletion: %v, want not found", err)
	}
}
