package laws

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// Tests named after the articles of the 1997 Laws (the seed text) that a
// machine can decide. Articles of the clock (6.2, 6.5, 6.7, 6.10, 6.12,
// 6.13) are tested in the clock module.

func TestLaws1997_1_2_CheckmateWins(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "f3", "e5", "g4", "Qh4#")
	r, ok := p.GameEnd(g)
	if !ok {
		t.Fatal("checkmate did not end the game")
	}
	expect(t, r, nil, "5.1a", BlackWins)
}

func TestLaws1997_1_3_NeitherCanMateDraw(t *testing.T) {
	p := profile(t, "fide-1997")
	r, ok := p.GameEnd(game(t, "8/8/4k3/8/8/2B1K3/8/8 w - - 0 1"))
	if !ok {
		t.Fatal("K+B v K did not end the game")
	}
	expect(t, r, nil, "9.6", Draw)
	if _, ok := p.GameEnd(game(t, "8/8/4k3/8/8/2R1K3/8/8 w - - 0 1")); ok {
		t.Fatal("K+R v K ended the game")
	}
}

func TestLaws1997_2_InitialPosition(t *testing.T) {
	pos := rules.StartPosition()
	if got := pos.FEN(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Fatalf("initial position %s", got)
	}
	if pc := pos.PieceAt(rules.H1); pc.Type() != rules.Rook || pc.Color() != rules.White {
		t.Fatal("h1 (the light corner on White's right) is not a white rook")
	}
}

