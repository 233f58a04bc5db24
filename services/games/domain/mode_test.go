package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestModeFromTheControl: a game's mode is taken from its time control by
// FIDE's definitions (2023 A.1, B.1: the time for 60 moves counting the
// increments), unless named; the 2023 profile follows it, the 1997 one
// plays every mode under its standard rules; a blitz game takes no
// quickplay finish (Guidelines III.2.2) and an unknown mode is refused.
func TestModeFromTheControl(t *testing.T) {
	for _, tt := range []struct {
		control, mode, want string
	}{
		{"5400+30", "", "standard"}, {"40/5400+30:1800+30", "", "standard"}, {"3600", "", "standard"},
		{"900+10", "", "rapid"}, {"600+5", "", "rapid"}, {"1500", "", "rapid"},
		{"600", "", "blitz"}, {"180+2", "", "blitz"}, {"", "", "standard"},
		{"600", "standard", "standard"}, {"5400", "blitz", "blitz"},
	} {
		var g Game
		evs, err := g.Create(events.GameCreated{White: "w", Black: "b", TimeControl: tt.control, Mode: tt.mode})
		if err != nil {
			t.Fatalf("%q mode %q: %v", tt.control, tt.mode, err)
		}
		c := evs[0].(events.GameCreated)
		if c.Mode != tt.want {
			t.Errorf("%q mode %q: created as %q, want %q", tt.control, tt.mode, c.Mode, tt.want)
		}
		if err := g.Apply(c); err != nil {
			t.Fatal(err)
		}
		if g.Profile().Mode.String() != tt.want {
			t.Errorf("%q: profile mode %s", tt.control, g.Profile().Mode)
		}
	}
	var g Game
	if evs, err := g.Create(events.GameCreated{White: "w", Black: "b", TimeControl: "600", LawsProfile: "fide-1997"}); err != nil {
		t.Fatal(err)
	} else if err := g.Apply(evs[0]); err != nil || g.Profile().Mode != laws.Standard || evs[0].(events.GameCreated).Mode != "blitz" {
		t.Errorf("1997 blitz game: %v, profile mode %s", err, g.Profile().Mode)
	}
	var h Game
	if _, err := h.Create(events.GameCreated{White: "w", Black: "b", TimeControl: "600", QuickplayFinish: true}); !errors.Is(err, refusal.ErrInvalid) {
		t.Errorf("2023 blitz game with a quickplay finish: %v", err)
	}
	if _, err := h.Create(events.GameCreated{White: "w", Black: "b", Mode: "bullet"}); !errors.Is(err, refusal.ErrInvalid) {
		t.Errorf("mode bullet: %v", err)
	}
	// A game recorded before modes were is a standard game.
	var old Game
	if err := old.Apply(events.GameCreated{White: "w", Black: "b", TimeControl: "600"}); err != nil || old.Profile().Mode != laws.Standard {
		t.Errorf("old game: %v %s", err, old.Profile().Mode)
	}
}

// TestNoGameFromADeadPosition: a game from a dead position (K v K, K+N v
// K) is refused, citing 9.6 (fide-1997) or 5.2.2 (fide-2023).
func TestNoGameFromADeadPosition(t *testing.T) {
	for _, tt := range []struct{ profile, fen, article string }{
		{"fide-1997", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "9.6"},
		{"fide-2023", "4k3/8/8/8/8/8/8/3NK3 b - - 0 1", "5.2.2"},
	} {
		var g Game
		_, err := g.Create(events.GameCreated{White: "w", Black: "b", LawsProfile: tt.profile, StartFEN: tt.fen})
		if !errors.Is(err, refusal.ErrInvalid) || !strings.Contains(err.Error(), tt.profile+" "+tt.article) {
			t.Errorf("%s %s: %v", tt.profile, tt.fen, err)
		}
	}
}

// TestSupervised: a rapid or blitz game the arbiter fully supervises
// (2023 A.4, B.3) is played under the Competition Rules, not A.5; a
// standard game or a 1997 one cannot be said so.
func TestSupervised(t *testing.T) {
	for _, tt := range []struct {
		control, profile string
		ok               bool
	}{
		{"900+10", "", true}, {"180+2", "", true}, {"5400+30", "", false}, {"900+10", "fide-1997", false},
	} {
		var g Game
		evs, err := g.Create(events.GameCreated{White: "w", Black: "b", TimeControl: tt.control, LawsProfile: tt.profile, Supervised: true})
		if !tt.ok {
			if !errors.Is(err, refusal.ErrInvalid) || !strings.Contains(err.Error(), "supervised") {
				t.Errorf("%s %s supervised: %v, want refused naming the field", tt.control, tt.profile, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(evs[0]); err != nil || !g.Profile().Supervised {
			t.Errorf("%s: %v, supervised %v", tt.control, err, g.Profile().Supervised)
		}
	}
}
