package laws

import (
	"testing"

	"github.com/hakem-chess/hakem/rules"
)

// TestBoardIncidents: the board placed the wrong way round, displaced
// pieces and an adjusted piece, under both profiles, each ruling citing
// its article.
func TestBoardIncidents(t *testing.T) {
	opening := []string{"e4", "e5", "Nf3"}
	for _, tc := range []struct {
		name, profile string
		rule          func(p Profile, s Situation) (Ruling, error)
		article       string
		see           []string
		adj           []Adjustment
		err           error
	}{
		{"orientation 1997", "fide-1997", func(p Profile, s Situation) (Ruling, error) { return p.WrongOrientation(s) }, "7.1b", nil, nil, nil},
		{"orientation 2023", "fide-2023", func(p Profile, s Situation) (Ruling, error) { return p.WrongOrientation(s) }, "7.2.2", nil, nil, nil},
		{"displaced 1997", "fide-1997", func(p Profile, s Situation) (Ruling, error) { return p.DisplacedPieces(s, rules.Black, nil) }, "7.3", nil, nil, nil},
		{"displaced 2023", "fide-2023", func(p Profile, s Situation) (Ruling, error) { return p.DisplacedPieces(s, rules.Black, nil) }, "7.4.1", nil, nil, nil},
		{"displaced 1997, clocks adjusted", "fide-1997", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.Black, &Penalty{Kind: TimeOff, Amount: minute})
		}, "7.4", []string{"6.13"}, []Adjustment{{Side: rules.Black, Kind: SubtractTime, Amount: minute}}, nil},
		{"displaced 2023, penalised", "fide-2023", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.Black, &Penalty{Kind: TimeToOpponent, Amount: 2 * minute})
		}, "7.4.3", []string{"12.9.2"}, []Adjustment{{Side: rules.White, Kind: AddTime, Amount: 2 * minute}}, nil},
		{"displaced 2023, warned", "fide-2023", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.White, &Penalty{Kind: Warning})
		}, "7.4.3", []string{"12.9.1"}, nil, nil},
		{"displaced 1997, no warning", "fide-1997", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.White, &Penalty{Kind: Warning})
		}, "", nil, nil, ErrNotInProfile},
		{"displaced 2023, no loss", "fide-2023", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.White, &Penalty{Kind: Loss})
		}, "", nil, nil, ErrNotInProfile},
		{"displaced, more time off than left", "fide-2023", func(p Profile, s Situation) (Ruling, error) {
			return p.DisplacedPieces(s, rules.White, &Penalty{Kind: TimeOff, Amount: 20 * minute})
		}, "", nil, nil, ErrBelowZero},
		{"adjusted 1997", "fide-1997", func(p Profile, s Situation) (Ruling, error) { return p.Adjusted(s) }, "4.2", nil, nil, nil},
		{"adjusted 2023", "fide-2023", func(p Profile, s Situation) (Ruling, error) { return p.Adjusted(s) }, "4.2.1", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := profile(t, tc.profile)
			r, err := tc.rule(p, sit(game(t, "", opening...), 10*minute, 10*minute))
			if tc.err != nil {
				expectErr(t, err, tc.err)
				return
			}
			expect(t, r, err, tc.article, Continue, tc.adj...)
			if len(r.See) != len(tc.see) || (len(tc.see) > 0 && r.See[0] != tc.see[0]) {
				t.Errorf("see %v, want %v", r.See, tc.see)
			}
			if r.Profile != tc.profile || r.Allowed != nil {
				t.Errorf("ruling %+v", r)
			}
		})
	}
}

// TestBoardIncidentsGameOver: none is ruled on once the game is over (a
// mate on the board).
func TestBoardIncidentsGameOver(t *testing.T) {
	p := profile(t, "fide-2023")
	s := sit(game(t, "", "f3", "e5", "g4", "Qh4#"), minute, minute)
	if _, err := p.WrongOrientation(s); err == nil {
		t.Error("orientation after mate")
	}
	_, err := p.DisplacedPieces(s, rules.White, nil)
	expectErr(t, err, ErrGameOver)
}

// TestOrientationRelaxed: in 2023 rapid without full supervision, after
// ten moves each no set-up claim can be made (A.5.1.2); play continues.
func TestOrientationRelaxed(t *testing.T) {
	p, err := profile(t, "fide-2023").WithMode(Rapid)
	if err != nil {
		t.Fatal(err)
	}
	ten := []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "O-O", "Nf6", "Nc3", "O-O", "h3", "h6", "a3", "a6", "Re1", "Re8", "Be3", "Be6"}
	r, err := p.WrongOrientation(sit(game(t, "", ten...), minute, minute))
	expect(t, r, err, "A.5.1.2", Continue)
	r, err = p.WrongOrientation(sit(game(t, "", ten[:19]...), minute, minute))
	expect(t, r, err, "7.2.2", Continue)
}

