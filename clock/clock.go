package clock

import (
	"fmt"
	"time"
)

// Clock is a chess clock as a fold over recorded events: its state after the
// events applied so far. It never reads the wall clock; readings are asked
// for at an instant given by the caller.
//
// A flag falls at the instant the side's remaining time reaches zero: a press
// at exactly that instant is too late. After a flag has fallen the side's
// time stays at zero (the overrun is not carried as a debt): a later period
// bonus, increment or adjustment starts from zero.
type Clock struct {
	tc      TimeControl
	started bool
	paused  bool
	stopped bool
	turn    Side
	last    time.Duration    // instant of the last event
	main    [2]time.Duration // main time; for the side on move, at the start of its turn
	moves   [2]int           // completed moves
	segAt   time.Duration    // instant the current running segment began
	used    time.Duration    // active time used in this turn before the current segment
	flagged [2]bool
	first   Side // the side whose clock ran first (Start): record[0]'s
	// unrecorded: the record of completed moves is not kept (ForgetMoves)
	unrecorded bool
	flagAt     [2]time.Duration
	record     []pressed // one a completed move, in order (Moves)
}

// pressed is a completed move as the clock keeps it, 24 bytes where a
// MoveTime takes 40 (a clock of every live game is folded in each
// service's cache): its side and number follow from its place in the
// record, since the turn passes only at a press and comes back only at a
// retraction of the last one, so the sides alternate from the first.
type pressed struct{ at, elapsed, clock time.Duration }

// MoveTime is the clock record of one completed move, for PGN export: Clock
// is the remaining time after the press, increment and any period bonus
// included (%clk), Elapsed the time the move took on the running clock,
// pauses excluded (%emt).
type MoveTime struct {
	Side    Side
	Number  int // the side's move number, 1-based
	At      time.Duration
	Elapsed time.Duration
	Clock   time.Duration
}

// New returns a clock for tc, not yet started; each side has the first
// period's time.
func New(tc TimeControl) (*Clock, error) {
	if err := tc.Validate(); err != nil {
		return nil, err
	}
	if tc.Kind == Untimed || tc.Kind == Unknown {
		return nil, fmt.Errorf("%w: a clock needs a time control", ErrInvalidControl)
	}
	c := &Clock{tc: tc}
	c.main[White] = tc.For(White)[0].Base
	c.main[Black] = tc.For(Black)[0].Base
	return c, nil
}

// Fold applies events in order to a new clock for tc. The first event that
// cannot be applied is reported as an *EventError.
func Fold(tc TimeControl, events []Event) (*Clock, error) {
	c, err := New(tc)
	if err != nil {
		return nil, err
	}
	for i, e := range events {
		if err := c.Apply(e); err != nil {
			return nil, &EventError{Index: i, Event: e, Err: err}
		}
	}
	return c, nil
}

// Control returns the clock's time control.
func (c *Clock) Control() TimeControl { return c.tc }

// Turn returns the side whose clock runs (or would run when resumed).
func (c *Clock) Turn() Side { return c.turn }

// Started, Paused and Stopped report the clock's state.
func (c *Clock) Started() bool { return c.started }

// Paused reports whether the clocks are paused.
func (c *Clock) Paused() bool { return c.paused }

// Stopped reports whether the clocks have been stopped for good.
func (c *Clock) Stopped() bool { return c.stopped }

// Last returns the instant of the last event applied.
func (c *Clock) Last() time.Duration { return c.last }

// Moves returns the clock record of every completed move, in order (nil
// after ForgetMoves).
func (c *Clock) Moves() []MoveTime {
	if c.unrecorded {
		return nil
	}
	out := make([]MoveTime, len(c.record))
	for i, p := range c.record {
		out[i] = MoveTime{Side: c.sideOf(i), Number: i/2 + 1, At: p.at, Elapsed: p.elapsed, Clock: p.clock}
	}
	return out
}

// ForgetMoves drops the record of completed moves and keeps none from now
// on: Moves returns nil. Everything else the clock answers stays the same
// (a retraction takes back the last press as before). For a clock folded
// to decide or to watch for flags, which never exports its moves (a
// service keeps one for every live game): 24 bytes a move spared.
func (c *Clock) ForgetMoves() { c.record, c.unrecorded = nil, true }

// sideOf is the side that made the i-th press (counting from 0).
func (c *Clock) sideOf(i int) Side {
	if i%2 == 0 {
		return c.first
	}
	return c.first.Other()
}

// MovesMade returns the number of moves side s has completed.
func (c *Clock) MovesMade(s Side) int { return c.moves[s] }

func (c *Clock) running() bool { return c.started && !c.paused && !c.stopped }

// currentPeriod returns the period of side s's next move.
func (c *Clock) currentPeriod(s Side) (Period, int) {
	ps := c.tc.For(s)
	idx, _ := periodOfMove(ps, c.moves[s]+1)
	return periodAt(ps, idx), idx
}

