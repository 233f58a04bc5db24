package domain

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestTriedMove: folding the game.move_played that Move decided (taken
// from the move remembered with its position) leaves the game as a fold
// of the same events from the log does; an event for another move, or the
// same UCI in another position, is parsed and checked as any event read
// from the log.
func TestTriedMove(t *testing.T) {
	// the moves played, each through Move then folded into the deciding
	// game, and the same events folded into a fresh game
	line := []struct{ player, move string }{{"w1", "e4"}, {"b1", "e5"}, {"w1", "Nf3"}, {"b1", "Nc6"}, {"w1", "Bb5"}, {"b1", "a6"}, {"w1", "O-O"}}
	decided := newGame(t, std)
	var log []Event
	for _, mv := range line {
		evs, err := decided.Move(mv.player, mv.move, at)
		if err != nil {
			t.Fatalf("%s: %v", mv.move, err)
		}
		apply(t, decided, evs)
		log = append(log, evs...)
	}
	fresh := newGame(t, std)
	apply(t, fresh, log)
	if decided.Position() != fresh.Position() || !equalStrings(decided.SANs(), fresh.SANs()) || !equalStrings(decided.UCIs(), fresh.UCIs()) {
		t.Fatalf("decided game %v %v, fresh fold %v %v", decided.SANs(), decided.UCIs(), fresh.SANs(), fresh.UCIs())
	}

	tests := []struct {
		name    string
		event   events.MovePlayed
		wantSAN string
		wantErr bool
	}{
		{"the decided move", events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e4"}, "e4", false},
		{"another move than decided", events.MovePlayed{Ply: 1, By: events.White, UCI: "d2d4"}, "d4", false},
		{"an illegal move", events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e5"}, "", true},
		{"SAN only (version 1)", events.MovePlayed{Ply: 1, By: events.White, SAN: "Nf3"}, "Nf3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, std)
			if _, err := g.Move("w1", "e4", at); err != nil {
				t.Fatal(err)
			}
			err := g.Apply(tt.event)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && (g.Ply() != 1 || g.SANs()[0] != tt.wantSAN) {
				t.Fatalf("moves %v, want [%s]", g.SANs(), tt.wantSAN)
			}
		})
	}

	// the same UCI in another position, where its SAN differs: Move
	// decided f1b5 after 1. e4 e5 (Bb5); that memory, in a game at 1. e4
	// d6, must not give f1b5 its SAN there (Bb5+)
	one := newGame(t, std)
	apply(t, one, []Event{events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e4"}, events.MovePlayed{Ply: 2, By: events.Black, UCI: "e7e5"}})
	if evs, err := one.Move("w1", "Bb5", at); err != nil || evs[0].(*events.MovePlayed).SAN != "Bb5" {
		t.Fatalf("Bb5 after 1. e4 e5: %v %v", evs, err)
	}
	two := newGame(t, std)
	apply(t, two, []Event{events.MovePlayed{Ply: 1, By: events.White, UCI: "e2e4"}, events.MovePlayed{Ply: 2, By: events.Black, UCI: "d7d6"}})
	pos := one.Position() // Move leaves the game as it was, and remembers the move it tried there
	m, err := pos.ParseUCI("f1b5")
	if err != nil {
		t.Fatal(err)
	}
	two.Remember(pos, m, "f1b5", "Bb5")
	if err := two.Apply(events.MovePlayed{Ply: 3, By: events.White, UCI: "f1b5"}); err != nil {
		t.Fatal(err)
	}
	if got := two.SANs(); len(got) != 3 || got[2] != "Bb5+" {
		t.Fatalf("moves %v, want the check written (Bb5+)", got)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