// TestTouchList: the touches' text reads back as written.
func TestTouchList(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
		err  error
	}{
		{[]string{"e2"}, "e2", nil},
		{[]string{"e1+h1"}, "e1+h1", nil},
		{[]string{"e2", "d7"}, "e2, d7", nil},
		{[]string{"e2, d7+d8"}, "e2, d7+d8", nil},
		{[]string{"z9"}, "", ErrBadInput},
		{nil, "", ErrNothingTouched},
		{[]string{"a1,a2,a3,a4,a5,a6,a7,a8,b1"}, "", ErrBadInput},
	} {
		ts, err := ParseTouchList(tc.in...)
		if tc.err != nil {
			expectErr(t, err, tc.err)
			continue
		}
		if err != nil || TouchList(ts) != tc.want {
			t.Errorf("%q: %q %v, want %q", tc.in, TouchList(ts), err, tc.want)
		}
		back, err := ParseTouchList(TouchList(ts))
		if err != nil || TouchList(back) != tc.want {
			t.Errorf("%q read back: %v %v", tc.want, back, err)
		}
	}
}

// TestScoreAfter: a game's score after its points penalties (2023 12.9.4,
// 12.9.5), in the order imposed.
func TestScoreAfter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		w, b   float64
		pens   []PointsPenalty
		ww, wb float64
	}{
		{"none", 1, 0, nil, 1, 0},
		{"12.9.5 the winner reduced by ½", 1, 0, []PointsPenalty{{rules.White, OffenderPointsReduced, 0.5}}, 0.5, 0},
		{"12.9.5 not below zero", 0.5, 0.5, []PointsPenalty{{rules.Black, OffenderPointsReduced, 1}}, 0.5, 0},
		{"12.9.4 the opponent of a drawn game to the maximum", 0.5, 0.5, []PointsPenalty{{rules.White, OpponentPointsToMaximum, 0}}, 0.5, 1},
		{"both, in order", 0.5, 0.5, []PointsPenalty{{rules.White, OpponentPointsToMaximum, 0}, {rules.White, OffenderPointsReduced, 0.5}}, 0, 1},
		{"3/1/0 points", 1, 1, []PointsPenalty{{rules.Black, OpponentPointsToMaximum, 0}}, 3, 1},
		{"other kinds change nothing", 1, 0, []PointsPenalty{{rules.White, Warning, 0}}, 1, 0},
	} {
		most := 1.0
		if tc.name == "3/1/0 points" {
			most = 3
		}
		if w, b := ScoreAfter(tc.w, tc.b, most, tc.pens); w != tc.ww || b != tc.wb {
			t.Errorf("%s: %v-%v, want %v-%v", tc.name, w, b, tc.ww, tc.wb)
		}
	}
}

// TestIrregularitiesCite: the 2023 irregularities penalised as illegal
// moves cite their own article beside 7.5.5 (7.5.2, 7.5.3, 7.5.4); 1997
// has only illegal moves (7.4).
func TestIrregularitiesCite(t *testing.T) {
	p := profile(t, "fide-2023")
	for kind, art := range map[IllegalKind]string{PawnNotReplaced: "7.5.2", PressWithoutMove: "7.5.3", TwoHands: "7.5.4"} {
		r, err := p.IllegalMove(sit(game(t, "", "e4"), 10*minute, 10*minute), IllegalReport{Offender: rules.Black, Kind: kind, ReinstatePly: -1})
		expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: 2 * minute})
		if len(r.See) == 0 || r.See[0] != art {
			t.Errorf("%d: see %v, want %s first", kind, r.See, art)
		}
		_, err = profile(t, "fide-1997").IllegalMove(sit(game(t, "", "e4"), 10*minute, 10*minute), IllegalReport{Offender: rules.Black, Kind: kind, ReinstatePly: -1})
		expectErr(t, err, ErrNotInProfile)
	}
}

// TestClaimWrittenMoveAndReached: a claim with a written move that would
// not repeat the position is still correct when the position reached has
// already appeared three times (1997 9.2b, 2023 9.2.2), and the same for
// fifty moves (9.3b / 9.3.2); without that, it is incorrect.
func TestClaimWrittenMoveAndReached(t *testing.T) {
	for _, tc := range []struct{ profile, reached, fifty string }{{"fide-1997", "9.2b", "9.3b"}, {"fide-2023", "9.2.2", "9.3.2"}} {
		p := profile(t, tc.profile)
		g := game(t, "", dance(2)...) // the start position a third time, White to move
		r, err := p.ClaimDraw(sit(g, 10*minute, 10*minute), Claim{Claimant: rules.White, Kind: Repetition, Intended: san(t, g, "e4")})
		expect(t, r, err, tc.reached, Draw)
		g = game(t, "", dance(1)...) // twice only
		r, err = p.ClaimDraw(sit(g, 10*minute, 10*minute), Claim{Claimant: rules.White, Kind: Repetition, Intended: san(t, g, "e4")})
		if err != nil || r.Result != Continue || r.MustPlay == rules.NoMove {
			t.Errorf("%s: an incorrect claim with its written move: %+v %v", tc.profile, r, err)
		}
		g = game(t, "4k3/8/8/8/8/8/P7/R3K3 w - - 100 80")
		r, err = p.ClaimDraw(sit(g, 10*minute, 10*minute), Claim{Claimant: rules.White, Kind: FiftyMoves, Intended: san(t, g, "a3")}) // a pawn move: the fifty would not be reached after it
		expect(t, r, err, tc.fifty, Draw)
	}
}