// usedAt is the active time the side on move has used in this turn at t.
func (c *Clock) usedAt(t time.Duration) time.Duration {
	if c.running() {
		return c.used + (t - c.segAt)
	}
	return c.used
}

// charge is how much of used time comes off the main time of the side on
// move, before the press.
func (c *Clock) charge(used time.Duration) time.Duration {
	if c.tc.Kind == Sandglass {
		return used
	}
	p, _ := c.currentPeriod(c.turn)
	if p.DelayMode == SimpleDelay {
		if used <= p.Delay {
			return 0
		}
		return used - p.Delay
	}
	return used
}

// raw is side s's remaining time at t, not clamped at zero.
func (c *Clock) raw(s Side, t time.Duration) time.Duration {
	if !c.started {
		return c.main[s]
	}
	used := c.usedAt(t)
	if s == c.turn {
		return c.main[s] - c.charge(used)
	}
	if c.tc.Kind == Sandglass {
		gain := used
		if m := c.main[c.turn]; gain > m {
			gain = max(m, 0)
		}
		return c.main[s] + gain
	}
	return c.main[s]
}

// flagUsed is the used time at which the side on move's flag falls.
func (c *Clock) flagUsed() time.Duration {
	if c.tc.Kind == Sandglass {
		return c.main[c.turn]
	}
	p, _ := c.currentPeriod(c.turn)
	if p.DelayMode == SimpleDelay {
		return c.main[c.turn] + p.Delay
	}
	return c.main[c.turn]
}

// flagInstant returns the instant the running side's flag falls, assuming no
// event intervenes.
func (c *Clock) flagInstant() time.Duration {
	return c.segAt + (c.flagUsed() - c.used)
}

// noteFlag records a flag of the side on move falling by instant t.
func (c *Clock) noteFlag(t time.Duration) {
	if !c.running() || c.flagged[c.turn] {
		return
	}
	if c.usedAt(t) >= c.flagUsed() {
		c.flagged[c.turn] = true
		c.flagAt[c.turn] = c.flagInstant()
	}
}

// Apply applies one event. On error the clock is unchanged.
func (c *Clock) Apply(e Event) error {
	if c.started && e.At < c.last {
		return ErrTimeReversed
	}
	if e.Kind != Start && e.Kind != Adjust && e.Kind != Reconfigure && !c.started {
		return ErrNotStarted
	}
	if c.stopped && e.Kind != Adjust {
		return ErrStopped
	}
	switch e.Kind {
	case Start:
		if c.started {
			return ErrAlreadyStarted
		}
		if e.Side > Black {
			return ErrUnknownEvent
		}
		c.started, c.turn, c.first, c.segAt, c.used, c.last = true, e.Side, e.Side, e.At, 0, e.At
		return nil
	case Press:
		if c.paused {
			return ErrPaused
		}
		if e.Side != c.turn {
			return ErrWrongSide
		}
		c.press(e.At)
	case Pause:
		if c.paused {
			return ErrPaused
		}
		c.noteFlag(e.At)
		c.used = c.usedAt(e.At)
		c.paused = true
	case Resume:
		if !c.paused {
			return ErrNotPaused
		}
		c.paused, c.segAt = false, e.At
	case Adjust:
		if err := c.checkAdjust(e); err != nil {
			return err
		}
		c.noteFlag(e.At)
		c.adjust(e)
	case Retract:
		n := c.moves[White] + c.moves[Black] // presses made: the record's length
		if n == 0 {
			return ErrNoMove
		}
		c.noteFlag(e.At)
		lastSide := c.sideOf(n - 1)
		if !c.unrecorded {
			c.record = c.record[:n-1]
		}
		o := c.raw(c.turn.Other(), e.At)
		c.main[c.turn] = max(c.raw(c.turn, e.At), 0)
		c.main[c.turn.Other()] = o
		c.moves[lastSide]--
		c.turn, c.used, c.segAt = lastSide, 0, e.At
	case Stop:
		c.noteFlag(e.At)
		c.used = c.usedAt(e.At)
		c.stopped = true
	case Reconfigure:
		if e.Control == nil || e.Control.Validate() != nil || e.Control.Kind == Untimed || e.Control.Kind == Unknown {
			return ErrNoControl
		}
		if c.started && !c.paused {
			return ErrNotPaused
		}
		tc := *e.Control
		if !c.started {
			c.tc = tc
			c.main[White], c.main[Black] = tc.For(White)[0].Base, tc.For(Black)[0].Base
			return nil
		}
		o := c.raw(c.turn.Other(), e.At)
		c.main[c.turn] = max(c.raw(c.turn, e.At), 0)
		c.main[c.turn.Other()] = o
		c.used = 0
		c.tc = tc
	default:
		return ErrUnknownEvent
	}
	c.last = max(c.last, e.At)
	return nil
}

