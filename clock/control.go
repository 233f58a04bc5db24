package clock

import (
	"errors"
	"fmt"
	"time"
)

// Side is one of the two players' clocks. The clock package does not import
// the rules package; Side uses the same numbering as rules.Color.
type Side uint8

// The two sides.
const (
	White Side = 0
	Black Side = 1
)

// Other returns the opponent's side.
func (s Side) Other() Side { return s ^ 1 }

// String returns "white" or "black".
func (s Side) String() string {
	if s == White {
		return "white"
	}
	return "black"
}

// DelayMode says how a period's delay is applied (Laws 1997 art. 6.2, the
// 'eklemeli' mode, and 2023 art. 6.3.2).
type DelayMode uint8

const (
	// NoDelay: the period has no delay.
	NoDelay DelayMode = iota
	// SimpleDelay is the US / FIDE "time delay" mode: for every move the
	// delay runs first and the main time only after it has expired; unused
	// delay is not banked. This is the 1997 seed's 'eklemeli' mode.
	SimpleDelay
	// Bronstein: the main time runs from the start of the move and, when the
	// player presses, the time used is given back up to the delay. A flag can
	// therefore fall before the delay has been given back.
	Bronstein
)

// String names the delay mode.
func (m DelayMode) String() string {
	switch m {
	case SimpleDelay:
		return "simple delay"
	case Bronstein:
		return "Bronstein delay"
	}
	return "no delay"
}

// Period is one stage of a time control: Moves moves (0: all remaining moves,
// i.e. sudden death) in Base, with an optional Fischer Increment or a delay.
// The increment and the delay of a period apply to the moves played in it.
type Period struct {
	Moves     int           // moves to complete in this period; 0 = all remaining moves
	Base      time.Duration // time added when the period begins
	Increment time.Duration // Fischer increment added after each move of the period
	Delay     time.Duration // delay per move (see DelayMode)
	DelayMode DelayMode     // NoDelay when Delay is 0
}

// Kind tells what a TimeControl is.
type Kind uint8

const (
	// Timed is an ordinary control made of periods.
	Timed Kind = iota
	// Sandglass (hourglass): the time one side uses is given to the other.
	// One period: Base is each side's starting time.
	Sandglass
	// Untimed: no time control (PGN "-").
	Untimed
	// Unknown: the control is not known (PGN "?").
	Unknown
)

// TimeControl is the time control of a game.
//
// Convention for periods with move counts (PGN and FIDE practice): time for a
// new period is added at the press that completes the last move of the
// previous period (e.g. at the press of move 40 in 40/5400+30:1800+30). When
// the LAST period has a move count (e.g. "40/7200" alone, or 40/120 then
// 20/60), that last period repeats for as long as the game lasts: every
// further Moves moves earn its Base again. A sudden-death period (Moves 0)
// can only be the last.
type TimeControl struct {
	Kind    Kind
	Periods []Period // White's periods, and Black's too when Black is nil
	Black   []Period // Black's periods when they differ (e.g. Armageddon); nil otherwise
}

// For returns the periods of side s.
func (tc TimeControl) For(s Side) []Period {
	if s == Black && tc.Black != nil {
		return tc.Black
	}
	return tc.Periods
}

// Symmetric reports whether both sides have the same periods.
func (tc TimeControl) Symmetric() bool { return tc.Black == nil }

// Equal reports whether two controls are the same.
func (tc TimeControl) Equal(o TimeControl) bool {
	if tc.Kind != o.Kind || (tc.Black == nil) != (o.Black == nil) {
		return false
	}
	return periodsEqual(tc.Periods, o.Periods) && periodsEqual(tc.Black, o.Black)
}

func periodsEqual(a, b []Period) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ErrInvalidControl is wrapped by every error Validate returns.
var ErrInvalidControl = errors.New("invalid time control")

