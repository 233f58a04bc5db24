package events

// The words the catalogue's events carry, each defined once: the literal
// is written here and nowhere else in non-test code (the architecture test,
// services/internal/archcheck, holds every package to it).

// Matter is what an arbiter's ruling (RulingGiven.Matter) is on.
type Matter string

// The matters of rulings.
const (
	// MatterDrawClaim: a draw claim (9.2, 9.3), also the judgement of a
	// quickplay-finish claim or an increment request; the clocks restart
	// on it.
	MatterDrawClaim Matter = "draw_claim"
	// MatterFlagFall: a flag fall (6.9), ruled by the arbiter service.
	MatterFlagFall Matter = "flag_fall"
	// MatterBothFlags: both flags down, the order of the falls unknown.
	MatterBothFlags Matter = "both_flags"
	// MatterIllegalMove: an illegal move reported (7.5).
	MatterIllegalMove Matter = "illegal_move"
	// MatterPenalty: a penalty by hand (12.9).
	MatterPenalty Matter = "penalty"
	// MatterLateArrival: a player late at the board (6.7).
	MatterLateArrival Matter = "late_arrival"
	// MatterWrongInitialPosition: the initial position found wrong (7.2).
	MatterWrongInitialPosition Matter = "wrong_initial_position"
	// MatterBothAtFault: both players at fault (1997 12.8, 2023 11.8).
	MatterBothAtFault Matter = "both_at_fault"
	// MatterResultOverride: a result replaced after the fact.
	MatterResultOverride Matter = "result_override"
	// MatterQuickplayClaim: the arbiter's judgement of a quickplay-finish
	// claim (2023 Guidelines III.5, 1997 10.2).
	MatterQuickplayClaim Matter = "quickplay_claim"
	// MatterIncrementRequest: the arbiter's judgement of a request for an
	// increment (2023 Guidelines III.4); the same word as the claim's.
	MatterIncrementRequest = Matter(ClaimIncrementRequest)
	// MatterTouchMove: a touch-move dispute (4.3, 4.4).
	MatterTouchMove Matter = "touch_move"
	// MatterDisplacedPieces: pieces displaced (7.4).
	MatterDisplacedPieces Matter = "displaced_pieces"
	// MatterBoardOrientation: the board placed wrongly (7.3).
	MatterBoardOrientation Matter = "board_orientation"
	// MatterColoursReversed: the game begun with colours reversed (7.3).
	MatterColoursReversed Matter = "colours_reversed"
	// MatterFlagClaim: a player's claim of a win on time brought to the
	// arbiter (6.8; 2023 A.5.3 in rapid and blitz not fully supervised).
	MatterFlagClaim Matter = "flag_claim"
	// MatterIllegalPosition: an illegal position the arbiter observes in
	// rapid or blitz he does not fully supervise (2023 A.5.4).
	MatterIllegalPosition Matter = "illegal_position"
)

// ClaimReason is the ground of a draw claim (DrawClaimed.Reason).
type ClaimReason string

// The grounds of draw claims.
const (
	// ClaimThreefold: the same position a third time (9.2).
	ClaimThreefold ClaimReason = "threefold_repetition"
	// ClaimFiftyMoves: fifty moves without a capture or a pawn move (9.3).
	ClaimFiftyMoves ClaimReason = "fifty_moves"
	// ClaimQuickplay: the quickplay finish (2023 Guidelines III.5, 1997
	// 10.2), judged by the arbiter.
	ClaimQuickplay ClaimReason = "quickplay_finish"
	// ClaimIncrementRequest: a request for an increment in the quickplay
	// finish (2023 Guidelines III.4), judged by the arbiter.
	ClaimIncrementRequest ClaimReason = "increment_request"
)

// Termination is how a game ended (GameEnded.Termination). The words a
// termination shares with a ruling matter or a claim reason are defined
// from them, so each is written once.
type Termination string

// The terminations of games.
const (
	// TerminationCheckmate: checkmate (5.1.1 / 5.1a).
	TerminationCheckmate Termination = "checkmate"
	// TerminationStalemate: stalemate (5.2.1 / 5.2a).
	TerminationStalemate Termination = "stalemate"
	// TerminationDeadPosition: a dead position (2023 5.2.2, 1997 9.6).
	TerminationDeadPosition Termination = "dead_position"
	// TerminationFivefold: the same position a fifth time (2023 9.6.1).
	TerminationFivefold Termination = "fivefold_repetition"
	// TerminationSeventyFiveMoves: 75 moves each without a capture or a
	// pawn move (2023 9.6.2).
	TerminationSeventyFiveMoves Termination = "seventy_five_moves"
	// TerminationResignation: a player resigned (5.1.2 / 5.1b).
	TerminationResignation Termination = "resignation"
	// TerminationAgreement: a draw agreed (5.2.3 / 5.2c), also an
	// increment request the opponent accepted (2023 III.4).
	TerminationAgreement Termination = "agreement"
	// TerminationRepetition: a draw claimed on a threefold repetition (9.2).
	TerminationRepetition Termination = "repetition"
	// TerminationFiftyMoves: a draw claimed under the fifty-move rule (9.3).
	TerminationFiftyMoves = Termination(ClaimFiftyMoves)
	// TerminationQuickplay: a quickplay-finish claim upheld (2023 III.5,
	// 1997 10.2).
	TerminationQuickplay = Termination(ClaimQuickplay)
	// TerminationFlagFall: a flag fell (6.9).
	TerminationFlagFall = Termination(MatterFlagFall)
	// TerminationBothFlags: both flags fell, the first unknown (1997 10.4,
	// 2023 III.3.1.2), or a flag against a side that cannot mate.
	TerminationBothFlags = Termination(MatterBothFlags)
	// TerminationInsufficientMaterialFlag: a flag fell, the opponent unable
	// to checkmate: a draw (6.9).
	TerminationInsufficientMaterialFlag Termination = "insufficient_material_flag"
	// TerminationIllegalMove: a game lost by illegal moves (7.5).
	TerminationIllegalMove = Termination(MatterIllegalMove)
	// TerminationForfeit: a game not played over the board (a default for
	// late arrival or absence, 6.7; a forfeit given by a result override).
	TerminationForfeit Termination = "forfeit"
	// TerminationResultsSheet: ended with the result the arbiter's desk
	// entered from the results sheet (a game played on a wooden board, its
	// moves never recorded here).
	TerminationResultsSheet Termination = "results_sheet"
	// TerminationArbiter: ended by the arbiter's ruling (a penalty, both
	// at fault, a result given by hand); the arbiter's word (WriterArbiter).
	TerminationArbiter = Termination(WriterArbiter)
)

