package domain

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// FuzzMove: any text as a move, by any player, in any position reached by
// legal moves, is either a legal move or a refusal with a reason; never a
// panic, never an event that does not fold.
func FuzzMove(f *testing.F) {
	for _, s := range []string{"e4", "e2e4", "Nf3", "O-O", "0-0-0", "e8=Q", "e7e8q", "exd6 e.p.", "Qh4#", "", "zz", "a1a1", "Kxe8", "e2e4e5", "♘f3"} {
		f.Add("w1", s, "e4 e5")
	}
	f.Add("b1", "e5", "")
	f.Fuzz(func(t *testing.T, player, notation, before string) {
		g := &Game{}
		evs, err := g.Create(events.GameCreated{White: "w1", Black: "b1"})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		// reach a position with the moves of before that are legal
		for _, w := range splitFields(before) {
			p := "w1"
			if pos := g.Position(); pos.Turn() == 1 {
				p = "b1"
			}
			if evs, err := g.Move(p, w, at); err == nil {
				for _, e := range evs {
					if err := g.Apply(e); err != nil {
						t.Fatalf("own event %s does not fold: %v", e.EventType(), err)
					}
				}
			}
		}
		evs, err = g.Move(player, notation, at)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Reason == "" {
				t.Fatalf("not a refusal with a reason: %v", err)
			}
			return
		}
		for _, e := range evs {
			if err := g.Apply(e); err != nil {
				t.Fatalf("accepted %q but its event does not fold: %v", notation, err)
			}
		}
	})
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if r == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	if len(out) > 40 {
		out = out[:40]
	}
	return out
}
