package domain

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestInitialColour: the colour drawn for start number 1 in round 1 (C.04.3
// initial-colour) is white or black, a Dutch Swiss's only; black gives the
// top seed Black on board 1, and the report carries it as XXC black1.
func TestInitialColour(t *testing.T) {
	for _, tt := range []struct {
		name   string
		c      events.TournamentCreated
		refuse bool
		white1 bool
	}{
		{"not drawn", events.TournamentCreated{Name: "x", System: "swiss-dutch", Rounds: 3}, false, true},
		{"white", events.TournamentCreated{Name: "x", System: "swiss-dutch", Rounds: 3, InitialColour: "white"}, false, true},
		{"black", events.TournamentCreated{Name: "x", System: "swiss-dutch", Rounds: 3, InitialColour: "black"}, false, false},
		{"a colour misspelt", events.TournamentCreated{Name: "x", System: "swiss-dutch", Rounds: 3, InitialColour: "Black"}, true, false},
		{"a round robin", events.TournamentCreated{Name: "x", System: "round-robin", InitialColour: "black"}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tr := &Tournament{}
			evs, err := tr.Create(tt.c)
			if tt.refuse {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("created: %v", err)
				}
				return
			}
			fold(t, tr, evs, err)
			for i := 1; i <= 4; i++ {
				evs, err := tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Rating: 2000 - 10*i})
				fold(t, tr, evs, err)
			}
			evs, err = tr.PairNextAfter("t", map[string]events.Result{})
			fold(t, tr, evs, err)
			if b := tr.Rounds[0].Pairings[0]; (b.White == "p1") != tt.white1 {
				t.Errorf("board 1 %+v, want p1 white %v", b, tt.white1)
			}
			f, err := tr.File(map[string]events.Result{})
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]string{true: "w", false: "b"}[tt.white1]; string(f.InitialColor) != want {
				t.Errorf("report's initial colour %q, want %q", f.InitialColor, want)
			}
		})
	}
}