// Validate checks that the control can run a clock: at least one period, no
// negative durations, a sudden-death period only last, a delay mode exactly
// when there is a delay, not both an increment and a delay, and a positive
// starting time.
func (tc TimeControl) Validate() error {
	switch tc.Kind {
	case Untimed, Unknown:
		if len(tc.Periods) != 0 || tc.Black != nil {
			return fmt.Errorf("%w: an untimed or unknown control has no periods", ErrInvalidControl)
		}
		return nil
	case Sandglass:
		if tc.Black != nil || len(tc.Periods) != 1 {
			return fmt.Errorf("%w: a sandglass has exactly one period, the same for both sides", ErrInvalidControl)
		}
		p := tc.Periods[0]
		if p.Moves != 0 || p.Increment != 0 || p.Delay != 0 || p.DelayMode != NoDelay || p.Base <= 0 {
			return fmt.Errorf("%w: a sandglass has only a positive starting time", ErrInvalidControl)
		}
		return nil
	case Timed:
	default:
		return fmt.Errorf("%w: unknown kind %d", ErrInvalidControl, tc.Kind)
	}
	if err := validatePeriods(tc.Periods); err != nil {
		return err
	}
	if tc.Black != nil {
		if err := validatePeriods(tc.Black); err != nil {
			return fmt.Errorf("black: %w", err)
		}
	}
	return nil
}

func validatePeriods(ps []Period) error {
	if len(ps) == 0 {
		return fmt.Errorf("%w: no periods", ErrInvalidControl)
	}
	if ps[0].Base <= 0 {
		return fmt.Errorf("%w: the first period has no time", ErrInvalidControl)
	}
	for i, p := range ps {
		switch {
		case p.Moves < 0:
			return fmt.Errorf("%w: period %d: negative move count", ErrInvalidControl, i+1)
		case p.Base < 0 || p.Increment < 0 || p.Delay < 0:
			return fmt.Errorf("%w: period %d: negative time", ErrInvalidControl, i+1)
		case p.Moves == 0 && i != len(ps)-1:
			return fmt.Errorf("%w: period %d: a sudden-death period must be the last", ErrInvalidControl, i+1)
		case p.Increment > 0 && p.Delay > 0:
			return fmt.Errorf("%w: period %d: both an increment and a delay", ErrInvalidControl, i+1)
		case (p.Delay > 0) != (p.DelayMode != NoDelay):
			return fmt.Errorf("%w: period %d: a delay needs a delay mode and a delay mode needs a delay", ErrInvalidControl, i+1)
		case p.DelayMode > Bronstein:
			return fmt.Errorf("%w: period %d: unknown delay mode %d", ErrInvalidControl, i+1, p.DelayMode)
		}
	}
	return nil
}

// periodOfMove returns the logical index of the period in which a side's
// move number n (1-based) is played, and whether n completes that period.
// Logical indexes beyond the last period count repetitions of a last period
// with a move count.
func periodOfMove(ps []Period, n int) (idx int, completes bool) {
	start := 0
	for i, p := range ps {
		if p.Moves == 0 {
			return i, false
		}
		if n <= start+p.Moves {
			return i, n == start+p.Moves
		}
		start += p.Moves
	}
	last := ps[len(ps)-1]
	k := (n - start - 1) / last.Moves
	return len(ps) + k, (n-start)%last.Moves == 0
}

// periodAt returns the period with logical index idx (repetitions of the
// last period map to it).
func periodAt(ps []Period, idx int) Period {
	if idx >= len(ps) {
		return ps[len(ps)-1]
	}
	return ps[idx]
}

// periodEnd returns the number of the move that completes logical period idx,
// or 0 when the period is sudden death.
func periodEnd(ps []Period, idx int) int {
	end := 0
	for i := 0; i <= idx; i++ {
		p := periodAt(ps, i)
		if p.Moves == 0 {
			return 0
		}
		end += p.Moves
	}
	return end
}

// TimeForMoves is the time side s has for its first n moves under the
// control: the bases of the periods begun by then and the increment of
// each of those moves (delays not counted). It is what the FIDE
// definitions of rapid and blitz measure with n = 60 (Laws 2023 A.1, B.1:
// "the time allotted plus 60 times any increment"). A sandglass gives its
// base; an untimed or unknown control gives 0.
func (tc TimeControl) TimeForMoves(s Side, n int) time.Duration {
	if tc.Kind == Untimed || tc.Kind == Unknown {
		return 0
	}
	ps := tc.For(s)
	var t time.Duration
	for i, p := range ps {
		if n <= 0 {
			break
		}
		t += p.Base
		k := p.Moves
		if k == 0 || k > n || i == len(ps)-1 {
			k = n
		}
		if tc.Kind == Timed {
			t += time.Duration(k) * p.Increment
		}
		n -= k
	}
	return t
}
