package events

import "time"

// Game events: written by the games service on game.<id>.games.

// Color is a side: "white" or "black".
type Color string

// The colors.
const (
	// White is the side that moves first.
	White Color = "white"
	// Black is the side that moves second.
	Black Color = "black"
)

// GameCreated opens a game: the pairing of a round, or a casual game.
type GameCreated struct {
	// TournamentID is the tournament ("" for a game outside one).
	TournamentID string `json:"tournament_id,omitempty"`
	// Round and Board place the game in the tournament.
	Round int `json:"round,omitempty"`
	Board int `json:"board,omitempty"`
	// White and Black are the players' ids.
	White string `json:"white"`
	Black string `json:"black"`
	// TimeControl is the control in PGN TimeControl notation (e.g. "40/5400+30:1800+30").
	TimeControl string `json:"time_control"`
	// LawsProfile is the Laws edition ("fide-2023", "fide-1997").
	LawsProfile string `json:"laws_profile"`
	// StartFEN is the initial position when not the standard one.
	StartFEN string `json:"start_fen,omitempty"`
	// ReplayOf is the annulled game this one is played in place of (the
	// new game of 2023 7.2.1 / 1997 7.1a, ordered by an
	// arbiter.replay_ordered on that game); "" for a game of its own.
	ReplayOf string `json:"replay_of,omitempty"`
	// QuickplayFinish: the rules for the quickplay finish were announced
	// for this game (FIDE Laws 2023 Guidelines III, which apply only when
	// announced beforehand, III.2.1, and never in blitz; 1997 article 10,
	// profile fide-1997). They govern only a last period without increment
	// or delay. Optional (false when absent).
	QuickplayFinish bool `json:"quickplay_finish,omitempty"`
	// Mode is the kind of game the Laws are applied to: "standard",
	// "rapid" or "blitz" (FIDE Laws 2023 Appendices A and B), named when
	// the game is created (from its time control, or as the organiser
	// says). Optional: a game recorded without it is a standard game.
	Mode string `json:"mode,omitempty"`
	// LateDefaultMs is the default time the event sets (FIDE Laws 1997 6.6, 2023
	// 6.7.1): a player arriving at the board later than this after the
	// start loses. Optional: absent, the profile's (1997 one hour, 2023
	// zero).
	LateDefaultMs *int64 `json:"late_default_ms,omitempty"`
	// Supervised: a rapid or blitz game the arbiter fully supervises
	// (FIDE Laws 2023 A.4: one arbiter for at most three games, each
	// recorded; B.3: one arbiter a game), where the Competition Rules
	// apply rather than the relaxed rules of A.5. Optional (false when
	// absent: A.5 applies).
	Supervised bool `json:"supervised,omitempty"`
}

// EventType implements Event.
func (GameCreated) EventType() string { return "game.created" }

// MovePlayed is a move accepted by the games service. The move is also the
// press of the mover's clock: there is no separate clock-press event, the
// clock is a function of the MovePlayed instants (see ClockStarted).
//
// Version 2 split version 1's single "move" field (SAN) into SAN and UCI and
// added the server-stamped instant; see upcastMovePlayedV1.
type MovePlayed struct {
	// Ply is the half-move number, 1 for White's first move.
	Ply int `json:"ply"`
	// By is the side that moved.
	By Color `json:"by"`
	// SAN is the move in Standard Algebraic Notation.
	SAN string `json:"san"`
	// UCI is the move in long algebraic (UCI) form; "" if the event was
	// upcast from version 1, which did not record it.
	UCI string `json:"uci,omitempty"`
	// At is the instant the games service accepted the move (the press).
	// Zero if upcast from version 1: then the envelope's RecordedAt, which
	// was the same stamp, is the instant.
	At time.Time `json:"at,omitzero"`
	// FENAfter is the position after the move, for readers of a raw log.
	FENAfter string `json:"fen_after,omitempty"`
}

// EventType implements Event.
func (MovePlayed) EventType() string { return "game.move_played" }

// DrawOffered is a draw offer made with (after) a move.
type DrawOffered struct {
	// By is the side offering.
	By Color `json:"by"`
	// Ply is the ply after which the offer stands.
	Ply int `json:"ply"`
}