func TestLaws1997_3_CastlingThroughAttackIllegal(t *testing.T) {
	g := game(t, "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
	pos := g.Position()
	if _, err := pos.ParseSAN("O-O"); err == nil {
		t.Fatal("castling across the attacked f1 was accepted")
	}
	if _, err := pos.ParseSAN("O-O-O"); err != nil {
		t.Fatalf("queenside castling refused: %v", err)
	}
}

func TestLaws1997_4_3a_TouchOwnPiece(t *testing.T) {
	p := profile(t, "fide-1997")
	pos := rules.StartPosition()
	// a1 rook cannot move; g1 knight touched second must move.
	r, err := p.TouchMove(pos, []Touch{{Square: rules.A1}, {Square: rules.G1}})
	expect(t, r, err, "4.3a", Continue)
	if got := sans(t, pos, r.Allowed); got != "Nf3 Nh3" {
		t.Fatalf("allowed %s", got)
	}
	if r.Permits(pos.LegalMoves(nil)[0]) && !r.Permits(mustSAN(t, pos, "Nf3")) {
		t.Fatal("Permits is wrong")
	}
	// An opponent's piece only: capture the first that can be captured.
	pos2, _ := rules.ParseFEN("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1")
	r, err = p.TouchMove(pos2, []Touch{{Square: rules.Square(37)}}) // f5
	expect(t, r, err, "4.3a", Continue)
	if got := sans(t, pos2, r.Allowed); got != "exf5" {
		t.Fatalf("allowed %s", got)
	}
}

func mustSAN(t *testing.T, pos rules.Position, s string) rules.Move {
	t.Helper()
	m, err := pos.ParseSAN(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLaws1997_4_3b_TouchOwnAndOpponent(t *testing.T) {
	p := profile(t, "fide-1997")
	pos, _ := rules.ParseFEN("4k3/8/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1")
	e4, d5, c3, f5 := rules.Square(28), rules.Square(35), rules.Square(18), rules.Square(37)
	r, err := p.TouchMove(pos, []Touch{{Square: e4}, {Square: d5}})
	expect(t, r, err, "4.3b", Continue)
	if got := sans(t, pos, r.Allowed); got != "exd5" {
		t.Fatalf("allowed %s", got)
	}
	// The knight cannot take f5: the first touched that can move (the knight) must.
	r, err = p.TouchMove(pos, []Touch{{Square: c3}, {Square: f5}})
	expect(t, r, err, "4.3b", Continue)
	if got := sans(t, pos, r.Allowed); got != "Na2 Na4 Nb1 Nb5 Nd1 Ne2 Nxd5" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws1997_4_4a_KingAndRookCastle(t *testing.T) {
	p := profile(t, "fide-1997")
	pos, _ := rules.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	r, err := p.TouchMove(pos, []Touch{{Square: rules.E1}, {Square: rules.H1}})
	expect(t, r, err, "4.4a", Continue)
	if got := sans(t, pos, r.Allowed); got != "O-O" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws1997_4_4b_RookThenKing(t *testing.T) {
	p := profile(t, "fide-1997")
	pos, _ := rules.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	r, err := p.TouchMove(pos, []Touch{{Square: rules.H1}, {Square: rules.E1}})
	expect(t, r, err, "4.4b", Continue)
	if got := sans(t, pos, r.Allowed); got != "Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rxh8+" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws1997_4_4c_CastlingIllegalKingMoves(t *testing.T) {
	p := profile(t, "fide-1997")
	pos, _ := rules.ParseFEN("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
	r, err := p.TouchMove(pos, []Touch{{Square: rules.E1}, {Square: rules.H1, WithPrevious: true}})
	expect(t, r, err, "4.4c", Continue)
	if got := sans(t, pos, r.Allowed); got != "Kd1 Kxf2 O-O-O" {
		t.Fatalf("allowed %s", got)
	}
}

func TestLaws1997_4_5_NoTouchedPieceCanMove(t *testing.T) {
	p := profile(t, "fide-1997")
	pos := rules.StartPosition()
	r, err := p.TouchMove(pos, []Touch{{Square: rules.A1}, {Square: rules.C1}})
	expect(t, r, err, "4.5", Continue)
	if len(r.Allowed) != 20 {
		t.Fatalf("%d moves allowed, want all 20", len(r.Allowed))
	}
	_, err = p.TouchMove(pos, []Touch{{Square: rules.Square(27)}})
	expectErr(t, err, ErrEmptySquare)
	_, err = p.TouchMove(pos, nil)
	expectErr(t, err, ErrNothingTouched)
}

func TestLaws1997_5_1a_Checkmate(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
	r, ok := p.GameEnd(g)
	if !ok {
		t.Fatal("not over")
	}
	expect(t, r, nil, "5.1a", WhiteWins)
	// A claim in a finished game is an error.
	_, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.Black})
	expectErr(t, err, ErrGameOver)
}

func TestLaws1997_5_1b_Resignation(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "")
	r, err := p.Resign(sit(g, minute, minute), rules.White)
	expect(t, r, err, "5.1b", BlackWins)
}

func TestLaws1997_5_2_Stalemate(t *testing.T) {
	p := profile(t, "fide-1997")
	r, ok := p.GameEnd(game(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
	if !ok {
		t.Fatal("not over")
	}
	expect(t, r, nil, "5.2", Draw)
}

func TestLaws1997_5_3_DrawByAgreement(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4")
	r, err := p.AnswerOffer(sit(g, minute, minute), Offer{By: rules.White, Ply: 1}, Accept)
	expect(t, r, err, "9.1", Draw)
	if len(r.See) != 1 || r.See[0] != "5.3" {
		t.Fatalf("see %v", r.See)
	}
}

func TestLaws1997_6_6_LateArrival(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.LateArrival(rules.Black, time.Hour)
	expect(t, r, err, "6.6", Continue)
	r, err = p.LateArrival(rules.Black, time.Hour+time.Millisecond)
	expect(t, r, err, "6.6", WhiteWins)
	p2, _ := p.WithLateDefault(30 * minute)
	r, err = p2.LateArrival(rules.White, 31*minute)
	expect(t, r, err, "6.6", BlackWins)
	_, err = p.LateArrival(rules.White, -1)
	expectErr(t, err, ErrBadInput)
}

func TestLaws1997_6_9_FlagFall(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	r, err := p.FlagFall(sit(g, minute, 0), rules.Black)
	expect(t, r, err, "6.9", WhiteWins)
}

func TestLaws1997_6_9_FlagFallOpponentCannotMate(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	r, err := p.FlagFall(sit(g, 0, minute), rules.White)
	expect(t, r, err, "6.9", Draw)
	// K+N v K is a dead position: the game had already ended (9.6) when
	// the flag is seen. A knight against a rook can mate (helpmate): a loss.
	r, err = p.FlagFall(sit(game(t, "4k3/8/8/8/8/8/8/1n2K3 w - - 0 1"), 0, minute), rules.White)
	expect(t, r, err, "6.8", Draw)
	r, err = p.FlagFall(sit(game(t, "4k3/8/8/8/8/8/8/1n1RK3 w - - 0 1"), 0, minute), rules.White)
	expect(t, r, err, "6.9", BlackWins)
}

func TestLaws1997_6_9_FlagAfterGameEnded(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "f3", "e5", "g4", "Qh4#")
	r, err := p.FlagFall(sit(g, 0, minute), rules.White)
	expect(t, r, err, "6.8", BlackWins)
	s := sit(game(t, "", "e4"), 0, minute)
	s.Result = Draw // agreed before the flag was seen
	r, err = p.FlagFall(s, rules.White)
	expect(t, r, err, "6.8", Draw)
}

func TestLaws1997_6_11_BothFlagsContinue(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4")
	s := sit(g, 0, 0)
	r, err := p.BothFlags(s, nil)
	expect(t, r, err, "6.11", Continue)
	first := rules.White
	r, err = p.BothFlags(s, &first)
	expect(t, r, err, "6.9", BlackWins)
}

func TestLaws1997_7_1a_WrongInitialPosition(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.WrongInitialPosition(sit(game(t, "", dance(3)...), minute, minute))
	expect(t, r, err, "7.1a", Annulled)
}

func TestLaws1997_7_2_ColoursReversed(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.ColoursReversed(sit(game(t, "", "e4", "e5"), minute, minute))
	expect(t, r, err, "7.2", Continue)
}

func TestLaws1997_7_4_IllegalMove(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4", "e5")
	s := sit(g, minute, minute)
	for n := 1; n <= 4; n++ {
		r, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: -1})
		expect(t, r, err, "7.4", Continue)
		if r.Reinstate != 2 || r.IllegalMoves != n {
			t.Fatalf("reinstate %d count %d", r.Reinstate, r.IllegalMoves)
		}
		s.IllegalMoves[rules.White] = r.IllegalMoves
	}
	_, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: PressWithoutMove, ReinstatePly: -1})
	expectErr(t, err, ErrNotInProfile)
	_, err = p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: 7})
	expectErr(t, err, ErrBadInput)
}

