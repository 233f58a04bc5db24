package clock

import (
	"errors"
	"fmt"
	"time"
)

// EventKind is what happened to the clock.
type EventKind uint8

const (
	// Start: the clock of the side on move is started: White's in a game
	// from the initial position (Laws art. 6.5 / 2023 6.6.1), Event.Side's
	// in a game from a set-up position with that side to move (the clock
	// of the side on move runs, art. 6.1 / 2023 6.1; the zero Side is
	// White).
	Start EventKind = iota + 1
	// Press: the side on move stops its clock after completing a move and
	// starts the opponent's (art. 6.7 / 2023 6.2.1). Event.Side is the side
	// pressing.
	Press
	// Pause: the clocks are paused (art. 6.12 / 2023 6.11).
	Pause
	// Resume: the arbiter restarts the clocks.
	Resume
	// Adjust: the arbiter adds time to, takes time from, or sets the time of
	// Event.Side (art. 6.10, 6.13, 13.4 / 2023 6.10.2, 7.1, 12.9).
	Adjust
	// Retract: the last completed move is taken back (an illegal move found,
	// the previous position reinstated, art. 7.4 / 2023 7.5): the move
	// counter of the side that pressed last goes down by one and that side is
	// on move again, its clock running. Times are not changed; the arbiter
	// sets them with Adjust events.
	Retract
	// Stop: the game is over and the clocks stop for good.
	Stop
	// Reconfigure: the arbiter installs another time control
	// (Event.Control), e.g. a corrected setting (2023 6.10.2) or an
	// increment introduced in the quickplay finish (2023 Guidelines III.4).
	// Before the start, each side gets the new first period's time; after
	// it, the clock must be paused, the times and move counts stay (the
	// arbiter sets times with Adjust), the turn in progress is settled, and
	// periods, increments and delays follow the new control from then on.
	Reconfigure
)

// String names the event kind.
func (k EventKind) String() string {
	switch k {
	case Start:
		return "start"
	case Press:
		return "press"
	case Pause:
		return "pause"
	case Resume:
		return "resume"
	case Adjust:
		return "adjust"
	case Retract:
		return "retract"
	case Stop:
		return "stop"
	case Reconfigure:
		return "reconfigure"
	}
	return fmt.Sprintf("event(%d)", k)
}

// AdjustOp is the arbiter's adjustment.
type AdjustOp uint8

const (
	// Add adds Amount to the side's remaining time.
	Add AdjustOp = iota + 1
	// Subtract takes Amount from the side's remaining time.
	Subtract
	// Set sets the side's remaining time to Amount.
	Set
)

// String names the adjustment.
func (o AdjustOp) String() string {
	switch o {
	case Add:
		return "add"
	case Subtract:
		return "subtract"
	case Set:
		return "set"
	}
	return fmt.Sprintf("adjust(%d)", o)
}

// Event is one recorded clock event. At is the instant it happened, as an
// offset from an origin chosen by the caller (e.g. the round's start), at
// nanosecond resolution; instants must not decrease.
type Event struct {
	Kind    EventKind
	At      time.Duration
	Side    Side          // Start: the side whose clock starts; Press: the side pressing; Adjust: the side adjusted
	Op      AdjustOp      // Adjust only
	Amount  time.Duration // Adjust only, never negative
	Control *TimeControl  // Reconfigure only
}

// Errors returned when an event cannot be applied. They are wrapped in an
// *EventError by Fold.
var (
	ErrNotStarted     = errors.New("the clock has not been started")
	ErrAlreadyStarted = errors.New("the clock has already been started")
	ErrTimeReversed   = errors.New("instant earlier than the previous event")
	ErrWrongSide      = errors.New("the side pressing is not the side on move")
	ErrPaused         = errors.New("the clock is paused")
	ErrNotPaused      = errors.New("the clock is not paused")
	ErrStopped        = errors.New("the clock has been stopped for good")
	ErrBelowZero      = errors.New("adjustment would leave a negative time")
	ErrNoMove         = errors.New("no completed move to retract")
	ErrUnknownEvent   = errors.New("unknown event kind or adjustment")
	ErrNoControl      = errors.New("a clock needs a valid timed or sandglass control")
)

// EventError says which event of a sequence could not be applied and why.
type EventError struct {
	Index int // position in the sequence, 0-based
	Event Event
	Err   error
}

// Error describes the event and the reason it was refused.
func (e *EventError) Error() string {
	return fmt.Sprintf("clock event %d (%s at %v): %v", e.Index, e.Event.Kind, e.Event.At, e.Err)
}

// Unwrap returns the underlying sentinel error.
func (e *EventError) Unwrap() error { return e.Err }
