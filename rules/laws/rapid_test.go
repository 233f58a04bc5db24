package laws

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// TestLaws2023_A_5_3_FlagClaim: a claim of a win on time in rapid (and in
// blitz, B.3) the arbiter does not fully supervise rests on A.5.3: the
// claimant wins, or draws when he cannot checkmate; with the opponent's
// flag up, or both down, the claim is not valid; the game over, none.
// Supervised, in standard play and under 1997 the same claim is 6.8's
// valid claim ruled by 6.9.
func TestLaws2023_A_5_3_FlagClaim(t *testing.T) {
	p := profile(t, "fide-2023")
	rapid, _ := p.WithMode(Rapid)
	blitz, _ := p.WithMode(Blitz)
	open := game(t, "", "e4", "e5")
	lone := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1") // Black cannot mate
	for _, c := range []struct {
		name     string
		p        Profile
		g        *rules.Game
		white    time.Duration
		black    time.Duration
		claimant rules.Color
		article  string
		result   Result
		see      []string
		err      error
	}{
		{"rapid: black's flag down, white wins", rapid, open, minute, 0, rules.White, "A.5.3", WhiteWins, []string{"6.8", "6.9"}, nil},
		{"blitz: white's flag down, black wins", blitz, open, 0, minute, rules.Black, "A.5.3", BlackWins, []string{"6.8", "6.9", "B.3"}, nil},
		{"rapid: the claimant cannot mate, draw", rapid, lone, 0, minute, rules.Black, "A.5.3", Draw, []string{"6.8", "6.9"}, nil},
		{"rapid: the claimant mates, wins", rapid, lone, minute, 0, rules.White, "A.5.3", WhiteWins, []string{"6.8", "6.9"}, nil},
		{"rapid supervised: 6.9", rapid.WithSupervised(true), open, minute, 0, rules.White, "6.9", WhiteWins, []string{"6.8"}, nil},
		{"standard: 6.9", p, open, minute, 0, rules.White, "6.9", WhiteWins, []string{"6.8"}, nil},
		{"1997: 6.9", profile(t, "fide-1997"), open, minute, 0, rules.White, "6.9", WhiteWins, []string{"6.8"}, nil},
		{"the opponent's flag is up", rapid, open, minute, minute, rules.White, "A.5.3", Continue, nil, ErrNotApplicable},
		{"both flags down", rapid, open, 0, 0, rules.White, "A.5.3", Continue, nil, ErrNotApplicable},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := sit(c.g, c.white, c.black)
			r, err := c.p.FlagClaim(s, c.claimant)
			if c.err != nil {
				expectErr(t, err, c.err)
				if err == nil || !strings.Contains(err.Error(), "("+c.article+")") {
					t.Errorf("refusal %v does not name %s", err, c.article)
				}
				return
			}
			expect(t, r, err, c.article, c.result)
			if !slices.Equal(r.See, c.see) || !strings.HasPrefix(r.Explanation, c.claimant.String()+" claims a win on time") {
				t.Errorf("see %v, explanation %q", r.See, r.Explanation)
			}
		})
	}
	over := sit(open, minute, 0)
	over.Result = WhiteWins
	_, err := rapid.FlagClaim(over, rules.White)
	expectErr(t, err, ErrGameOver)
}

// TestLaws2023_A_5_4_IllegalPosition: in rapid (and blitz, B.3) the
// arbiter does not fully supervise, an illegal position observed lets the
// game go on until the next move is completed; still on the board then,
// the game is drawn. Anywhere else it is an illegal move's matter (7.5.1;
// 1997 7.4), not this article.
func TestLaws2023_A_5_4_IllegalPosition(t *testing.T) {
	p := profile(t, "fide-2023")
	rapid, _ := p.WithMode(Rapid)
	blitz, _ := p.WithMode(Blitz)
	s := sit(game(t, "", "e4", "e5"), minute, minute)
	for _, c := range []struct {
		name   string
		p      Profile
		rep    IllegalPositionReport
		result Result
		see    []string
	}{
		{"rapid: wait for the next move", rapid, IllegalPositionReport{Kind: BothKingsInCheck}, Continue, nil},
		{"rapid: still there, draw", rapid, IllegalPositionReport{Kind: BothKingsInCheck, NextMoveCompleted: true}, Draw, nil},
		{"blitz: a pawn on the last rank, still there", blitz, IllegalPositionReport{Kind: PawnOnLastRank, NextMoveCompleted: true}, Draw, []string{"B.3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := c.p.IllegalPosition(s, c.rep)
			expect(t, r, err, "A.5.4", c.result)
			if !slices.Equal(r.See, c.see) {
				t.Errorf("see %v, want %v", r.See, c.see)
			}
		})
	}
	for _, c := range []struct {
		p       Profile
		article string
	}{{p, "7.5.1"}, {rapid.WithSupervised(true), "7.5.1"}, {profile(t, "fide-1997"), "7.4"}} {
		_, err := c.p.IllegalPosition(s, IllegalPositionReport{Kind: BothKingsInCheck, NextMoveCompleted: true})
		if !errors.Is(err, ErrNotInProfile) || !strings.Contains(err.Error(), "("+c.article+")") {
			t.Errorf("%s %s: %v, want ErrNotInProfile naming %s", c.p.Name, c.p.Mode, err, c.article)
		}
	}
	_, err := rapid.IllegalPosition(s, IllegalPositionReport{Kind: 9})
	expectErr(t, err, ErrBadInput)
	if k, err := ParseIllegalPosition("pawn_on_last_rank"); k != PawnOnLastRank || err != nil {
		t.Errorf("parse: %v %v", k, err)
	}
	if _, err := ParseIllegalPosition("kings"); !errors.Is(err, ErrBadInput) {
		t.Errorf("parse kings: %v", err)
	}
}

// TestLaws2023_A_5_5_FlagCalled: the flag the arbiter observes (the clock
// watcher) in rapid he does not fully supervise cites A.5.5 beside 6.9.
func TestLaws2023_A_5_5_FlagCalled(t *testing.T) {
	rapid, _ := profile(t, "fide-2023").WithMode(Rapid)
	s := sit(game(t, "", "e4", "e5"), 0, minute)
	r, err := rapid.FlagFall(s, rules.White)
	expect(t, r, err, "6.9", BlackWins)
	if !slices.Equal(r.See, []string{"A.5.5"}) {
		t.Errorf("see %v, want A.5.5", r.See)
	}
	r, err = rapid.WithSupervised(true).FlagFall(s, rules.White)
	expect(t, r, err, "6.9", BlackWins)
	if len(r.See) != 0 {
		t.Errorf("supervised: see %v", r.See)
	}
}