func (c *Clock) press(t time.Duration) {
	c.noteFlag(t)
	s := c.turn
	used := c.usedAt(t)
	if c.tc.Kind == Sandglass {
		o := c.raw(s.Other(), t)
		c.main[s] = max(c.raw(s, t), 0)
		c.main[s.Other()] = o
	} else {
		p, _ := c.currentPeriod(s)
		m := c.main[s] - c.charge(used)
		if p.DelayMode == Bronstein && m > 0 {
			m += min(used, p.Delay)
		}
		c.main[s] = max(m, 0)
	}
	c.moves[s]++
	if c.tc.Kind == Timed {
		ps := c.tc.For(s)
		idx, completes := periodOfMove(ps, c.moves[s])
		c.main[s] += periodAt(ps, idx).Increment
		if completes {
			c.main[s] += periodAt(ps, idx+1).Base
		}
	}
	if !c.unrecorded {
		c.record = append(c.record, pressed{at: t, elapsed: used, clock: c.main[s]})
	}
	c.turn, c.used, c.segAt = s.Other(), 0, t
}

// checkAdjust validates an adjustment without changing the clock.
func (c *Clock) checkAdjust(e Event) error {
	if e.Side > Black || e.Op < Add || e.Op > Set {
		return ErrUnknownEvent
	}
	if e.Amount < 0 {
		return ErrBelowZero
	}
	if e.Op == Subtract && c.raw(e.Side, max(e.At, c.last))-e.Amount < 0 {
		return ErrBelowZero
	}
	return nil
}

// adjust applies a validated adjustment. In a sandglass the turn is settled
// first, so that sand added to an empty side flows on from this instant only.
func (c *Clock) adjust(e Event) {
	if c.tc.Kind == Sandglass && c.started && !c.stopped {
		t := max(e.At, c.last)
		o := c.raw(c.turn.Other(), t)
		c.main[c.turn] = max(c.raw(c.turn, t), 0)
		c.main[c.turn.Other()] = o
		c.used, c.segAt = 0, t
	}
	r := c.raw(e.Side, max(e.At, c.last))
	switch e.Op {
	case Add:
		// A fallen side's overrun is not a debt: time is added to zero.
		c.main[e.Side] += e.Amount + max(-r, 0)
	case Subtract:
		c.main[e.Side] -= e.Amount
	case Set:
		c.main[e.Side] += e.Amount - r
	}
}

// Reading is what one side's clock shows at an instant.
type Reading struct {
	Remaining      time.Duration // main time left, never below zero
	DelayLeft      time.Duration // simple delay still to run on this move (side on move only)
	Period         int           // 1-based number of the period of the side's next move (repetitions counted)
	MovesToControl int           // moves still to make in this period; 0 in sudden death
	Moves          int           // moves completed
	Running        bool          // this side's clock is running
	Flagged        bool          // the flag has fallen at or before the instant
	FlagAt         time.Duration // when it fell (if Flagged)
}

// Reading returns what side s's clock shows at instant t, which must not be
// earlier than the last event applied.
func (c *Clock) Reading(s Side, t time.Duration) (Reading, error) {
	if s > Black {
		return Reading{}, fmt.Errorf("clock: no side %d", s)
	}
	if c.started && t < c.last {
		return Reading{}, ErrTimeReversed
	}
	ps := c.tc.For(s)
	_, idx := c.currentPeriod(s)
	r := Reading{
		Moves:   c.moves[s],
		Period:  idx + 1,
		Running: c.running() && s == c.turn,
		Flagged: c.flagged[s],
		FlagAt:  c.flagAt[s],
	}
	if c.tc.Kind == Timed {
		if end := periodEnd(ps, idx); end > 0 {
			r.MovesToControl = end - c.moves[s]
		}
	}
	raw := c.raw(s, t)
	r.Remaining = max(raw, 0)
	if r.Running && !r.Flagged && c.usedAt(t) >= c.flagUsed() {
		r.Flagged, r.FlagAt = true, c.flagInstant()
	}
	if s == c.turn && c.started && c.tc.Kind == Timed {
		if p, _ := c.currentPeriod(s); p.DelayMode == SimpleDelay {
			r.DelayLeft = max(p.Delay-c.usedAt(t), 0)
		}
	}
	return r, nil
}

// Remaining returns side s's remaining time at t (see Reading).
func (c *Clock) Remaining(s Side, t time.Duration) (time.Duration, error) {
	r, err := c.Reading(s, t)
	return r.Remaining, err
}

// FlagFall returns the side whose clock is running and the exact instant its
// flag falls if nobody presses, pauses or adjusts; ok is false when no clock
// is running. If that flag has already fallen (and no adjustment has given
// time back since), at is when it fell.
func (c *Clock) FlagFall() (s Side, at time.Duration, ok bool) {
	if !c.running() {
		return 0, 0, false
	}
	if c.flagged[c.turn] && c.raw(c.turn, c.last) <= 0 {
		return c.turn, c.flagAt[c.turn], true
	}
	return c.turn, c.flagInstant(), true
}

// Flag returns when side s's flag fell, as recorded by the events applied so
// far (a fall detected at a press, pause, retraction or stop).
func (c *Clock) Flag(s Side) (at time.Duration, fallen bool) {
	return c.flagAt[s], c.flagged[s]
}