// Result is a game's result, as the scoresheet and the tournament write
// it (GameEnded.Result, ResultOverridden.Result, a results sheet's).
type Result string

// The results of games.
const (
	// ResultWhiteWins: 1-0.
	ResultWhiteWins Result = "1-0"
	// ResultBlackWins: 0-1.
	ResultBlackWins Result = "0-1"
	// ResultDraw: ½-½.
	ResultDraw Result = "1/2-1/2"
	// ResultBothLost: a game played both players lost (both at fault,
	// 2023 11.8 / 1997 12.8): 0-0.
	ResultBothLost Result = "0-0"
	// ResultUnfinished: the game goes on (the PGN's "*").
	ResultUnfinished Result = "*"
	// ResultWhiteForfeitWin: White wins by forfeit (Black lost without
	// play: absent at the start, a default).
	ResultWhiteForfeitWin Result = "+/-"
	// ResultBlackForfeitWin: Black wins by forfeit.
	ResultBlackForfeitWin Result = "-/+"
	// ResultDoubleForfeit: both lost by forfeit.
	ResultDoubleForfeit Result = "-/-"
	// ResultUnratedWhiteWin, ResultUnratedBlackWin, ResultUnratedDraw and
	// ResultUnratedBothLost: the results of games that lasted less than
	// one move (the TRF's W, L, D): played for the pairing, not rated.
	ResultUnratedWhiteWin Result = "W/L"
	ResultUnratedBlackWin Result = "L/W"
	ResultUnratedDraw     Result = "D/D"
	ResultUnratedBothLost Result = "L/L"
)

// Penalty is a penalty of Article 12.9 as the events record it
// (PenaltyImposed.Kind, RulingGiven.Penalty).
type Penalty string

// The penalties.
const (
	// PenaltyWarning: a warning (12.9.1).
	PenaltyWarning Penalty = "warning"
	// PenaltyTimeToOpponent: time added to the opponent's clock (12.9.2).
	PenaltyTimeToOpponent Penalty = "time_added_to_opponent"
	// PenaltyTimeDeducted: time taken from the offender's clock (12.9.3).
	PenaltyTimeDeducted Penalty = "time_deducted"
	// PenaltyOpponentPointsToMaximum: the opponent's score in the game
	// raised to the maximum (2023 12.9.4).
	PenaltyOpponentPointsToMaximum Penalty = "opponent_points_to_maximum"
	// PenaltyPointsReduced: the offender's score in the game reduced
	// (2023 12.9.5).
	PenaltyPointsReduced Penalty = "points_reduced"
	// PenaltyLoss: the game declared lost by the offender (12.9.6).
	PenaltyLoss Penalty = "loss"
	// PenaltyFine: a fine announced in advance (2023 12.9.7).
	PenaltyFine Penalty = "fine"
	// PenaltyExclusion: exclusion from one or more rounds (2023 12.9.8).
	PenaltyExclusion Penalty = "exclusion_from_rounds"
	// PenaltyExpulsion: expulsion from the competition (12.9.9).
	PenaltyExpulsion Penalty = "expulsion"
	// PenaltyIncrementIntroduced is no penalty: the arbiter's order to set
	// the clocks with an increment (2023 Guidelines III.4: five seconds for
	// both players, at the request of a player in the quickplay finish);
	// AmountMs is the increment, which the clocks service carries out as
	// clock.control_changed.
	PenaltyIncrementIntroduced Penalty = "increment_introduced"
)

// PointsFor names what a tournament's point system gives points for
// (TournamentCreated.PointSystem's keys).
type PointsFor string

// The entries of a point system.
const (
	// PointsWin: a game won, over the board or by forfeit.
	PointsWin PointsFor = "win"
	// PointsDraw: a game drawn.
	PointsDraw PointsFor = "draw"
	// PointsLoss: a game lost over the board; the word of a loss penalty.
	PointsLoss = PointsFor(PenaltyLoss)
	// PointsBye: the pairing-allocated bye.
	PointsBye PointsFor = "bye"
	// PointsForfeitLoss: a game lost by forfeit (0 when absent).
	PointsForfeitLoss PointsFor = "forfeit_loss"
)

// PointSystem is a tournament's points for each entry; an entry not given
// scores 0.
type PointSystem map[PointsFor]float64
