package laws

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// Tests of the 2023 articles that differ from the 1997 edition (in
// substance or in number).

func TestLaws2023_DefaultProfile(t *testing.T) {
	p, err := Lookup("")
	if err != nil || p.Name != "fide-2023" {
		t.Fatalf("default profile %q, %v", p.Name, err)
	}
	_, err = Lookup("fide-1985")
	if !errors.Is(err, ErrUnknownProfile) {
		t.Fatalf("unknown profile: %v", err)
	}
}

func TestLaws2023_4_3_1_TouchOwnPiece(t *testing.T) {
	p := profile(t, "fide-2023")
	pos := rules.StartPosition()
	r, err := p.TouchMove(pos, []Touch{{Square: rules.B1}})
	expect(t, r, err, "4.3.1", Continue)
	if got := sans(t, pos, r.Allowed); got != "Na3 Nc3" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws2023_4_3_3_TouchOwnAndOpponent(t *testing.T) {
	p := profile(t, "fide-2023")
	pos, _ := rules.ParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	r, err := p.TouchMove(pos, []Touch{{Square: rules.Square(35)}, {Square: rules.Square(28)}})
	expect(t, r, err, "4.3.3", Continue)
	if got := sans(t, pos, r.Allowed); got != "exd5" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws2023_4_4_3_CastlingIllegal(t *testing.T) {
	p := profile(t, "fide-2023")
	pos, _ := rules.ParseFEN("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
	r, err := p.TouchMove(pos, []Touch{{Square: rules.E1}, {Square: rules.H1}})
	expect(t, r, err, "4.4.3", Continue)
	if got := sans(t, pos, r.Allowed); got != "Kd1 Kxf2 O-O-O" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws2023_5_1_2_ResignationAgainstSideThatCannotMate(t *testing.T) {
	p := profile(t, "fide-2023")
	// White has K+R, Black a lone king: White resigns. Black cannot
	// checkmate by any series of legal moves: a draw (5.1.2).
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	r, err := p.Resign(sit(g, minute, minute), rules.White)
	expect(t, r, err, "5.1.2", Draw)
	// Black resigns: White can mate, White wins.
	r, err = p.Resign(sit(g, minute, minute), rules.Black)
	expect(t, r, err, "5.1.2", WhiteWins)
	// The 1997 text (5.1b) has no such exception.
	r, err = profile(t, "fide-1997").Resign(sit(g, minute, minute), rules.White)
	expect(t, r, err, "5.1b", BlackWins)
	// In a dead position the game was already drawn (5.2.2).
	r, err = p.Resign(sit(game(t, "4k3/8/8/8/8/8/8/1n2K3 w - - 0 1"), minute, minute), rules.White)
	expect(t, r, err, "5.2.2", Draw)
	s := sit(g, minute, minute)
	s.Result = WhiteWins
	_, err = p.Resign(s, rules.White)
	expectErr(t, err, ErrGameOver)
}

func TestLaws2023_5_2_2_DeadPosition(t *testing.T) {
	p := profile(t, "fide-2023")
	r, ok := p.GameEnd(game(t, "8/8/4k3/8/8/4K3/8/8 w - - 0 1"))
	if !ok {
		t.Fatal("not over")
	}
	expect(t, r, nil, "5.2.2", Draw)
}

func TestLaws2023_6_7_1_DefaultTime(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.LateArrival(rules.White, 0)
	expect(t, r, err, "6.7.1", Continue)
	r, err = p.LateArrival(rules.White, time.Millisecond)
	expect(t, r, err, "6.7.1", BlackWins)
	p15, err := p.WithLateDefault(15 * minute)
	if err != nil {
		t.Fatal(err)
	}
	r, err = p15.LateArrival(rules.White, 14*minute)
	expect(t, r, err, "6.7.1", Continue)
	if _, err := p.WithLateDefault(-1); err == nil {
		t.Fatal("negative default accepted")
	}
}

func TestLaws2023_6_9_FlagFall(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	r, err := p.FlagFall(sit(g, 0, minute), rules.White)
	expect(t, r, err, "6.9", Draw)
	r, err = p.FlagFall(sit(g, minute, 0), rules.Black)
	expect(t, r, err, "6.9", WhiteWins)
}

func TestLaws2023_7_2_1_WrongInitialPosition(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", dance(5)...) // ten moves each
	r, err := p.WrongInitialPosition(sit(g, minute, minute))
	expect(t, r, err, "7.2.1", Annulled)
	// Rapid without full supervision: after 10 moves each no claim (A.5.1.2).
	rapid, _ := p.WithMode(Rapid)
	r, err = rapid.WrongInitialPosition(sit(g, minute, minute))
	expect(t, r, err, "A.5.1.2", Continue)
	r, err = rapid.WithSupervised(true).WrongInitialPosition(sit(g, minute, minute))
	expect(t, r, err, "7.2.1", Annulled)
	r, err = rapid.WrongInitialPosition(sit(game(t, "", dance(4)...), minute, minute))
	expect(t, r, err, "7.2.1", Annulled)
}

func TestLaws2023_7_3_ColoursReversed(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.ColoursReversed(sit(game(t, "", dance(2)...), minute, minute))
	expect(t, r, err, "7.3", Replay)
	r, err = p.ColoursReversed(sit(game(t, "", dance(5)...), minute, minute))
	expect(t, r, err, "7.3", Continue)
}

func TestLaws2023_7_5_5_IllegalMove(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", "e4", "e5")
	s := sit(g, minute, minute)
	r, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: 1})
	expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	if r.Reinstate != 1 || r.IllegalMoves != 1 {
		t.Fatalf("reinstate %d count %d", r.Reinstate, r.IllegalMoves)
	}
	s.IllegalMoves[rules.White] = 1
	r, err = p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: PressWithoutMove, ReinstatePly: -1})
	expect(t, r, err, "7.5.5", BlackWins)
}

