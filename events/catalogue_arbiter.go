package events

// Arbiter events: written by the arbiter service on game.<id>.arbiter.

// RulingGiven is an arbiter's decision on a claim, a flag fall, an illegal
// move or any incident, citing the article applied under a laws profile.
// The envelope's CausationID names the event ruled on.
type RulingGiven struct {
	// Matter is what was ruled on (vocabulary.go): MatterDrawClaim (also
	// the judgement of a quickplay-finish claim or an increment request),
	// MatterFlagFall, MatterIllegalMove, or an arbiter's hand ruling:
	// MatterPenalty, MatterLateArrival, MatterWrongInitialPosition,
	// MatterBothAtFault, MatterResultOverride, ...
	Matter Matter `json:"matter"`
	// Article is the article applied (e.g. "9.5.2").
	Article string `json:"article"`
	// Profile is the Laws edition applied ("fide-2023").
	Profile string `json:"profile"`
	// Decision is the outcome: "upheld", "rejected", "game_continues",
	// "draw", "win_white", "win_black", "both_lose" (0-0, a game played
	// that both players lose), ...
	Decision string `json:"decision"`
	// Penalty is the penalty the ruling imposes ("" if none); the
	// PenaltyImposed and TimeAdjusted events that carry it out follow.
	Penalty Penalty `json:"penalty,omitempty"`
	// Explanation is a sentence for the players.
	Explanation string `json:"explanation,omitempty"`
}

// EventType implements Event.
func (RulingGiven) EventType() string { return "arbiter.ruling_given" }

// PenaltyImposed is a penalty of Article 12.9: a warning, time added to the
// opponent or taken from the offender, loss of the game, expulsion.
type PenaltyImposed struct {
	// Side is the player penalised.
	Side Color `json:"side"`
	// Kind is "warning", "time_added_to_opponent", "time_deducted",
	// "points_reduced" (2023 12.9.5), "opponent_points_to_maximum" (2023
	// 12.9.4), "loss", "fine" (2023 12.9.7), "exclusion_from_rounds" (2023
	// 12.9.8), "expulsion".
	Kind Penalty `json:"kind"`
	// AmountMs is the time involved, if any.
	AmountMs int64 `json:"amount_ms,omitempty"`
	// Points are the points taken from the penalised player's score in
	// the game (points_reduced).
	Points float64 `json:"points,omitempty"`
	// OpponentPoints is, for a loss (2023 12.9.6), the opponent's score in
	// the game as the arbiter decided it; absent: the opponent wins.
	OpponentPoints *float64 `json:"opponent_points,omitempty"`
	// Fine is the fine announced in advance, as announced (fine).
	Fine string `json:"fine,omitempty"`
	// Rounds are the rounds the player is excluded from
	// (exclusion_from_rounds).
	Rounds []int `json:"rounds,omitempty"`
	// Article is the article applied.
	Article string `json:"article"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (PenaltyImposed) EventType() string { return "arbiter.penalty_imposed" }

// ForfeitDeclared is a default: a player lost without play (late arrival,
// Article 6.7) or by the arbiter's decision.
type ForfeitDeclared struct {
	// Side is the side forfeiting ("" when both do).
	Side Color `json:"side,omitempty"`
	// Reason is e.g. "late_arrival", "absent", "expelled".
	Reason string `json:"reason"`
	// Article is the article applied.
	Article string `json:"article"`
	// Result is the recorded result ("+/-", "-/+", "-/-").
	Result Result `json:"result"`
}

// EventType implements Event.
func (ForfeitDeclared) EventType() string { return "arbiter.forfeit_declared" }

// GameAnnulled annuls a game (e.g. wrong colours or an irregular pairing
// discovered): it counts for nothing and may be replayed.
type GameAnnulled struct {
	// Reason says why.
	Reason string `json:"reason"`
	// Article is the article or regulation applied.
	Article string `json:"article,omitempty"`
}

// EventType implements Event.
func (GameAnnulled) EventType() string { return "arbiter.game_annulled" }

// ReplayOrdered records, on an annulled game, that a new game is played in
// its place ("the game shall be cancelled and a new game played": 2023
// 7.2.1, 1997 7.1a): the games service creates ReplayGameID with the same
// pairing, its game.created naming this game in ReplayOf.
type ReplayOrdered struct {
	// ReplayGameID is the new game's id.
	ReplayGameID string `json:"replay_game_id"`
	// Article is the article applied (the annulment's).
	Article string `json:"article,omitempty"`
	// Reason is the annulment's reason.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (ReplayOrdered) EventType() string { return "arbiter.replay_ordered" }

// ResultOverridden replaces a game's result after the fact, with its reason
// (e.g. a wrongly reported result, an appeal).
type ResultOverridden struct {
	// Previous is the result it replaces.
	Previous Result `json:"previous"`
	// Result is the result that stands: "1-0", "0-1", "1/2-1/2", or a
	// forfeit given after the fact, "+/-", "-/+" or "-/-" (the game not
	// played: it then reads as a default, termination "forfeit").
	Result Result `json:"result"`
	// Reason says why.
	Reason string `json:"reason"`
	// Article is the article or regulation applied.
	Article string `json:"article,omitempty"`
}

// EventType implements Event.
func (ResultOverridden) EventType() string { return "arbiter.result_overridden" }

func init() {
	register(RulingGiven{}, 1, KindGame, WriterArbiter, nil)
	register(PenaltyImposed{}, 1, KindGame, WriterArbiter, nil)
	register(ForfeitDeclared{}, 1, KindGame, WriterArbiter, nil)
	register(GameAnnulled{}, 1, KindGame, WriterArbiter, nil)
	register(ResultOverridden{}, 1, KindGame, WriterArbiter, nil)
	register(ReplayOrdered{}, 1, KindGame, WriterArbiter, nil)
}
