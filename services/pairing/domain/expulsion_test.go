package domain

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

func TestExpelRefused(t *testing.T) {
	tr := swiss(t, 4, 3)
	evs, err := tr.Expel(events.PlayerExpelled{PlayerID: "p2", Reason: "phone rang twice"})
	fold(t, tr, evs, err)
	for _, tt := range []struct {
		name string
		e    events.PlayerExpelled
		kind error
	}{
		{"unknown player", events.PlayerExpelled{PlayerID: "p9", Reason: "x"}, ErrNotFound},
		{"no reason", events.PlayerExpelled{PlayerID: "p1", Reason: "  "}, ErrInvalid},
		{"twice", events.PlayerExpelled{PlayerID: "p2", Reason: "again"}, ErrExists},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tr.Expel(tt.e); !errors.Is(err, tt.kind) {
				t.Fatalf("err %v, want %v", err, tt.kind)
			}
		})
	}
	if _, err := tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p2"}); !errors.Is(err, ErrState) {
		t.Errorf("withdrawing an expelled player: %v", err)
	}
	if _, err := tr.RequestBye(events.ByeRequested{PlayerID: "p2", Round: 2}); !errors.Is(err, ErrState) {
		t.Errorf("a bye for an expelled player: %v", err)
	}
	if got := tr.Expelled[0]; got.Article != "12.9" || got.FromRound != 1 {
		t.Errorf("expulsion folded as %+v (the 2023 profile's article on penalties, from round 1)", got)
	}
}

// TestExpelledNotPaired: a player expelled during round 1 plays no more
// round (Swiss and round robin), is absent in the next round's file
// ("0000 - Z") and the standings say "expelled".
func TestExpelledNotPaired(t *testing.T) {
	for _, system := range []string{"swiss-dutch", "round-robin"} {
		t.Run(system, func(t *testing.T) {
			tr := swiss(t, 4, 3)
			tr.Created.System = system
			evs, err := tr.PairNextAfter("T", nil)
			fold(t, tr, evs, err)
			results := map[string]events.Result{}
			for _, p := range tr.Rounds[0].Pairings {
				results[p.GameID] = "1/2-1/2"
			}
			evs, err = tr.Expel(events.PlayerExpelled{PlayerID: "p3", Article: "12.9.9", Reason: "cheating"})
			fold(t, tr, evs, err)
			evs, err = tr.Close(1, results)
			fold(t, tr, evs, err)
			for _, s := range tr.Standings(results) {
				if want := map[bool]string{true: "expelled"}[s.PlayerID == "p3"]; s.Status != want {
					t.Errorf("standings: %+v", s)
				}
			}
			input, err := tr.PairingInput(results)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for i, idx := range tr.StartNumbers() {
				if tr.Players[idx].PlayerID == "p3" {
					n = i + 1
				}
			}
			f, err := tr.File(results)
			if err != nil {
				t.Fatal(err)
			}
			if e := f.ByStartNo(n).Round(2); e.Opponent != 0 || e.Result != 'Z' {
				t.Errorf("p3 in round 2 of the file: %+v\n%s", e, input)
			}
			for r := 2; r <= 3; r++ {
				evs, err = tr.PairNextAfter("T", results)
				fold(t, tr, evs, err)
				rp := evs[0].(events.RoundPaired)
				if opp, by := pairedIn(rp, "p3"); opp != "" || by == nil || by.Kind != "absent" || by.Points != 0 {
					t.Fatalf("round %d: p3 %q %+v", r, opp, by)
				}
				for _, p := range rp.Pairings {
					results[p.GameID] = "1-0"
				}
				evs, err = tr.Close(r, results)
				fold(t, tr, evs, err)
			}
		})
	}
}