func TestLaws2023_A_5_2_IllegalMoveStandsAfterOpponentsMove(t *testing.T) {
	rapid, _ := profile(t, "fide-2023").WithMode(Rapid)
	s := sit(game(t, "", "e4", "e5", "Nf3"), minute, minute)
	rep := IllegalReport{Offender: rules.Black, Kind: IllegalMove, ReinstatePly: 1, OpponentMovedSince: true}
	r, err := rapid.IllegalMove(s, rep)
	expect(t, r, err, "A.5.2", Continue)
	if r.Reinstate != -1 || r.IllegalMoves != 0 {
		t.Fatalf("reinstate %d count %d", r.Reinstate, r.IllegalMoves)
	}
	r, err = rapid.WithSupervised(true).IllegalMove(s, rep)
	expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: minute})
}

func TestLaws2023_7_5_5_SecondIllegalMoveOpponentCannotMate(t *testing.T) {
	p := profile(t, "fide-2023")
	// White K+R, Black lone king: White's second illegal move is a draw.
	s := sit(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), minute, minute)
	s.IllegalMoves[rules.White] = 1
	r, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: TwoHands, ReinstatePly: -1})
	expect(t, r, err, "7.5.5", Draw)
}

func TestLaws2023_B_3_IllegalMoveBlitzOneMinute(t *testing.T) {
	p, err := profile(t, "fide-2023").WithMode(Blitz)
	if err != nil {
		t.Fatal(err)
	}
	s := sit(game(t, "", "e4"), minute, minute)
	rep := IllegalReport{Offender: rules.Black, Kind: IllegalMove, ReinstatePly: -1}
	r, err := p.IllegalMove(s, rep)
	expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: minute})
	if r.See[len(r.See)-1] != "B.2" {
		t.Fatalf("see %v", r.See)
	}
	// Fully supervised blitz plays under the Competition Rules (B.3), whose
	// penalties of articles 7 and 9 are one minute in blitz all the same (B.2).
	r, err = p.WithSupervised(true).IllegalMove(s, rep)
	expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: minute})
	if r.See[len(r.See)-1] != "B.2" {
		t.Fatalf("see %v", r.See)
	}
}

