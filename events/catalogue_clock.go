package events

import "time"

// Clock events: written by the clocks service on game.<id>.clocks.
//
// Presses are not events. A chess clock is pressed by completing a move, and
// every move is already a MovePlayed with its server-stamped instant, so the
// clock readings are a function of ClockStarted, the MovePlayed instants and
// the pauses and adjustments below. Recording presses as well would state
// the same fact twice, and two copies can disagree.

// ClockStarted starts White's clock.
type ClockStarted struct {
	// At is the instant the clock was started.
	At time.Time `json:"at"`
	// TimeControl is the control in PGN TimeControl notation.
	TimeControl string `json:"time_control"`
	// WhiteMs and BlackMs are the initial times in milliseconds (they may
	// differ, e.g. after a late arrival or a handicap).
	WhiteMs int64 `json:"white_ms"`
	BlackMs int64 `json:"black_ms"`
}

// EventType implements Event.
func (ClockStarted) EventType() string { return "clock.started" }

// ClockPaused stops both clocks (Article 6.11: the arbiter stops the clocks).
type ClockPaused struct {
	// At is the instant of the pause.
	At time.Time `json:"at"`
	// Reason is a sentence for the log.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (ClockPaused) EventType() string { return "clock.paused" }

// ClockResumed restarts the clock of the side on move.
type ClockResumed struct {
	// At is the instant of the restart.
	At time.Time `json:"at"`
}

// EventType implements Event.
func (ClockResumed) EventType() string { return "clock.resumed" }

// TimeAdjusted adds time to (positive) or takes time from (negative) one
// side's clock, on the arbiter's decision.
//
// Version 1 recorded whole seconds in "seconds"; version 2 records
// milliseconds in "delta_ms" (see upcastTimeAdjustedV1).
type TimeAdjusted struct {
	// Side is the clock adjusted.
	Side Color `json:"side"`
	// DeltaMs is the change in milliseconds.
	DeltaMs int64 `json:"delta_ms"`
	// Reason says why (e.g. "penalty: incorrect claim").
	Reason string `json:"reason,omitempty"`
	// Article is the article applied.
	Article string `json:"article,omitempty"`
}

// EventType implements Event.
func (TimeAdjusted) EventType() string { return "clock.time_adjusted" }

// FlagFell records that a side's time ran out, at the exact instant
// computed from the recorded presses, not when a timer fired.
type FlagFell struct {
	// Side is the side whose flag fell.
	Side Color `json:"side"`
	// At is the computed instant of the fall.
	At time.Time `json:"at"`
	// Ply is the number of plies played when it fell.
	Ply int `json:"ply"`
}

// EventType implements Event.
func (FlagFell) EventType() string { return "clock.flag_fell" }

// ControlChanged installs another time control on a running game's clock,
// on the arbiter's decision: e.g. the increment of five seconds for both
// players that FIDE Laws 2023 Guidelines III.4 lets the arbiter introduce in
// the quickplay finish. From At on, periods, increments and delays follow
// the new control; the times left and the moves made stay (time changes
// are TimeAdjusted events).
type ControlChanged struct {
	// At is the instant the new control takes effect.
	At time.Time `json:"at"`
	// TimeControl is the new control in PGN TimeControl notation.
	TimeControl string `json:"time_control"`
	// Reason says why (e.g. "increment requested in the quickplay finish").
	Reason string `json:"reason,omitempty"`
	// Article is the article applied (e.g. "III.4").
	Article string `json:"article,omitempty"`
}

// EventType implements Event.
func (ControlChanged) EventType() string { return "clock.control_changed" }

func init() {
	register(ClockStarted{}, 1, KindGame, WriterClocks, nil)
	register(ClockPaused{}, 1, KindGame, WriterClocks, nil)
	register(ClockResumed{}, 1, KindGame, WriterClocks, nil)
	register(TimeAdjusted{}, 2, KindGame, WriterClocks, map[int]Upcaster{1: upcastTimeAdjustedV1})
	register(FlagFell{}, 1, KindGame, WriterClocks, nil)
	register(ControlChanged{}, 1, KindGame, WriterClocks, nil)
}