// TestExcludeFromRounds: an exclusion from rounds (2023 12.9.8) leaves the
// player out of those rounds only, absent with no points, in a Swiss and
// a round robin; what it cannot do is refused, and fide-1997 has none.
func TestExcludeFromRounds(t *testing.T) {
	for _, system := range []string{"swiss-dutch", "round-robin"} {
		t.Run(system, func(t *testing.T) {
			tr := swiss(t, 4, 3)
			tr.Created.System = system
			evs, err := tr.PairNextAfter("T", nil)
			fold(t, tr, evs, err)
			for _, tt := range []struct {
				name string
				e    events.PlayerExcluded
				kind error
			}{
				{"unknown player", events.PlayerExcluded{PlayerID: "p9", Rounds: []int{2}, Reason: "x"}, ErrNotFound},
				{"no rounds", events.PlayerExcluded{PlayerID: "p1", Reason: "x"}, ErrInvalid},
				{"a round paired", events.PlayerExcluded{PlayerID: "p1", Rounds: []int{1, 2}, Reason: "x"}, ErrState},
				{"after the last round", events.PlayerExcluded{PlayerID: "p1", Rounds: []int{4}, Reason: "x"}, ErrInvalid},
				{"a round twice", events.PlayerExcluded{PlayerID: "p1", Rounds: []int{2, 2}, Reason: "x"}, ErrInvalid},
				{"no reason", events.PlayerExcluded{PlayerID: "p1", Rounds: []int{2}, Reason: " "}, ErrInvalid},
			} {
				t.Run(tt.name, func(t *testing.T) {
					if _, err := tr.Exclude(tt.e); !errors.Is(err, tt.kind) {
						t.Fatalf("err %v, want %v", err, tt.kind)
					}
				})
			}
			evs, err = tr.Exclude(events.PlayerExcluded{PlayerID: "p3", Rounds: []int{3, 2}, Reason: " phone "})
			fold(t, tr, evs, err)
			if got := tr.Excluded[0]; got.Article != "12.9.8" || len(got.Rounds) != 2 || got.Rounds[0] != 2 || got.Reason != "phone" {
				t.Errorf("exclusion folded as %+v (12.9.8, rounds in order, the reason trimmed)", got)
			}
			if _, err := tr.Exclude(events.PlayerExcluded{PlayerID: "p3", Rounds: []int{3}, Reason: "again"}); !errors.Is(err, ErrExists) {
				t.Errorf("excluded twice from round 3: %v", err)
			}
			for round, want := range map[int]bool{1: false, 2: true, 3: true} {
				if by, ok := tr.Absences(round)["p3"]; ok != want || ok && (by.Kind != "absent" || by.Points != 0) {
					t.Errorf("round %d: p3's absence %+v (%v), want %v, absent with no points", round, by, ok, want)
				}
			}
			if tr.Status("p3", 3) != "" {
				t.Errorf("an excluded player is neither withdrawn nor expelled")
			}
		})
	}
	old := swiss(t, 4, 3)
	old.Created.LawsProfile = "fide-1997"
	if _, err := old.Exclude(events.PlayerExcluded{PlayerID: "p1", Rounds: []int{2}, Reason: "x"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("fide-1997 exclusion: %v", err)
	}
}

// TestExcludeOnPenalty: an exclusion imposed in a game (2023 12.9.8) and
// recorded once some of its rounds are paired excludes the player from
// the rounds still to pair, names the others in the reason, and is an
// event Exclude re-decides the same way (the audit's check); with every
// round paired it is refused, nothing recorded.
func TestExcludeOnPenalty(t *testing.T) {
	tr := swiss(t, 4, 3)
	evs, err := tr.PairNextAfter("T", nil)
	fold(t, tr, evs, err)
	evs, err = tr.ExcludeOnPenalty(events.PlayerExcluded{PlayerID: "p3", Rounds: []int{2, 1, 3}, Article: "12.9.8", Reason: "phone"})
	if err != nil || len(evs) != 1 {
		t.Fatalf("exclusion on penalty: %v %v", evs, err)
	}
	e := evs[0].(events.PlayerExcluded)
	if len(e.Rounds) != 2 || e.Rounds[0] != 2 || e.Rounds[1] != 3 || e.Reason != "phone (round 1 already paired when recorded)" {
		t.Errorf("recorded %+v, want rounds 2 and 3, round 1 named", e)
	}
	if again, err := tr.Exclude(e); err != nil || len(again) != 1 || again[0].(events.PlayerExcluded).Reason != e.Reason {
		t.Errorf("Exclude re-decides %v %v", again, err)
	}
	fold(t, tr, evs, err)
	if _, ok := tr.Absences(2)["p3"]; !ok {
		t.Errorf("p3 is paired in round 2")
	}
	if _, err := tr.ExcludeOnPenalty(events.PlayerExcluded{PlayerID: "p1", Rounds: []int{1}, Reason: "x"}); !errors.Is(err, ErrState) {
		t.Errorf("every round paired: %v", err)
	}
}