func TestLaws2023_A_1_B_1_ModeFromTheControl(t *testing.T) {
	for _, c := range []struct {
		all  time.Duration
		want Mode
	}{
		{3 * minute, Blitz}, {10 * minute, Blitz}, {10*minute + time.Second, Rapid},
		{15 * minute, Rapid}, {59 * minute, Rapid}, {60 * minute, Standard}, {90 * minute, Standard},
	} {
		if got := ModeFor(c.all); got != c.want {
			t.Errorf("ModeFor(%v) = %s, want %s", c.all, got, c.want)
		}
	}
	for _, m := range []Mode{Standard, Rapid, Blitz} {
		if got, err := ParseMode(m.String()); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMode("bullet"); err == nil {
		t.Error("ParseMode(bullet) accepted")
	}
}

func TestLaws2023_B_2_IncorrectClaimBlitzOneMinute(t *testing.T) {
	p, _ := profile(t, "fide-2023").WithMode(Blitz)
	g := game(t, "", "Nf3", "Nf6")
	r, err := p.WithSupervised(true).ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.White, Intended: rules.NoMove})
	expect(t, r, err, "9.5.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: minute})
}

func TestLaws2023_A_3_RapidOneMinuteEvenSupervised(t *testing.T) {
	p, _ := profile(t, "fide-2023").WithMode(Rapid)
	r, err := p.WithSupervised(true).IllegalMove(sit(game(t, "", "e4"), minute, minute), IllegalReport{Offender: rules.Black, Kind: IllegalMove, ReinstatePly: -1})
	expect(t, r, err, "7.5.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: minute})
	if r.See[len(r.See)-1] != "A.3" {
		t.Fatalf("see %v", r.See)
	}
}

func TestLaws2023_9_1_2_1_DrawOffer(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", "e4", "e5")
	r, err := p.AnswerOffer(sit(g, minute, minute), Offer{By: rules.Black, Ply: 2}, Accept)
	expect(t, r, err, "9.1.2.1", Draw)
	_, err = p.AnswerOffer(sit(g, minute, minute), Offer{By: rules.White, Ply: 5}, Accept)
	expectErr(t, err, ErrBadInput)
}

func TestLaws2023_5_2_3_AgreementNeedsAMoveEach(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", "e4")
	_, err := p.AnswerOffer(sit(g, minute, minute), Offer{By: rules.White, Ply: 1}, Accept)
	expectErr(t, err, ErrNotApplicable)
	r, err := profile(t, "fide-1997").AnswerOffer(sit(g, minute, minute), Offer{By: rules.White, Ply: 1}, Accept)
	expect(t, r, err, "9.1", Draw)
}

func TestLaws2023_9_2_1_RepetitionIntendedMove(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", append(dance(1), "Nf3", "Nf6", "Ng1")...)
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.Black, Intended: san(t, g, "Ng8")})
	expect(t, r, err, "9.2.1", Draw)
}

func TestLaws2023_9_2_2_RepetitionReached(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.ClaimDraw(sit(game(t, "", dance(2)...), minute, minute), Claim{Kind: Repetition, Claimant: rules.White})
	expect(t, r, err, "9.2.2", Draw)
}

