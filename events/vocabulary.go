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