func TestLaws1997_8_4_RecordingNotRequired(t *testing.T) {
	p := profile(t, "fide-1997")
	for _, tt := range []struct {
		left, added time.Duration
		required    bool
	}{{6 * minute, 0, true}, {4 * minute, 0, false}, {4 * minute, 30 * time.Second, true}, {4 * minute, 29 * time.Second, false}} {
		req, r, err := p.RecordingRequired(tt.left, tt.added)
		if err != nil || req != tt.required || r.Article != "8.4" {
			t.Errorf("%v left, %v added: required %v (%s), want %v", tt.left, tt.added, req, r.Article, tt.required)
		}
	}
}

func TestLaws1997_9_1_DrawOffer(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4")
	o := Offer{By: rules.White, Ply: 1}
	r, err := p.AnswerOffer(sit(g, minute, minute), o, Withdraw)
	expect(t, r, err, "9.1", Continue)
	r, err = p.AnswerOffer(sit(g, minute, minute), o, Reject)
	expect(t, r, err, "9.1", Continue)
	g2 := game(t, "", "e4", "e5")
	r, err = p.AnswerOffer(sit(g2, minute, minute), o, OpponentMoved)
	expect(t, r, err, "9.1", Continue)
	_, err = p.AnswerOffer(sit(g2, minute, minute), o, Accept)
	expectErr(t, err, ErrOfferLapsed)
}

func TestLaws1997_9_2a_RepetitionIntendedMove(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", append(dance(1), "Nf3", "Nf6", "Ng1")...)
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.Black, Intended: san(t, g, "Ng8")})
	expect(t, r, err, "9.2a", Draw)
}

func TestLaws1997_9_2b_RepetitionReached(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", dance(2)...)
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.White})
	expect(t, r, err, "9.2b", Draw)
	_, err = p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.Black})
	expectErr(t, err, ErrNotOnMove)
}

func TestLaws1997_9_3a_FiftyMovesIntended(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White, Intended: san(t, g, "Ra2")})
	expect(t, r, err, "9.3a", Draw)
	_, err = p.ClaimDraw(sit(g, minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White, Intended: rules.Move(0xfff)})
	expectErr(t, err, ErrIllegalMove)
}