func TestLaws2023_9_3_FiftyMoves(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White, Intended: san(t, g, "Ra2")})
	expect(t, r, err, "9.3.1", Draw)
	r, err = p.ClaimDraw(sit(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"), minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White})
	expect(t, r, err, "9.3.2", Draw)
	// A pawn move as the intended move resets the count: incorrect.
	g = game(t, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80")
	r, err = p.ClaimDraw(sit(g, minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White, Intended: san(t, g, "a3")})
	expect(t, r, err, "9.5.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
}

func TestLaws2023_9_4_ClaimAfterTouchingPiece(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.ClaimDraw(sit(game(t, "", dance(2)...), minute, minute), Claim{Kind: Repetition, Claimant: rules.White, TouchedPiece: true})
	expect(t, r, err, "9.4", Continue)
}

func TestLaws2023_9_5_3_IncorrectClaim(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", dance(1)...)
	r, err := p.ClaimDraw(sit(g, 10*minute, 7*minute), Claim{Kind: Repetition, Claimant: rules.White, Intended: san(t, g, "Nf3")})
	expect(t, r, err, "9.5.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	if r.MustPlay != san(t, g, "Nf3") {
		t.Fatal("the intended move need not be played")
	}
	rapid, _ := p.WithMode(Rapid)
	r, err = rapid.ClaimDraw(sit(g, 10*minute, 7*minute), Claim{Kind: Repetition, Claimant: rules.White})
	expect(t, r, err, "9.5.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: minute})
}

func TestLaws2023_9_6_1_Fivefold(t *testing.T) {
	p := profile(t, "fide-2023")
	g := game(t, "", dance(4)...)
	r, ok := p.GameEnd(g)
	if !ok {
		t.Fatal("fivefold did not end the game")
	}
	expect(t, r, nil, "9.6.1", Draw)
	_, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.White})
	expectErr(t, err, ErrGameOver)
	if _, ok := p.GameEnd(game(t, "", dance(3)...)); ok {
		t.Fatal("fourfold ended the game")
	}
}

func TestLaws2023_9_6_2_SeventyFiveMoves(t *testing.T) {
	p := profile(t, "fide-2023")
	r, ok := p.GameEnd(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 150 100"))
	if !ok {
		t.Fatal("75 moves did not end the game")
	}
	expect(t, r, nil, "9.6.2", Draw)
	if _, ok := p.GameEnd(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 149 100")); ok {
		t.Fatal("74.5 moves ended the game")
	}
}

func TestLaws2023_10_1_Points(t *testing.T) {
	p := profile(t, "fide-2023")
	w, b, err := p.Score(BlackWins)
	if err != nil || w != 0 || b != 1 {
		t.Fatalf("%v-%v %v", w, b, err)
	}
	if _, _, err := p.Score(Annulled); err == nil {
		t.Fatal("an annulled game scored")
	}
}

func TestLaws2023_11_5_RepeatedDrawOffers(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.Penalize(sit(game(t, "", "e4"), minute, minute), rules.Black, Penalty{Kind: TimeToOpponent, Amount: minute, Offence: Distraction})
	expect(t, r, err, "11.5", Continue, Adjustment{Side: rules.White, Kind: AddTime, Amount: minute})
	if len(r.See) != 2 || r.See[0] != "11.6" || r.See[1] != "12.9.2" {
		t.Fatalf("see %v", r.See)
	}
}

func TestLaws2023_11_7_RefusalToComply(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.RefuseToComply(sit(game(t, ""), minute, minute), rules.White)
	expect(t, r, err, "11.7", BlackWins)
}

func TestLaws2023_11_8_BothAtFault(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.BothAtFault(sit(game(t, ""), minute, minute))
	expect(t, r, err, "11.8", BothLose)
}

func TestLaws2023_12_9_Penalties(t *testing.T) {
	p := profile(t, "fide-2023")
	s := sit(game(t, "", "e4"), 5*minute, 5*minute)
	for art, pen := range map[string]Penalty{"12.9.1": {Kind: Warning}, "12.9.4": {Kind: OpponentPointsToMaximum},
		"12.9.7": {Kind: Fine, Fine: "50 EUR"}, "12.9.8": {Kind: ExclusionFromRounds, Rounds: []int{3, 4}}} {
		r, err := p.Penalize(s, rules.White, pen)
		expect(t, r, err, art, Continue)
	}
	r, err := p.Penalize(s, rules.White, Penalty{Kind: OffenderPointsReduced, Points: 0.5})
	expect(t, r, err, "12.9.5", Continue)
	for _, bad := range []Penalty{{Kind: OffenderPointsReduced}, {Kind: OffenderPointsReduced, Points: 1.5}, {Kind: OffenderPointsReduced, Points: -1}, {Kind: OpponentPointsToMaximum, Points: 1}} {
		_, err = p.Penalize(s, rules.White, bad)
		expectErr(t, err, ErrBadInput)
	}
	_, err = profile(t, "fide-1997").Penalize(s, rules.White, Penalty{Kind: OffenderPointsReduced, Points: 0.5})
	expectErr(t, err, ErrNotInProfile)
	r, err = p.Penalize(s, rules.White, Penalty{Kind: TimeOff, Amount: time.Minute})
	expect(t, r, err, "12.9.3", Continue, Adjustment{Side: rules.White, Kind: SubtractTime, Amount: minute})
	r, err = p.Penalize(s, rules.Black, Penalty{Kind: Loss})
	expect(t, r, err, "12.9.6", WhiteWins)
	r, err = p.Penalize(s, rules.Black, Penalty{Kind: Expulsion})
	expect(t, r, err, "12.9.9", WhiteWins)
	_, err = p.Penalize(s, rules.Black, Penalty{Kind: 42})
	expectErr(t, err, ErrNotInProfile)
	_, err = p.Penalize(s, rules.Black, Penalty{Kind: Warning, Amount: minute})
	expectErr(t, err, ErrBadInput)
}

// TestLaws2023_12_9_6_to_8_PenaltyFields: the loss with the opponent's
// score the arbiter decides (12.9.6), the fine announced in advance
// (12.9.7) and the exclusion from rounds (12.9.8), each with what it needs
// and nothing more; 1997 13.4 has none of them.
func TestLaws2023_12_9_6_to_8_PenaltyFields(t *testing.T) {
	p, old := profile(t, "fide-2023"), profile(t, "fide-1997")
	s := sit(game(t, "", "e4"), 5*minute, 5*minute)
	half, zero, over := 0.5, 0.0, 1.5
	for _, c := range []struct {
		name    string
		p       Profile
		pen     Penalty
		article string
		result  Result
		says    string
		err     error
	}{
		{"loss, opponent scores a draw", p, Penalty{Kind: Loss, OpponentScore: &half}, "12.9.6", WhiteWins, "the arbiter decides white's score: 0.5", nil},
		{"loss, opponent scores nothing", p, Penalty{Kind: Loss, OpponentScore: &zero}, "12.9.6", WhiteWins, "white's score: 0", nil},
		{"loss, the plain win", p, Penalty{Kind: Loss}, "12.9.6", WhiteWins, "loss of the game", nil},
		{"loss, score over a win", p, Penalty{Kind: Loss, OpponentScore: &over}, "", 0, "", ErrBadInput},
		{"opponent score beside a warning", p, Penalty{Kind: Warning, OpponentScore: &half}, "", 0, "", ErrBadInput},
		{"1997: the opponent wins", old, Penalty{Kind: Loss, OpponentScore: &half}, "", 0, "", ErrNotInProfile},
		{"fine", p, Penalty{Kind: Fine, Fine: " 50 EUR (regulations 4.2) "}, "12.9.7", Continue, "fine: 50 EUR (regulations 4.2)", nil},
		{"fine without its amount", p, Penalty{Kind: Fine, Fine: " "}, "", 0, "", ErrBadInput},
		{"fine text on a warning", p, Penalty{Kind: Warning, Fine: "50 EUR"}, "", 0, "", ErrBadInput},
		{"1997 has no fine", old, Penalty{Kind: Fine, Fine: "50 EUR"}, "", 0, "", ErrNotInProfile},
		{"exclusion from two rounds", p, Penalty{Kind: ExclusionFromRounds, Rounds: []int{5, 6}}, "12.9.8", Continue, "exclusion from rounds rounds 5, 6", nil},
		{"exclusion from one round", p, Penalty{Kind: ExclusionFromRounds, Rounds: []int{5}}, "12.9.8", Continue, "round 5", nil},
		{"exclusion without rounds", p, Penalty{Kind: ExclusionFromRounds}, "", 0, "", ErrBadInput},
		{"exclusion from round 0", p, Penalty{Kind: ExclusionFromRounds, Rounds: []int{0}}, "", 0, "", ErrBadInput},
		{"a round named twice", p, Penalty{Kind: ExclusionFromRounds, Rounds: []int{4, 4}}, "", 0, "", ErrBadInput},
		{"rounds on a warning", p, Penalty{Kind: Warning, Rounds: []int{4}}, "", 0, "", ErrBadInput},
		{"1997 has no exclusion", old, Penalty{Kind: ExclusionFromRounds, Rounds: []int{4}}, "", 0, "", ErrNotInProfile},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := c.p.Penalize(s, rules.Black, c.pen)
			if c.err != nil {
				expectErr(t, err, c.err)
				return
			}
			expect(t, r, err, c.article, c.result)
			if !strings.Contains(r.Explanation, c.says) {
				t.Errorf("explanation %q does not say %q", r.Explanation, c.says)
			}
		})
	}
	// fines and exclusions may follow the end of the game; a loss may not
	over2 := s
	over2.Result = WhiteWins
	if _, err := p.Penalize(over2, rules.Black, Penalty{Kind: Fine, Fine: "50 EUR"}); err != nil {
		t.Errorf("a fine after the game: %v", err)
	}
	_, err := p.Penalize(over2, rules.Black, Penalty{Kind: Loss, OpponentScore: &half})
	expectErr(t, err, ErrGameOver)
	if err == nil || !strings.Contains(err.Error(), "12.9.6") {
		t.Errorf("a loss after the game: %v, want the article named", err)
	}
	// an expulsion found after the game (12.9.9; 1997 13.4e): the result
	// stands, the player is expelled
	for _, pr := range []Profile{p, old} {
		r, err := pr.Penalize(over2, rules.Black, Penalty{Kind: Expulsion})
		want := map[int]string{2023: "12.9.9", 1997: "13.4e"}[pr.Edition]
		expect(t, r, err, want, Continue)
		if !strings.Contains(r.Explanation, "its result stands") {
			t.Errorf("%s: expulsion after the game: %q", pr.Name, r.Explanation)
		}
	}
}

// TestScoreAfterLossWithOpponentScore: after a game declared lost with the
// opponent's score decided (12.9.6) the offender scores 0 and the opponent
// that score, whatever the board said.
func TestScoreAfterLossWithOpponentScore(t *testing.T) {
	for _, c := range []struct {
		white, black float64
		pens         []PointsPenalty
		w, b         float64
	}{
		{1, 0, []PointsPenalty{{Offender: rules.Black, Kind: Loss, Points: 0.5}}, 0.5, 0},
		{1, 0, []PointsPenalty{{Offender: rules.Black, Kind: Loss, Points: 0}}, 0, 0},
		{0, 1, []PointsPenalty{{Offender: rules.White, Kind: Loss, Points: 3}}, 0, 1},
		{1, 0, []PointsPenalty{{Offender: rules.Black, Kind: Loss, Points: 0.5}, {Offender: rules.Black, Kind: OpponentPointsToMaximum}}, 1, 0},
	} {
		if w, b := ScoreAfter(c.white, c.black, 1, c.pens); w != c.w || b != c.b {
			t.Errorf("ScoreAfter(%v, %v, %v) = %v-%v, want %v-%v", c.white, c.black, c.pens, w, b, c.w, c.b)
		}
	}
}

func TestLaws2023_III_3_1_BothFlags(t *testing.T) {
	// Without Guidelines III announced the Laws have no rule for it.
	_, err := profile(t, "fide-2023").BothFlags(sit(game(t, "", "e4"), 0, 0), nil)
	expectErr(t, err, ErrNotDecidable)
	p, _ := profile(t, "fide-2023").WithQuickplayFinish(true)
	s := sit(game(t, "", "e4"), 0, 0)
	r, err := p.BothFlags(s, nil)
	expect(t, r, err, "III.3.1.1", Continue)
	s.LastPeriod = true
	r, err = p.BothFlags(s, nil)
	expect(t, r, err, "III.3.1.2", Draw)
	blitz, _ := p.WithMode(Blitz)
	_, err = blitz.BothFlags(s, nil)
	expectErr(t, err, ErrNotDecidable)
}

func TestLaws2023_III_2_QuickplayOnlyIfAnnouncedNeverBlitz(t *testing.T) {
	p := profile(t, "fide-2023")
	s := sit(game(t, "", "e4", "e5"), minute, 10*minute)
	s.LastPeriod = true
	_, err := p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expectErr(t, err, ErrNotApplicable)
	blitz, _ := p.WithMode(Blitz)
	_, err = blitz.WithQuickplayFinish(true)
	expectErr(t, err, ErrNotInProfile)
}

func TestLaws2023_III_5_QuickplayClaim(t *testing.T) {
	p, err := profile(t, "fide-2023").WithQuickplayFinish(true)
	if err != nil {
		t.Fatal(err)
	}
	s := sit(game(t, "", "e4", "e5"), minute, 10*minute)
	s.LastPeriod = true
	r, err := p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expect(t, r, err, "III.5", Draw)
	r, err = p.QuickplayClaim(s, rules.White, JudgePostpone, false)
	expect(t, r, err, "III.5", Continue)
	r, err = p.QuickplayClaim(s, rules.White, JudgeReject, false)
	expect(t, r, err, "III.5.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	s.TimeAddedPerMove = true
	_, err = p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expectErr(t, err, ErrNotApplicable)
}

func TestLaws1997_NoRapidAppendixInSeed(t *testing.T) {
	_, err := profile(t, "fide-1997").WithMode(Rapid)
	expectErr(t, err, ErrNotInProfile)
}

// TestBadInput: precise errors, never a panic.
func TestBadInput(t *testing.T) {
	p := profile(t, "fide-2023")
	if err := (Ruling{Profile: "fide-2023"}).Validate(); !errors.Is(err, ErrNoArticle) {
		t.Errorf("ruling without article: %v", err)
	}
	if err := (Ruling{Article: "6.9"}).Validate(); !errors.Is(err, ErrNoProfile) {
		t.Errorf("ruling without profile: %v", err)
	}
	if err := (Ruling{Profile: "x", Article: "6.9", Adjustments: []Adjustment{{Kind: AddTime, Amount: -1}}}).Validate(); !errors.Is(err, ErrBelowZero) {
		t.Errorf("negative adjustment: %v", err)
	}
	if _, err := p.FlagFall(Situation{}, rules.White); !errors.Is(err, ErrNoGame) {
		t.Errorf("no game: %v", err)
	}
	g := game(t, "")
	if _, err := p.FlagFall(sit(g, -1, 0), rules.White); !errors.Is(err, ErrBadInput) {
		t.Errorf("negative time: %v", err)
	}
	if _, err := p.FlagFall(sit(g, 0, 0), 7); !errors.Is(err, ErrBadInput) {
		t.Errorf("bad colour: %v", err)
	}
	if _, err := p.ClaimDraw(sit(g, 0, 0), Claim{Kind: 9, Claimant: rules.White}); !errors.Is(err, ErrBadInput) {
		t.Errorf("bad claim kind: %v", err)
	}
	s := sit(g, 0, 0)
	s.Result = Draw
	if _, err := p.ClaimDraw(s, Claim{Kind: Repetition, Claimant: rules.White}); !errors.Is(err, ErrGameOver) {
		t.Errorf("claim in a finished game: %v", err)
	}
	if _, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: -1}); !errors.Is(err, ErrGameOver) {
		t.Errorf("illegal move in a finished game: %v", err)
	}
	if _, err := p.AnswerOffer(sit(g, 0, 0), Offer{By: rules.White}, 9); !errors.Is(err, ErrBadInput) {
		t.Errorf("bad answer: %v", err)
	}
	if _, err := p.QuickplayClaim(sit(g, 0, 0), rules.White, 9, false); err == nil {
		t.Errorf("bad judgement accepted")
	}
	if _, err := p.WithMode(9); err == nil {
		t.Errorf("bad mode accepted")
	}
	var zero Profile
	if _, err := zero.Resign(sit(g, 0, 0), rules.White); !errors.Is(err, ErrNoProfile) {
		t.Errorf("zero profile: %v", err)
	}
}

