// Package gameclock is a game's clock as a fold of the game's events
// (Timer), pure: what the games service (a move after the flag fell), the
// arbiter (the clocks at a claim) and the clocks service all read of a
// game's clock, each folding it from the game's log (the games and the
// arbiter through services/internal/game, whose Game folds a Timer). The clocks service's
// decisions on the clock (start it, record a flag fall, pause, resume,
// adjust, change the control) are its domain's (services/clocks/domain),
// functions of this Timer.
package gameclock

import (
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// The kinds of refusal of a game's clock (wrapped by *Refusal; the clocks
// service's domain names them too).
var (
	ErrInvalid  = errors.New("invalid command")
	ErrNotFound = errors.New("game not found")
	ErrUntimed  = errors.New("no time control")
	ErrState    = errors.New("clock state")
)

// Refusal is a decision's refusal with a precise reason.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

// Timer is a game's clock as folded from the game's events. Instants are
// kept as offsets from the clock's start (the origin), as the clock module
// wants them.
type Timer struct {
	exists   bool
	first    clock.Side // the side on move in the starting position
	control  string
	tc       clock.TimeControl
	timed    bool
	clk      *clock.Clock
	origin   time.Time
	ply      int
	finished bool
	recorded [2]bool // FlagFell recorded per side
	last     time.Time
	// claim is set from a draw claim until the arbiter's ruling on it;
	// claimStopped when the claim stopped a running clock (see Apply).
	claim, claimStopped bool
	// lean: the clock keeps no record of completed moves (ForgetMoves)
	lean bool
}

// ForgetMoves makes the timer's clock keep no record of completed moves
// (clock.(*Clock).ForgetMoves), now and once started: a timer folded to
// decide or to watch for flags, never to export the game (PGN's %clk),
// spares 24 bytes a move of every live game it keeps.
func (t *Timer) ForgetMoves() {
	t.lean = true
	if t.clk != nil {
		t.clk.ForgetMoves()
	}
}

// ClaimPending reports whether a draw claim awaits the arbiter's ruling
// (the clocks are stopped meanwhile; see Apply).
func (t *Timer) ClaimPending() bool { return t.claim }

// Finished reports whether the game ended or was annulled (the clock is
// stopped for good).
func (t *Timer) Finished() bool { return t.finished }

// Exists reports whether the game was created.
func (t *Timer) Exists() bool { return t.exists }

// Started reports whether the clock was started.
func (t *Timer) Started() bool { return t.clk != nil && t.clk.Started() }

// Origin returns the instant the clock was started.
func (t *Timer) Origin() time.Time { return t.origin }

// Clock returns the folded clock (nil before the start).
func (t *Timer) Clock() *clock.Clock { return t.clk }

// Timed reports whether the game has a time control to run.
func (t *Timer) Timed() bool { return t.timed }

// Control returns the game's time control as written (PGN notation) and
// as read.
func (t *Timer) Control() (string, clock.TimeControl) { return t.control, t.tc }

// Ply returns the number of half-moves played.
func (t *Timer) Ply() int { return t.ply }

// ClaimStopped reports whether a pending draw claim stopped a running
// clock (the ruling restarts it; see Apply).
func (t *Timer) ClaimStopped() bool { return t.claimStopped }

// Evolve folds one event of the game's log (its envelope and the decoded
// event) into the clock: the decide loop's fold (package decide).
func (t *Timer) Evolve(env *events.Envelope, e events.Event) error { return t.Apply(env.RecordedAt, e) }

// Apply folds one event of the game, recorded at at (the envelope's
// instant, used for events that carry none of their own). Events that do
// not concern the clock are skipped.
//
// A draw claim (game.draw_claimed) stops both clocks at the claim's
// recorded instant: "the claimant stops the clock" (FIDE Laws 1997, art.
// 9.4, profile fide-1997), "the player or the arbiter stops the chessclock"
// (FIDE Laws 2023, art. 9.5.1, profile fide-2023). The arbiter's ruling on
// it (arbiter.ruling_given, matter "draw_claim") restarts the clock at the
// ruling's recorded instant when the game goes on — the penalty of an
// incorrect claim (1997 9.4b, 2023 9.5.3) follows as time adjustments —
// and the game's end (game.ended after a correct claim) stops it for good.
// While the claim waits no flag falls: a slow or absent arbiter service
// cannot turn a correct claim into a loss on time. A claim made while the
// arbiter had paused the clocks leaves them paused (the arbiter resumes
// them). Clocks already in events recorded before this rule see a claim
// as stopping the clocks too, so the audit re-folds them the same way.
func (t *Timer) Apply(at time.Time, e events.Event) error {
	switch e := e.(type) {
	case *events.GameCreated:
		return t.Apply(at, *e)
	case *events.MovePlayed:
		return t.Apply(at, *e)
	case *events.GameEnded:
		return t.Apply(at, *e)
	case *events.ClockStarted:
		return t.Apply(at, *e)
	case *events.ClockPaused:
		return t.Apply(at, *e)
	case *events.ClockResumed:
		return t.Apply(at, *e)
	case *events.TimeAdjusted:
		return t.Apply(at, *e)
	case *events.FlagFell:
		return t.Apply(at, *e)
	case *events.DrawClaimed:
		return t.Apply(at, *e)
	case *events.RulingGiven:
		return t.Apply(at, *e)
	case *events.GameAnnulled:
		return t.Apply(at, *e)
	case *events.ControlChanged:
		return t.Apply(at, *e)
	}
	switch e := e.(type) {
	case events.GameCreated:
		return t.created(e)
	case events.MovePlayed:
		t.ply = e.Ply
		if t.Started() {
			return t.clockEvent(clock.Event{Kind: clock.Press, Side: clockSide(e.By)}, instant(e.At, at))
		}
	case events.GameEnded, events.GameAnnulled:
		// an annulled game is cancelled (1997 7.1a, 2023 7.2.1): its clock
		// stops as at an end, and no flag falls in it
		t.finished = true
		if t.Started() && !t.clk.Stopped() {
			return t.clockEvent(clock.Event{Kind: clock.Stop}, at)
		}
	case events.ClockStarted:
		return t.started(e)
	case events.ClockPaused:
		return t.paused(e)
	case events.ClockResumed:
		t.claimStopped = false // the arbiter restarted the clocks by hand
		return t.clockEvent(clock.Event{Kind: clock.Resume}, e.At)
	case events.TimeAdjusted:
		ev := clock.Event{Kind: clock.Adjust, Side: clockSide(e.Side), Op: clock.Add, Amount: time.Duration(e.DeltaMs) * time.Millisecond}
		if e.DeltaMs < 0 {
			ev.Op, ev.Amount = clock.Subtract, -ev.Amount
		}
		return t.clockEvent(ev, at)
	case events.DrawClaimed:
		return t.claimed(at)
	case events.RulingGiven:
		return t.ruled(at, e)
	case events.ControlChanged:
		return t.changeControl(instant(e.At, at), e.TimeControl)
	case events.FlagFell:
		t.recorded[clockSide(e.Side)] = true
	}
	return nil
}

// clockSide is the clock module's side of colour c.
func clockSide(c events.Color) clock.Side {
	if c == events.Black {
		return clock.Black
	}
	return clock.White
}

// created folds the game's creation: the side on move first and the time
// control.
func (t *Timer) created(e events.GameCreated) error {
	t.exists, t.control = true, e.TimeControl
	t.first = clock.White
	if e.StartFEN != "" {
		start, err := rules.ParseFEN(e.StartFEN)
		if err != nil {
			return fmt.Errorf("game.created: start_fen: %w", err)
		}
		if start.Turn() == rules.Black {
			t.first = clock.Black
		}
	}
	if e.TimeControl != "" {
		tc, err := clock.ParsePGN(e.TimeControl)
		if err != nil {
			return fmt.Errorf("game.created: time_control: %w", err)
		}
		t.tc, t.timed = tc, tc.Kind != clock.Untimed && tc.Kind != clock.Unknown
	}
	return nil
}

// started folds the clock's start: the control's times, or the ones the
// start set.
func (t *Timer) started(e events.ClockStarted) error {
	if t.clk != nil {
		return errors.New("clock.started twice")
	}
	if !t.timed {
		return fmt.Errorf("clock.started in a game without a time control (%q)", t.control)
	}
	if e.TimeControl != t.control {
		return fmt.Errorf("clock.started with control %q, the game's is %q", e.TimeControl, t.control)
	}
	c, err := clock.New(t.tc)
	if err != nil {
		return err
	}
	if t.lean {
		c.ForgetMoves()
	}
	t.clk, t.origin = c, e.At
	if err := t.clockEvent(clock.Event{Kind: clock.Start, Side: t.first}, e.At); err != nil {
		return err
	}
	for side, ms := range [2]int64{e.WhiteMs, e.BlackMs} {
		s := clock.Side(side)
		if d := time.Duration(ms) * time.Millisecond; d != t.tc.For(s)[0].Base {
			if err := t.clockEvent(clock.Event{Kind: clock.Adjust, Side: s, Op: clock.Set, Amount: d}, e.At); err != nil {
				return err
			}
		}
	}
	return nil
}

// paused folds the arbiter's pause of the clocks.
func (t *Timer) paused(e events.ClockPaused) error {
	if t.claimStopped {
		// The arbiter pauses clocks a pending claim had stopped: they
		// stay stopped, now held by the arbiter (6.12.2 / 1997 6.12),
		// and only the arbiter's resume restarts them, whatever the
		// ruling on the claim.
		t.claimStopped = false
		return nil
	}
	return t.clockEvent(clock.Event{Kind: clock.Pause}, e.At)
}

// claimed folds a draw claim recorded at at: it stops running clocks (see
// Apply).
func (t *Timer) claimed(at time.Time) error {
	if t.finished || t.claim {
		return nil
	}
	t.claim = true
	if t.Started() && !t.clk.Stopped() && !t.clk.Paused() {
		t.claimStopped = true
		return t.clockEvent(clock.Event{Kind: clock.Pause}, at)
	}
	return nil
}

// ruled folds a ruling recorded at at: one on the pending claim restarts
// the clocks the claim stopped when the game goes on (see Apply).
func (t *Timer) ruled(at time.Time, e events.RulingGiven) error {
	if e.Matter != events.MatterDrawClaim || !t.claim {
		return nil
	}
	t.claim = false
	if !t.claimStopped {
		return nil
	}
	t.claimStopped = false
	if t.finished || !t.clk.Paused() || t.clk.Stopped() || e.Decision != "game_continues" {
		// a correct claim: the game's end follows and the clock stays
		// stopped (game.ended stops it for good)
		return nil
	}
	return t.clockEvent(clock.Event{Kind: clock.Resume}, at)
}

// changeControl installs the control tcText (PGN notation) at instant at:
// the clock module reconfigures a paused clock only (clock.Reconfigure), so
// a running clock is paused, reconfigured and restarted at the same
// instant (the times left do not change; the turn in progress is settled
// and what follows is reckoned under the new control). In a game over
// nothing changes.
func (t *Timer) changeControl(at time.Time, tcText string) error {
	tc, err := clock.ParsePGN(tcText)
	if err != nil {
		return fmt.Errorf("clock.control_changed: time_control: %w", err)
	}
	if t.finished {
		return nil
	}
	if !t.Started() {
		return errors.New("clock.control_changed before clock.started")
	}
	running := !t.clk.Paused()
	if running {
		if err := t.clockEvent(clock.Event{Kind: clock.Pause}, at); err != nil {
			return err
		}
	}
	if err := t.clockEvent(clock.Event{Kind: clock.Reconfigure, Control: &tc}, at); err != nil {
		return err
	}
	if running {
		return t.clockEvent(clock.Event{Kind: clock.Resume}, at)
	}
	return nil
}

// instant is the event's own instant, or the envelope's when it has none.
func instant(own, recorded time.Time) time.Time {
	if own.IsZero() {
		return recorded
	}
	return own
}

func (t *Timer) clockEvent(e clock.Event, at time.Time) error {
	if t.clk == nil {
		return fmt.Errorf("clock %s before clock.started", e.Kind)
	}
	e.At = at.Sub(t.origin)
	if err := t.clk.Apply(e); err != nil {
		return fmt.Errorf("clock %s at %s: %w", e.Kind, at.Format(time.RFC3339Nano), err)
	}
	t.last = at
	return nil
}

// Deadline returns the instant the running side's flag falls if nothing
// happens before, when that fall is still to be recorded.
//
// While a draw claim is pending there is none: the clocks are stopped
// (see Apply) and no flag fall is recorded.
func (t *Timer) Deadline() (time.Time, bool) {
	if !t.Started() || t.finished || t.claim {
		return time.Time{}, false
	}
	s, at, ok := t.clk.FlagFall()
	if !ok || t.recorded[s] {
		return time.Time{}, false
	}
	return t.origin.Add(at), true
}

// FlagDown reports whether side's flag has fallen at instant at (recorded,
// or computed from the clock), and when.
func (t *Timer) FlagDown(side clock.Side, at time.Time) (time.Time, bool) {
	if !t.Started() {
		return time.Time{}, false
	}
	if off, fallen := t.clk.Flag(side); fallen {
		return t.origin.Add(off), true
	}
	if at.Before(t.last) {
		at = t.last
	}
	r, err := t.clk.Reading(side, at.Sub(t.origin))
	if err != nil || !r.Flagged {
		return time.Time{}, false
	}
	return t.origin.Add(r.FlagAt), true
}

// Reading returns both clocks at instant now.
func (t *Timer) Reading(now time.Time) (white, black clock.Reading, err error) {
	if !t.Started() {
		return clock.Reading{}, clock.Reading{}, refuse(ErrState, "the clock has not been started")
	}
	if now.Before(t.last) {
		now = t.last
	}
	off := now.Sub(t.origin)
	if white, err = t.clk.Reading(clock.White, off); err != nil {
		return
	}
	black, err = t.clk.Reading(clock.Black, off)
	return
}

// Live checks that the clock runs or is paused in a game going on: the
// refusal of a decision on a clock that does not.
func (t *Timer) Live() error {
	switch {
	case !t.exists:
		return refuse(ErrNotFound, "game not found")
	case t.finished:
		return refuse(ErrState, "the game is over")
	case !t.Started():
		return refuse(ErrState, "the clock has not been started")
	}
	return nil
}