func TestLaws1997_9_3b_FiftyMovesReached(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.ClaimDraw(sit(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"), minute, minute), Claim{Kind: FiftyMoves, Claimant: rules.White})
	expect(t, r, err, "9.3b", Draw)
}

func TestLaws1997_9_4b_IncorrectClaim(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", dance(1)...)
	// Ten minutes left: halved would be five, capped at three.
	r, err := p.ClaimDraw(sit(g, 10*minute, 7*minute), Claim{Kind: Repetition, Claimant: rules.White})
	expect(t, r, err, "9.4b", Continue,
		Adjustment{Side: rules.White, Kind: SubtractTime, Amount: 3 * minute},
		Adjustment{Side: rules.Black, Kind: AddTime, Amount: 3 * minute})
	// 4 min 0.001 s left: half of it, to the millisecond.
	r, err = p.ClaimDraw(sit(g, 4*minute+time.Millisecond, 7*minute), Claim{Kind: FiftyMoves, Claimant: rules.White, Intended: san(t, g, "Nf3")})
	expect(t, r, err, "9.4b", Continue,
		Adjustment{Side: rules.White, Kind: SubtractTime, Amount: 2*minute + 500*time.Microsecond},
		Adjustment{Side: rules.Black, Kind: AddTime, Amount: 3 * minute})
	if r.MustPlay != san(t, g, "Nf3") {
		t.Fatal("the intended move need not be played")
	}
}

func TestLaws1997_9_6_DeadPosition(t *testing.T) {
	p := profile(t, "fide-1997")
	r, ok := p.GameEnd(game(t, "8/8/4k3/8/8/4K3/8/8 w - - 0 1"))
	if !ok {
		t.Fatal("not over")
	}
	expect(t, r, nil, "9.6", Draw)
	// Fivefold and 75 moves are not automatic in 1997: the game goes on, a claim is correct.
	g := game(t, "", dance(4)...)
	if r, ok := p.GameEnd(g); ok {
		t.Fatalf("1997 ended the game: %+v", r)
	}
	if _, ok := p.GameEnd(game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 150 100")); ok {
		t.Fatal("1997 ended the game after 75 moves")
	}
	r, err := p.ClaimDraw(sit(g, minute, minute), Claim{Kind: Repetition, Claimant: rules.White})
	expect(t, r, err, "9.2b", Draw)
}

func quickplay1997(t *testing.T) Profile {
	p, err := profile(t, "fide-1997").WithQuickplayFinish(true)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLaws1997_10_2_QuickplayClaim(t *testing.T) {
	p := quickplay1997(t)
	g := game(t, "", "e4", "e5")
	s := sit(g, 90*time.Second, 10*minute)
	s.LastPeriod = true
	r, err := p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expect(t, r, err, "10.2", Draw)
	r, err = p.QuickplayClaim(s, rules.White, JudgePostpone, true)
	expect(t, r, err, "10.2", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	_, err = p.QuickplayClaim(s, rules.White, JudgeReject, false)
	expectErr(t, err, ErrNotInProfile)
	s.Remaining[rules.White] = 2 * minute
	_, err = p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expectErr(t, err, ErrNotApplicable)
	s.Remaining[rules.White], s.LastPeriod = time.Minute, false
	_, err = p.QuickplayClaim(s, rules.White, JudgeDraw, false)
	expectErr(t, err, ErrNotApplicable)
}

func TestLaws1997_10_3_IllegalMoveInQuickplayFinish(t *testing.T) {
	p := quickplay1997(t)
	g := game(t, "", "e4", "e5")
	s := sit(g, minute, minute)
	s.LastPeriod = true
	add := Adjustment{Side: rules.White, Kind: AddTime, Amount: 2 * minute}
	for n := 1; n <= 2; n++ {
		r, err := p.IllegalMove(s, IllegalReport{Offender: rules.Black, Kind: IllegalMove, ReinstatePly: -1})
		expect(t, r, err, "10.3", Continue, add)
		s.IllegalMoves[rules.Black] = r.IllegalMoves
	}
	r, err := p.IllegalMove(s, IllegalReport{Offender: rules.Black, Kind: IllegalMove, ReinstatePly: -1})
	expect(t, r, err, "10.3", WhiteWins)
}

func TestLaws1997_10_4_BothFlagsQuickplayDraw(t *testing.T) {
	p := quickplay1997(t)
	s := sit(game(t, "", "e4"), 0, 0)
	s.LastPeriod = true
	r, err := p.BothFlags(s, nil)
	expect(t, r, err, "10.4", Draw)
}

func TestLaws1997_11_1_Points(t *testing.T) {
	p := profile(t, "fide-1997")
	for _, tt := range []struct {
		r    Result
		w, b float64
	}{{WhiteWins, 1, 0}, {BlackWins, 0, 1}, {Draw, 0.5, 0.5}, {BothLose, 0, 0}} {
		w, b, err := p.Score(tt.r)
		if err != nil || w != tt.w || b != tt.b {
			t.Errorf("%s: %v-%v %v", tt.r, w, b, err)
		}
	}
	if _, _, err := p.Score(Continue); err == nil {
		t.Error("an unfinished game scored")
	}
	p3, err := p.WithPoints(Points{Win: 3, Draw: 1, Loss: 0})
	if err != nil {
		t.Fatal(err)
	}
	if w, b, _ := p3.Score(Draw); w != 1 || b != 1 {
		t.Errorf("3/1/0 draw %v-%v", w, b)
	}
	if _, err := p.WithPoints(Points{Win: 0, Draw: 1}); err == nil {
		t.Error("a draw worth more than a win accepted")
	}
}

func TestLaws1997_12_5_RepeatedDrawOffers(t *testing.T) {
	p := profile(t, "fide-1997")
	s := sit(game(t, "", "e4"), minute, minute)
	r, err := p.Penalize(s, rules.White, Penalty{Kind: Warning, Offence: Distraction})
	expect(t, r, err, "12.5", Continue)
	if len(r.See) != 2 || r.See[0] != "12.6" || r.See[1] != "13.4a" {
		t.Fatalf("see %v", r.See)
	}
}

func TestLaws1997_12_7_RefusalToComply(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.RefuseToComply(sit(game(t, ""), minute, minute), rules.Black)
	expect(t, r, err, "12.7", WhiteWins)
}

func TestLaws1997_12_8_BothAtFault(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.BothAtFault(sit(game(t, ""), minute, minute))
	expect(t, r, err, "12.8", BothLose)
	if w, b, _ := p.Score(r.Result); w != 0 || b != 0 {
		t.Fatalf("0-0 scored %v-%v", w, b)
	}
}

func TestLaws1997_13_4_Penalties(t *testing.T) {
	p := profile(t, "fide-1997")
	s := sit(game(t, "", "e4"), 5*minute, 5*minute)
	r, err := p.Penalize(s, rules.White, Penalty{Kind: Warning})
	expect(t, r, err, "13.4a", Continue)
	r, err = p.Penalize(s, rules.White, Penalty{Kind: TimeToOpponent, Amount: 2 * minute})
	expect(t, r, err, "13.4b", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	r, err = p.Penalize(s, rules.White, Penalty{Kind: TimeOff, Amount: 5 * minute})
	expect(t, r, err, "13.4c", Continue, Adjustment{Side: rules.White, Kind: SubtractTime, Amount: 5 * minute})
	r, err = p.Penalize(s, rules.White, Penalty{Kind: Loss})
	expect(t, r, err, "13.4d", BlackWins)
	r, err = p.Penalize(s, rules.White, Penalty{Kind: Expulsion})
	expect(t, r, err, "13.4e", BlackWins)
	if !r.Expelled {
		t.Fatal("not expelled")
	}
	_, err = p.Penalize(s, rules.White, Penalty{Kind: TimeOff, Amount: 5*minute + 1})
	expectErr(t, err, ErrBelowZero)
	_, err = p.Penalize(s, rules.White, Penalty{Kind: TimeToOpponent, Amount: -minute})
	expectErr(t, err, ErrBelowZero)
	_, err = p.Penalize(s, rules.White, Penalty{Kind: Fine})
	expectErr(t, err, ErrNotInProfile)
}

func TestLaws1997_13_5_ExternalDisturbance(t *testing.T) {
	p := profile(t, "fide-1997")
	r, err := p.ExternalDisturbance(sit(game(t, "", "e4"), minute, minute), 2*minute, 2*minute)
	expect(t, r, err, "13.5", Continue,
		Adjustment{Side: rules.White, Kind: AddTime, Amount: 2 * minute},
		Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
}

func TestLaws1997_9_6_NoGameFromADeadPosition(t *testing.T) {
	for _, tt := range []struct {
		profile, fen, article string
	}{
		{"fide-1997", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "9.6"},
		{"fide-2023", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "5.2.2"},
		{"fide-2023", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "5.2.2"},
		{"fide-1997", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "5.2"},
	} {
		p := profile(t, tt.profile)
		err := p.PlayableStart(game(t, tt.fen).Position())
		if !errors.Is(err, ErrNotApplicable) || !strings.Contains(err.Error(), tt.profile+" "+tt.article+":") {
			t.Errorf("%s %s: %v, want a refusal citing %s", tt.profile, tt.fen, err, tt.article)
		}
	}
	for _, fen := range []string{"", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"} {
		if err := profile(t, "fide-1997").PlayableStart(game(t, fen).Position()); err != nil {
			t.Errorf("%q: %v", fen, err)
		}
	}
}

func TestLaws1997_10_1_QuickplayFinishWithoutAnnouncement(t *testing.T) {
	// 10.1: the quickplay finish is the last period of any game; 10.2-10.4
	// apply there without announcement (2023 keeps the announcement, III.2.1).
	p := profile(t, "fide-1997")
	if off, _ := p.WithQuickplayFinish(false); !p.QuickplayFinish || !off.QuickplayFinish {
		t.Fatal("the 1997 quickplay finish needs no announcement")
	}
	g := game(t, "", "e4", "e5")
	s := sit(g, 90*time.Second, 5*time.Minute)
	s.LastPeriod = true
	if err := p.QuickplayAdmissible(s, rules.White); err != nil {
		t.Fatalf("10.2 claim in the sudden-death period: %v", err)
	}
	r, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: -1})
	expect(t, r, err, "10.3", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
	r, err = p.BothFlags(sit(g, 0, 0), nil)
	expect(t, r, err, "6.11", Continue) // not the last period
	s0 := sit(g, 0, 0)
	s0.LastPeriod = true
	r, err = p.BothFlags(s0, nil)
	expect(t, r, err, "10.4", Draw)
	if q := profile(t, "fide-2023"); q.QuickplayAdmissible(s, rules.White) == nil {
		t.Fatal("2023: Guidelines III apply only if announced")
	}
}

func TestLaws1997_10_1_NoQuickplayFinishWithIncrement(t *testing.T) {
	// 10.1: a quickplay finish is a period in which all remaining moves
	// must be made in a limited time; with time added per move they are
	// not, so neither 10.2's claim nor 10.3's penalty nor 10.4 applies.
	p := profile(t, "fide-1997")
	g := game(t, "", "e4", "e5")
	s := sit(g, 90*time.Second, 5*time.Minute)
	s.LastPeriod, s.TimeAddedPerMove = true, true
	expectErr(t, p.QuickplayAdmissible(s, rules.White), ErrNotApplicable)
	r, err := p.IllegalMove(s, IllegalReport{Offender: rules.White, Kind: IllegalMove, ReinstatePly: -1})
	expect(t, r, err, "7.4", Continue)
	s0 := sit(g, 0, 0)
	s0.LastPeriod, s0.TimeAddedPerMove = true, true
	r, err = p.BothFlags(s0, nil)
	expect(t, r, err, "6.11", Continue)
}

func TestLaws1997_10_2_ClaimWithoutTheMove(t *testing.T) {
	// 10.2: "a player having less than two minutes on his clock may claim"
	// - having the move is not required; 2023 III.5 requires it.
	g := game(t, "", "e4") // Black to move
	s := sit(g, 90*time.Second, 5*time.Minute)
	s.LastPeriod = true
	if err := profile(t, "fide-1997").QuickplayAdmissible(s, rules.White); err != nil {
		t.Fatalf("1997 claim by the player not on move: %v", err)
	}
	q, _ := profile(t, "fide-2023").WithQuickplayFinish(true)
	expectErr(t, q.QuickplayAdmissible(s, rules.White), ErrNotOnMove)
	r, err := profile(t, "fide-1997").QuickplayClaim(s, rules.White, JudgePostpone, true)
	expect(t, r, err, "10.2", Continue, Adjustment{Side: rules.Black, Kind: AddTime, Amount: 2 * minute})
}

func TestLaws1997_10_2c_DrawAfterTheFlagFell(t *testing.T) {
	p := profile(t, "fide-1997")
	g := game(t, "", "e4", "e5")
	s := sit(g, 0, 3*time.Minute)
	s.Result = BlackWins // White's flag fell after the postponement
	r, err := p.QuickplayDrawLater(s, rules.White, true)
	expect(t, r, err, "10.2c", Draw)
	_, err = p.QuickplayDrawLater(s, rules.White, false) // ended otherwise (e.g. resignation)
	expectErr(t, err, ErrGameOver)
	r, err = p.QuickplayDrawLater(sit(g, time.Minute, time.Minute), rules.White, false)
	expect(t, r, err, "10.2c", Draw)
	r, err = profile(t, "fide-2023").QuickplayDrawLater(s, rules.White, true)
	expect(t, r, err, "III.5.2", Draw)
}
