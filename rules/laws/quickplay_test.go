package laws

import (
	"errors"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// TestQuickplayAdmissible: the machine-decidable conditions of a
// quickplay-finish claim (2023 III.2, III.5; 1997 10.1, 10.2), before the
// arbiter's judgement.
func TestQuickplayAdmissible(t *testing.T) {
	mate := game(t, "", "f3", "e5", "g4", "Qh4#")
	tests := []struct {
		name     string
		profile  string
		announce bool
		g        *rules.Game
		white    time.Duration
		last     bool
		added    bool
		claimant rules.Color
		want     error
	}{
		{"2023 under two minutes", "fide-2023", true, nil, 119 * time.Second, true, false, rules.White, nil},
		{"1997 under two minutes", "fide-1997", true, nil, time.Second, true, false, rules.White, nil},
		{"not announced", "fide-2023", false, nil, time.Minute, true, false, rules.White, ErrNotApplicable},
		{"exactly two minutes", "fide-2023", true, nil, 2 * time.Minute, true, false, rules.White, ErrNotApplicable},
		{"flag down", "fide-1997", true, nil, 0, true, false, rules.White, ErrNotApplicable},
		{"not the last period", "fide-2023", true, nil, time.Minute, false, false, rules.White, ErrNotApplicable},
		{"increment", "fide-2023", true, nil, time.Minute, true, true, rules.White, ErrNotApplicable},
		{"game over", "fide-2023", true, mate, time.Minute, true, false, rules.White, ErrGameOver},
		{"no such colour", "fide-2023", true, nil, time.Minute, true, false, rules.Color(7), ErrBadInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := profile(t, tt.profile).WithQuickplayFinish(tt.announce)
			if err != nil {
				t.Fatal(err)
			}
			g := tt.g
			if g == nil {
				g = game(t, "", "e4", "e5")
			}
			s := sit(g, tt.white, 10*time.Minute)
			s.LastPeriod, s.TimeAddedPerMove = tt.last, tt.added
			err = p.QuickplayAdmissible(s, tt.claimant)
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			// the claim itself is refused for the same reason
			if _, cerr := p.QuickplayClaim(s, tt.claimant, JudgeDraw, false); (cerr == nil) != (err == nil) {
				t.Errorf("QuickplayClaim: %v, QuickplayAdmissible: %v", cerr, err)
			}
		})
	}
	if err := profile(t, "fide-2023").QuickplayAdmissible(Situation{}, rules.White); !errors.Is(err, ErrNoGame) {
		t.Errorf("no game: %v", err)
	}
}
