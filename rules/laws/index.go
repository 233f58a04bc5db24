package laws

import "sort"

// Entry is one line of the Laws index: an article of a profile, what Hakem
// decides under it, the function that decides it (package.Name, or
// package.Type.Method), the API endpoint that reaches it and the test that
// shows it (package path and test name). The articles are the profile's own
// Articles strings, the ones its rulings cite.
type Entry struct {
	Profile  string
	Article  string
	Decides  string
	Function string
	Endpoint string
	Test     string
}

// NoEndpoint is the endpoint of an entry that the API does not reach: the
// decision exists in rules/laws only.
const NoEndpoint = "none: rules/laws only, not reached through the API"

// Index lists, for profile p, article by article, what Hakem decides (the
// source of `hakem laws`): every article a ruling of the profile can cite
// has an entry (TestIndexCoversCitations). Entries are grouped by article.
func (p Profile) Index() []Entry {
	a := p.Articles
	old := p.Edition == 1997
	// by picks the test of the profile's edition
	by := func(t1997, t2023 string) string {
		if old {
			return t1997
		}
		return t2023
	}
	var out []Entry
	e := func(article, decides, fn, endpoint, test string) {
		if article != "" {
			out = append(out, Entry{Profile: p.Name, Article: article, Decides: decides, Function: fn, Endpoint: endpoint, Test: test})
		}
	}
	const (
		moves    = "POST /api/games/{id}/moves"
		claims   = "POST /api/games/{id}/claims"
		rulings  = "POST /api/games/{id}/rulings"
		illegal  = "POST /api/games/{id}/illegal-moves"
		draw     = "POST /api/games/{id}/draw"
		watcher  = "clock.flag_fell (clocks watcher)"
		e2eBoard = "services/e2e.TestLawsBoardIncidents"
	)
	// Article 4: touch-move.
	e(a.Adjusting, "a piece adjusted, not touched to move it: no obligation", "laws.Profile.Adjusted", rulings+" (touch_move, judgement adjusted)", e2eBoard)
	e(a.TouchOwn, "an own piece touched must be moved", "laws.Profile.TouchMove", rulings+" (touch_move)", by("rules/laws.TestLaws1997_4_3a_TouchOwnPiece", "rules/laws.TestLaws2023_4_3_1_TouchOwnPiece"))
	if a.TouchOpponent != a.TouchOwn {
		e(a.TouchOpponent, "an opponent's piece touched must be captured", "laws.Profile.TouchMove", rulings+" (touch_move)", "rules/laws.TestTouchMoveProperties")
	}
	e(a.TouchBoth, "own and opponent's piece touched: that capture, else the first that can move", "laws.Profile.TouchMove", rulings+" (touch_move)", by("rules/laws.TestLaws1997_4_3b_TouchOwnAndOpponent", "rules/laws.TestLaws2023_4_3_3_TouchOwnAndOpponent"))
	e(a.TouchKingRook, "king then rook touched: castling on that side if legal", "laws.Profile.TouchMove", rulings+" (touch_move, e1+h1)", by(e2eBoard, "rules/laws.TestTouchMoveProperties"))
	e(a.TouchRookKing, "rook then king touched: no castling with that rook on this move", "laws.Profile.TouchMove", rulings+" (touch_move)", by("rules/laws.TestLaws1997_4_4b_RookThenKing", "rules/laws.TestTouchMoveProperties"))
	e(a.TouchCastlingIllegal, "castling illegal after touching king and rook: another king move", "laws.Profile.TouchMove", rulings+" (touch_move)", by("rules/laws.TestLaws1997_4_4c_CastlingIllegalKingMoves", "rules/laws.TestLaws2023_4_4_3_CastlingIllegal"))
	e(a.TouchNoneMovable, "no touched piece can be moved or captured: any legal move", "laws.Profile.TouchMove", rulings+" (touch_move)", "rules/laws.TestLaws1997_4_5_NoTouchedPieceCanMove")
	// Article 5: the completion of the game.
	e(a.Checkmate, "checkmate ends the game", "laws.Profile.GameEnd", moves, "rules/laws.TestLaws1997_5_1a_Checkmate")
	e(a.Resignation, "resignation: the opponent wins (2023: a draw if he cannot mate)", "laws.Profile.Resign", "POST /api/games/{id}/resign", by("rules/laws.TestLaws1997_5_1b_Resignation", "rules/laws.TestLaws2023_5_1_2_ResignationAgainstSideThatCannotMate"))
	e(a.Stalemate, "stalemate is a draw", "laws.Profile.GameEnd", moves, "rules/laws.TestLaws1997_5_2_Stalemate")
	e(a.DeadPosition, "a dead position is a draw; no game is created from one", "laws.Profile.PlayableStart", "POST /api/games (start_fen)", "services/e2e.TestLawsDeadStartRefused")
	e(a.DeadPosition, "mating ability: walls with a pawn step or two left searched, sound on a 560-position corpus", "rules.CanMate", moves, "rules/laws.TestDeadCorpusSound")
	e(a.Agreement, "draw by agreement (2023: once both have moved)", "laws.Profile.AnswerOffer", draw+" (accept)", by("rules/laws.TestLaws1997_5_3_DrawByAgreement", "rules/laws.TestLaws2023_5_2_3_AgreementNeedsAMoveEach"))
	// Article 6: the clock.
	e(a.LateArrival, "late arrival: default after the event's time (late_default_ms on the game or tournament)", "laws.Profile.LateArrival", rulings+" (late_arrival)", "services/e2e.TestLawsLateDefault")
	e(a.FlagObserved, "a flag found after the game ended: the result stands", "laws.Profile.FlagFall", watcher, "rules/laws.TestLaws1997_6_9_FlagAfterGameEnded")
	e(a.FlagFall, "flag fall: loss, or a draw if the opponent cannot mate; the side on move's clock runs", "laws.Profile.FlagFall", watcher, "services/e2e.TestLawsBlackToMoveClock")
	e(a.FlagObserved, "a win on time claimed by the player: valid with the opponent's flag down and his own up, then 6.9", "laws.Profile.FlagClaim", rulings+" (flag_claim)", "rules/laws.TestLaws2023_A_5_3_FlagClaim")
	e(a.BothFlagsContinue, "both flags down, order unknown: play continues", "laws.Profile.BothFlags", rulings+" (both_flags)", "services/e2e.TestLawsBothFlags")
	e(a.ClockAdjustment, "the clocks adjusted after an irregularity", "laws.Profile.DisplacedPieces", rulings+" (displaced_pieces, time_off|time_to_opponent)", e2eBoard)
	// Article 7: irregularities.
	e(a.WrongInitialPosition, "wrong initial position: annulled and replayed", "laws.Profile.WrongInitialPosition", rulings+" (wrong_initial_position)", "services/e2e.TestArbiterIncidents")
	e(a.WrongOrientation, "the board placed the wrong way round: the position transferred, play continues", "laws.Profile.WrongOrientation", rulings+" (board_orientation)", e2eBoard)
	e(a.ColoursReversed, "colours reversed: play continues (2023: a new game before ten moves each)", "laws.Profile.ColoursReversed", rulings+" (colours_reversed)", e2eBoard)
	e(a.DisplacedRestore, "displaced pieces: restored in the player's own time", "laws.Profile.DisplacedPieces", rulings+" (displaced_pieces)", e2eBoard)
	e(a.DisplacedFound, "displaced pieces found: the position reinstated, the clocks adjusted", "laws.Profile.DisplacedPieces", rulings+" (displaced_pieces, time_off|time_to_opponent)", e2eBoard)
	e(a.DisplacedPenalty, "displaced pieces: the arbiter may penalise", "laws.Profile.DisplacedPieces", rulings+" (displaced_pieces, penalty)", e2eBoard)
	e(a.IllegalMove, "completed illegal move: the position before it reinstated", "laws.Profile.IllegalMove", illegal, by("rules/laws.TestLaws1997_7_4_IllegalMove", "rules/laws.TestLaws2023_7_5_5_IllegalMove"))
	e(a.IllegalMovePenalty, "completed illegal move: reinstated, penalty", "laws.Profile.IllegalMove", illegal, "services/e2e.TestArbiterIncidents")
	e(a.PawnNotReplaced, "a pawn on the last rank not replaced: an illegal move, the pawn becomes a queen", "laws.Profile.IllegalMove", illegal+" (kind pawn_not_replaced)", "services/e2e.TestLawsIrregularities")
	e(a.PressWithoutMove, "the clock pressed without a move: an illegal move", "laws.Profile.IllegalMove", illegal+" (kind press_without_move)", "services/e2e.TestLawsIrregularities")
	e(a.TwoHands, "a move made with two hands: an illegal move", "laws.Profile.IllegalMove", illegal+" (kind two_hands)", "services/e2e.TestLawsIrregularities")
	// Article 8: recording.
	e(a.Recording, "recording the moves not required under five minutes without 30 s per move", "laws.Profile.RecordingRequired", NoEndpoint, "rules/laws.TestLaws1997_8_4_RecordingNotRequired")
	// Article 9: the drawn game.
	e(a.DrawOffer, "a draw offer stands until answered", "laws.Profile.AnswerOffer", draw, by("rules/laws.TestLaws1997_9_1_DrawOffer", "rules/laws.TestLaws2023_9_1_2_1_DrawOffer"))
	if a.DrawOfferAnswer != a.DrawOffer {
		e(a.DrawOfferAnswer, "a draw offer accepted, declined or declined by moving", "laws.Profile.AnswerOffer", draw, by("rules/laws.TestLaws1997_9_1_DrawOffer", "rules/laws.TestLaws2023_9_1_2_1_DrawOffer"))
	}
	e(a.RepetitionIntended, "repetition claim with the move written, not played", "laws.Profile.ClaimDraw", claims+" (intended_move)", by("rules/laws.TestLaws1997_9_2a_RepetitionIntendedMove", "rules/laws.TestLaws2023_9_2_1_RepetitionIntendedMove"))
	e(a.RepetitionReached, "threefold repetition claim", "laws.Profile.ClaimDraw", claims, "services/e2e.TestDrawClaims")
	e(a.FiftyIntended, "fifty-move claim with the move written", "laws.Profile.ClaimDraw", claims+" (intended_move)", by("rules/laws.TestLaws1997_9_3a_FiftyMovesIntended", "rules/laws.TestLaws2023_9_3_FiftyMoves"))
	e(a.FiftyReached, "fifty-move claim", "laws.Profile.ClaimDraw", claims, by("rules/laws.TestLaws1997_9_3b_FiftyMovesReached", "rules/laws.TestLaws2023_9_3_FiftyMoves"))
	e(a.ClaimAfterTouch, "after touching a piece no 9.2/9.3 claim on that move", "laws.Profile.ClaimDraw", claims, e2eBoard)
	e(a.ClaimCorrect, "correct claim: draw", "laws.Profile.ClaimDraw", claims, "services/e2e.TestDrawClaims")
	e(a.ClaimIncorrect, "incorrect claim: time penalty", "laws.Profile.ClaimDraw", claims, "services/e2e.TestDrawClaims")
	e(a.Fivefold, "fivefold repetition ends the game", "laws.Profile.GameEnd", moves, "rules/laws.TestLaws2023_9_6_1_Fivefold")
	e(a.SeventyFive, "75 moves without pawn move or capture end the game", "laws.Profile.GameEnd", moves, "rules/laws.TestLaws2023_9_6_2_SeventyFiveMoves")
	// Article 10 (1997: the quickplay finish; 2023: points).
	e(a.QuickplayApplies, "when the quickplay finish applies", "laws.Profile.QuickplayAdmissible", claims+" (quickplay_finish)", "services/e2e.TestLaws1997QuickplayFinish")
	e(a.QuickplayClaim, "quickplay-finish claim: draw, postpone (reject in 2023)", "laws.Profile.QuickplayClaim", rulings+" (quickplay_claim)", "services/e2e.TestQuickplayFinish")
	e(a.QuickplayLater, "a postponed claim decided later, even after a flag fall", "laws.Profile.QuickplayDrawLater", rulings+" (quickplay_claim, draw)", "services/e2e.TestLaws1997QuickplayFinish")
	e(a.BothFlagsDraw, "both flags down in the last period, order unknown: draw", "laws.Profile.BothFlags", rulings+" (both_flags)", "services/e2e.TestLawsBothFlags")
	e(a.Points, "a win scores 1, a draw ½, a loss 0", "laws.Profile.Score", NoEndpoint, by("rules/laws.TestLaws1997_11_1_Points", "rules/laws.TestLaws2023_10_1_Points"))
	// Conduct and penalties.
	e(a.Distraction, "distracting the opponent (repeated draw offers)", "laws.Profile.Penalize", rulings+" (penalty, distraction)", by("rules/laws.TestLaws1997_12_5_RepeatedDrawOffers", "rules/laws.TestLaws2023_11_5_RepeatedDrawOffers"))
	e(a.DistractionPenalty, "an infraction of the conduct articles penalised", "laws.Profile.Penalize", rulings+" (penalty, distraction)", by("rules/laws.TestLaws1997_12_5_RepeatedDrawOffers", "rules/laws.TestLaws2023_11_5_RepeatedDrawOffers"))
	e(a.RefusalToComply, "persistent refusal to comply loses", "laws.Profile.RefuseToComply", NoEndpoint, by("rules/laws.TestLaws1997_12_7_RefusalToComply", "rules/laws.TestLaws2023_11_7_RefusalToComply"))
	e(a.BothAtFault, "both players at fault lose", "laws.Profile.BothAtFault", rulings+" (both_at_fault)", "services/e2e.TestBothLoseTournament")
	e(a.ExternalDisturbance, "extra time after an external disturbance", "laws.Profile.ExternalDisturbance", NoEndpoint, by("rules/laws.TestLaws1997_13_5_ExternalDisturbance", "rules/laws.TestLaws2023_12_5_ExternalDisturbance"))
	e(a.Penalties, "the arbiter's penalties", "laws.Profile.Penalize", rulings+" (penalty)", "services/e2e.TestArbiterIncidents")
	kinds := make([]PenaltyKind, 0, len(p.penalties))
	for k := range p.penalties {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i] < kinds[j] })
	for _, k := range kinds {
		endpoint := rulings + " (penalty " + penaltyAPI[k] + ")"
		if penaltyAPI[k] == "" {
			endpoint = NoEndpoint
		}
		test := by("rules/laws.TestLaws1997_13_4_Penalties", "rules/laws.TestLaws2023_12_9_Penalties")
		if k == OpponentPointsToMaximum || k == OffenderPointsReduced {
			test = "services/e2e.TestLawsPointsPenalties" // the standings follow (scoring.StandingsPenalised)
		}
		if k == Fine || k == ExclusionFromRounds || k == Loss && p.LossOpponentScoreDecided {
			test = "services/e2e.TestLawsLossFineExclusion" // the opponent's score, the fine, the rounds left out
		}
		if k == ExclusionFromRounds {
			endpoint += "; POST /api/tournaments/{id}/exclusions"
		}
		if k == Loss && p.LossOpponentScoreDecided {
			endpoint = rulings + " (penalty loss, opponent_points)"
		}
		e(p.penalties[k], "penalty: "+k.String(), "laws.Profile.Penalize", endpoint, test)
	}
	// The 2023 appendices and guidelines.
	e(a.RapidDefinition, "a game's mode from its time control", "laws.ModeFor", "POST /api/games (mode)", "services/e2e.TestLawsRapidBlitzPenalties")
	e(a.ReducedPenalties, "rapid: penalties of articles 7 and 9 are one minute", "laws.Profile.IllegalMove", illegal, "services/e2e.TestLawsRapidBlitzPenalties")
	e(a.SetUpNoClaim, "rapid/blitz unsupervised: no set-up claim after ten moves each", "laws.Profile.WrongInitialPosition", rulings+" (wrong_initial_position, board_orientation)", "rules/laws.TestOrientationRelaxed")
	e(a.IllegalMoveStands, "rapid/blitz unsupervised: an unclaimed illegal move stands after the opponent's move", "laws.Profile.IllegalMove", illegal, "rules/laws.TestLaws2023_A_5_2_IllegalMoveStandsAfterOpponentsMove")
	e(a.RapidSupervised, "rapid/blitz fully supervised (supervised on the game or tournament): the Competition Rules apply, not A.5", "laws.Profile.WithSupervised", "POST /api/games (supervised); POST /api/tournaments (supervised)", "services/e2e.TestLawsRapidSupervised")
	e(a.FlagClaim, "rapid/blitz unsupervised: a win on time claimed; drawn if the claimant cannot mate", "laws.Profile.FlagClaim", rulings+" (flag_claim)", "services/e2e.TestLawsRapidBlitzClaims")
	e(a.IllegalPositionObserved, "rapid/blitz unsupervised: an illegal position observed: play to the next move, then drawn if still there", "laws.Profile.IllegalPosition", rulings+" (illegal_position, observed, next_move_completed)", "services/e2e.TestLawsRapidBlitzClaims")
	e(a.FlagCalled, "rapid/blitz unsupervised: the arbiter calls the flag he observes", "laws.Profile.FlagFall", watcher, "services/e2e.TestLawsRapidBlitzClaims")
	e(a.BlitzDefinition, "blitz: ten minutes or less", "laws.ModeFor", "POST /api/games (mode)", "rules/laws.TestLaws2023_A_1_B_1_ModeFromTheControl")
	e(a.BlitzPenalties, "blitz: penalties of articles 7 and 9 are one minute", "laws.Profile.ClaimDraw", claims, "services/e2e.TestLawsRapidBlitzPenalties")
	e(a.BlitzUnsupervised, "blitz unsupervised follows A.2, A.3 and A.5", "laws.Profile.IllegalMove", illegal, "rules/laws.TestLaws2023_B_3_IllegalMoveBlitzOneMinute")
	e(a.IncrementRequest, "request for an increment in the quickplay finish", "laws.Profile.IncrementRequest", rulings+" (increment_request)", "services/e2e.TestQuickplayIncrement")
	return out
}

// penaltyAPI names the penalties as POST /api/games/{id}/rulings takes
// them ("" for those it does not take).
var penaltyAPI = map[PenaltyKind]string{
	Warning: "warning", TimeToOpponent: "time_to_opponent", TimeOff: "time_off", Loss: "loss", Expulsion: "expulsion",
	OpponentPointsToMaximum: "opponent_points_to_maximum", OffenderPointsReduced: "offender_points_reduced, points",
	Fine: "fine, fine", ExclusionFromRounds: "exclusion, excluded_rounds",
}
