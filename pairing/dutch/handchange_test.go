package dutch

import (
	"errors"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/sim"
)

// handRound plays four rounds of a 20-player event and returns the
// tournament before round 5 with the engine's pairing of it.
func handRound(t *testing.T) (*pairing.Tournament, []pairing.Board) {
	t.Helper()
	c := sim.Config{Seed: 7, Players: 20, Rounds: 4}
	tm, err := sim.Run(c, simPairer)
	if err != nil {
		t.Fatal(err)
	}
	tm.File.TotalRounds = 7
	tt, err := pairing.FromTRF(tm.File)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Pair(tt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tt, res.Boards
}

func breachLabels(r *HandReport) []string {
	var out []string
	for _, b := range r.Breaches {
		out = append(out, b.Criterion)
	}
	return out
}

func has(r *HandReport, criterion string, players ...int) bool {
	for _, b := range r.Breaches {
		if b.Criterion != criterion {
			continue
		}
		ok := true
		for _, p := range players {
			found := false
			for _, q := range b.Players {
				found = found || q == p
			}
			ok = ok && found
		}
		if ok {
			return true
		}
	}
	return false
}

func TestHandChangeIdentical(t *testing.T) {
	tt, boards := handRound(t)
	r, err := HandChange(tt, boards, boards)
	if err != nil {
		t.Fatal(err)
	}
	if r.Changed() || len(r.Breaches) != 0 {
		t.Fatalf("the engine's own pairing: changed %v, breaches %v", r.Changed(), r.Breaches)
	}
	if got := r.Comment(); got != "### round 5: manual pairing identical to the engine's" {
		t.Fatalf("comment %q", got)
	}
}

func TestHandChangeColoursExchanged(t *testing.T) {
	tt, boards := handRound(t)
	hand := append([]pairing.Board(nil), boards...)
	hand[0] = pairing.Board{White: boards[0].Black, Black: boards[0].White}
	r, err := HandChange(tt, boards, hand)
	if err != nil {
		t.Fatal(err)
	}
	if !has(r, "E", boards[0].White, boards[0].Black) {
		t.Fatalf("colours exchanged on board 1 (%v): breaches %v", boards[0], r.Breaches)
	}
	c := r.Comment()
	if !strings.HasPrefix(c, "### round 5: manual pairing: engine ") || !strings.Contains(c, "breaks") || strings.Contains(c, "\n") {
		t.Fatalf("comment %q", c)
	}
}

func TestHandChangeRematch(t *testing.T) {
	tt, boards := handRound(t)
	// Pair board 1's white with his round-1 opponent, their partners together.
	a := boards[0].White
	var opp int
	for _, p := range tt.Players {
		if p.StartNo == a {
			opp = tt.Players[p.Games[0].Opponent].StartNo
		}
	}
	hand := append([]pairing.Board(nil), boards...)
	for i, b := range boards {
		if i == 0 || (b.White != opp && b.Black != opp) {
			continue
		}
		other := b.White
		if other == opp {
			other = b.Black
		}
		hand[0] = pairing.Board{White: a, Black: opp}
		hand[i] = pairing.Board{White: boards[0].Black, Black: other}
	}
	if hand[0].Black != opp {
		t.Fatalf("round-1 opponent %d of %d not found on another board of %v", opp, a, boards)
	}
	r, err := HandChange(tt, boards, hand)
	if err != nil {
		t.Fatal(err)
	}
	if !has(r, "C1", a, opp) {
		t.Fatalf("rematch %d-%d: breaches %v", a, opp, breachLabels(r))
	}
	t.Log(r.Comment())
	if len(r.Removed) != 2 || len(r.Added) != 2 {
		t.Fatalf("removed %v added %v, want two boards each", r.Removed, r.Added)
	}
}

func TestHandChangeRefusesUnplayable(t *testing.T) {
	tt, boards := handRound(t)
	twice := append([]pairing.Board(nil), boards...)
	twice[1] = pairing.Board{White: boards[0].White, Black: boards[1].Black}
	tests := map[string][]pairing.Board{
		"paired twice":   twice,
		"player missing": boards[1:],
		"unknown player": append(append([]pairing.Board(nil), boards[1:]...), pairing.Board{White: boards[0].White, Black: 99}),
		"unneeded bye":   append(append([]pairing.Board(nil), boards[1:]...), pairing.Board{White: boards[0].White}, pairing.Board{White: boards[0].Black}),
	}
	for name, hand := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := HandChange(tt, boards, hand)
			var ie *pairing.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v, want an InputError", err)
			}
		})
	}
}