// EventType implements Event.
func (DrawOffered) EventType() string { return "game.draw_offered" }

// DrawAccepted is the acceptance of a standing draw offer; GameEnded follows.
type DrawAccepted struct {
	// By is the side accepting.
	By Color `json:"by"`
}

// EventType implements Event.
func (DrawAccepted) EventType() string { return "game.draw_accepted" }

// DrawDeclined is the decline of a standing draw offer (explicitly, or by
// moving).
type DrawDeclined struct {
	// By is the side declining.
	By Color `json:"by"`
	// ByMoving is true when the offer lapsed because the opponent moved.
	ByMoving bool `json:"by_moving,omitempty"`
}

// EventType implements Event.
func (DrawDeclined) EventType() string { return "game.draw_declined" }

// DrawClaimed is a claim of a draw by repetition or by the 50-move rule,
// possibly with the move the claimant intends to make (Article 9.2, 9.3).
// The arbiter's decision is a RulingGiven caused by it.
type DrawClaimed struct {
	// By is the claimant.
	By Color `json:"by"`
	// Reason is the claim's ground (vocabulary.go): ClaimThreefold,
	// ClaimFiftyMoves, ClaimQuickplay or ClaimIncrementRequest.
	Reason ClaimReason `json:"reason"`
	// IntendedMove is the move written but not played ("" if none), in SAN.
	IntendedMove string `json:"intended_move,omitempty"`
	// Ply is the number of plies played when claiming.
	Ply int `json:"ply"`
}

// EventType implements Event.
func (DrawClaimed) EventType() string { return "game.draw_claimed" }

// Resigned is a resignation; GameEnded follows in the same command.
type Resigned struct {
	// By is the side resigning.
	By Color `json:"by"`
}

// EventType implements Event.
func (Resigned) EventType() string { return "game.resigned" }

// IllegalMoveReported is a report that an illegal move was completed
// (Article 7.5); the arbiter's RulingGiven follows.
type IllegalMoveReported struct {
	// Offender is the side that made the move.
	Offender Color `json:"offender"`
	// Move is the move as made, in whatever notation it was recorded.
	Move string `json:"move"`
	// Ply is the ply of the illegal move.
	Ply int `json:"ply"`
	// ReportedBy is the role reporting ("player", "arbiter").
	ReportedBy string `json:"reported_by"`
	// Kind is the irregularity when it is not a plain illegal move (2023
	// 7.5.2-7.5.4): "pawn_not_replaced", "press_without_move",
	// "two_hands"; empty for an illegal move.
	Kind string `json:"kind,omitempty"`
}

// EventType implements Event.
func (IllegalMoveReported) EventType() string { return "game.illegal_move_reported" }

// GameEnded is the result of a game and the Law behind it.
type GameEnded struct {
	// Result is ResultWhiteWins, ResultBlackWins, ResultDraw or
	// ResultBothLost (vocabulary.go): a forfeit ends a game 1-0, 0-1 or 0-0
	// with TerminationForfeit.
	Result Result `json:"result"`
	// Termination is how it ended (vocabulary.go): TerminationCheckmate,
	// TerminationResignation, TerminationFlagFall, TerminationForfeit,
	// TerminationArbiter, ...
	Termination Termination `json:"termination"`
	// Article is the article of the Laws applied (e.g. "6.9").
	Article string `json:"article,omitempty"`
	// Ply is the number of plies played.
	Ply int `json:"ply"`
}

// EventType implements Event.
func (GameEnded) EventType() string { return "game.ended" }

func init() {
	register(GameCreated{}, 1, KindGame, WriterGames, nil)
	register(MovePlayed{}, 2, KindGame, WriterGames, map[int]Upcaster{1: upcastMovePlayedV1})
	register(DrawOffered{}, 1, KindGame, WriterGames, nil)
	register(DrawAccepted{}, 1, KindGame, WriterGames, nil)
	register(DrawDeclined{}, 1, KindGame, WriterGames, nil)
	register(DrawClaimed{}, 1, KindGame, WriterGames, nil)
	register(Resigned{}, 1, KindGame, WriterGames, nil)
	register(IllegalMoveReported{}, 1, KindGame, WriterGames, nil)
	register(GameEnded{}, 1, KindGame, WriterGames, nil)
}