func TestLaws2023_III_4_IncrementRequest(t *testing.T) {
	p, _ := profile(t, "fide-2023").WithQuickplayFinish(true)
	s := sit(game(t, "", "e4", "e5"), 90*time.Second, 10*minute)
	s.LastPeriod = true
	r, err := p.IncrementRequest(s, rules.White, true, false)
	expect(t, r, err, "III.4", Draw)
	r, err = p.IncrementRequest(s, rules.White, false, true)
	expect(t, r, err, "III.4", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	if r.SetIncrement != 5*time.Second {
		t.Fatalf("increment %v", r.SetIncrement)
	}
	r, err = p.IncrementRequest(s, rules.White, false, false)
	expect(t, r, err, "III.4", Continue)
	_, err = p.IncrementRequest(s, rules.Black, false, true)
	expectErr(t, err, ErrNotOnMove)
	p97, _ := profile(t, "fide-1997").WithQuickplayFinish(true)
	_, err = p97.IncrementRequest(s, rules.White, false, true)
	expectErr(t, err, ErrNotInProfile)
}

func TestLaws2023_12_5_ExternalDisturbance(t *testing.T) {
	p := profile(t, "fide-2023")
	r, err := p.ExternalDisturbance(sit(game(t, "", "e4"), minute, minute), 0, 3*minute)
	expect(t, r, err, "12.5", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 3 * minute})
	_, err = p.ExternalDisturbance(sit(game(t, "", "e4"), minute, minute), -1, 0)
	expectErr(t, err, ErrBelowZero)
}
