// Package domain is the clocks service's domain, pure: its decisions on a
// game's clock, folded from the game's events by gameclock.Timer (start it,
// record a flag fall at the instant the clock module computes, pause,
// resume, adjust, introduce an increment, carry out a penalty's time):
// functions of the clock that the service appends what they return from
// and the audit re-decides with.
package domain

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Refusal is a decision's refusal with a precise reason.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

// IntroduceIncrement decides that, from instant at, every move of the
// period in which all remaining moves are made (the sudden-death period,
// of both sides) adds inc to the mover's time: the increment the arbiter
// introduces at a player's request in the quickplay finish (FIDE Laws
// 2023, Guidelines III.4, profile fide-2023: five seconds). The other
// periods, the times left and the moves made stay. reason and article
// are the ruling's. Refused in a game over, before the start, without a
// sudden-death period, or when that period already adds time per move.
func IntroduceIncrement(t *gameclock.Timer, at time.Time, inc time.Duration, reason, article string) ([]events.Event, error) {
	if err := t.Live(); err != nil {
		return nil, err
	}
	if inc <= 0 || inc%time.Millisecond != 0 {
		return nil, refuse(gameclock.ErrInvalid, "increment: %v is not a positive number of milliseconds", inc)
	}
	tc := t.Clock().Control()
	if tc.Kind != clock.Timed {
		control, _ := t.Control()
		return nil, refuse(gameclock.ErrState, "the clock's control %q has no periods to add an increment to", control)
	}
	with := func(ps []clock.Period) ([]clock.Period, error) {
		out := append([]clock.Period(nil), ps...)
		found := false
		for i := range out {
			if out[i].Moves != 0 {
				continue
			}
			if out[i].Increment > 0 || out[i].Delay > 0 {
				return nil, refuse(gameclock.ErrState, "the last period already adds time per move (increment %v, delay %v)", out[i].Increment, out[i].Delay)
			}
			out[i].Increment, found = inc, true
		}
		if !found {
			return nil, refuse(gameclock.ErrState, "the control has no period for all remaining moves")
		}
		return out, nil
	}
	next := clock.TimeControl{Kind: tc.Kind}
	var err error
	if next.Periods, err = with(tc.Periods); err != nil {
		return nil, err
	}
	if tc.Black != nil {
		if next.Black, err = with(tc.Black); err != nil {
			return nil, err
		}
	}
	pgn, err := next.PGN()
	if err != nil {
		return nil, refuse(gameclock.ErrState, "the new control cannot be written in PGN notation: %v", err)
	}
	return []events.Event{events.ControlChanged{At: at.UTC(), TimeControl: pgn, Reason: strings.TrimSpace(reason), Article: strings.TrimSpace(article)}}, nil
}

// Start decides the start of the clock at instant at: the clock of the
// side on move runs — White's from the initial position (article 6.5 /
// 2023 6.6.1), Black's from a set-up position (Chess960 included) with
// Black to move (6.1 of both editions: the clock of the side on move). The clock is started before the first move,
// in a game with a time control, once.
func Start(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
	control, tc := t.Control()
	switch {
	case !t.Exists():
		return nil, refuse(gameclock.ErrNotFound, "game not found")
	case t.Finished():
		return nil, refuse(gameclock.ErrState, "the game is over")
	case !t.Timed():
		return nil, refuse(gameclock.ErrUntimed, "the game has no time control to run (time_control %q)", control)
	case t.Clock() != nil:
		return nil, refuse(gameclock.ErrState, "the clock was started at %s", t.Origin().Format(time.RFC3339Nano))
	case t.Ply() > 0:
		return nil, refuse(gameclock.ErrState, "the clock must be started before the first move (%d plies played)", t.Ply())
	}
	return []events.Event{events.ClockStarted{
		At: at.UTC(), TimeControl: control,
		WhiteMs: tc.For(clock.White)[0].Base.Milliseconds(),
		BlackMs: tc.For(clock.Black)[0].Base.Milliseconds(),
	}}, nil
}

// CheckFlag decides, at instant now, whether a flag fall is to be
// recorded: the running side's time ran out at or before now and no fall of
// it is recorded. The event carries the exact instant of the fall, which is
// at or before now.
func CheckFlag(t *gameclock.Timer, now time.Time) []events.Event {
	at, ok := t.Deadline()
	if !ok || at.After(now) {
		return nil
	}
	s, _, _ := t.Clock().FlagFall()
	side := events.White
	if s == clock.Black {
		side = events.Black
	}
	return []events.Event{events.FlagFell{Side: side, At: at.UTC(), Ply: t.Ply()}}
}

// Pause decides that the arbiter stops both clocks (article 6.11 / 2023
// 6.11.1) at instant at, for the reason given (required: the log says why
// the game was interrupted).
func Pause(t *gameclock.Timer, at time.Time, reason string) ([]events.Event, error) {
	if err := t.Live(); err != nil {
		return nil, err
	}
	if t.Clock().Paused() && !t.ClaimStopped() {
		return nil, refuse(gameclock.ErrState, "the clocks are already paused")
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, refuse(gameclock.ErrInvalid, "reason: missing (the arbiter says why he pauses the clocks)")
	}
	return []events.Event{events.ClockPaused{At: at.UTC(), Reason: reason}}, nil
}

// Resume decides that the arbiter restarts the clock of the side on move.
func Resume(t *gameclock.Timer, at time.Time) ([]events.Event, error) {
	if err := t.Live(); err != nil {
		return nil, err
	}
	if !t.Clock().Paused() {
		return nil, refuse(gameclock.ErrState, "the clocks are not paused")
	}
	if t.ClaimStopped() {
		return nil, refuse(gameclock.ErrState, "a draw claim awaits the arbiter's ruling; the ruling restarts the clock")
	}
	return []events.Event{events.ClockResumed{At: at.UTC()}}, nil
}

// Adjust decides an arbiter's change of one side's time by delta (added
// when positive, taken when negative), at instant at; a change that would
// leave a negative time is refused. It is a ruling: the reason and the
// article applied (e.g. 2023 6.10.2, 6.11.5, 12.9) are required.
func Adjust(t *gameclock.Timer, at time.Time, side events.Color, delta time.Duration, reason, article string) ([]events.Event, error) {
	if err := t.Live(); err != nil {
		return nil, err
	}
	if side != events.White && side != events.Black {
		return nil, refuse(gameclock.ErrInvalid, "side: %q is not white or black", side)
	}
	if delta == 0 || delta%time.Millisecond != 0 {
		return nil, refuse(gameclock.ErrInvalid, "delta_ms: a non-zero number of milliseconds is needed")
	}
	reason, article = strings.TrimSpace(reason), strings.TrimSpace(article)
	switch {
	case reason == "" && article == "":
		return nil, refuse(gameclock.ErrInvalid, "reason and article: missing (a time adjustment is a ruling: it states its reason and cites the article it applies)")
	case reason == "":
		return nil, refuse(gameclock.ErrInvalid, "reason: missing (a time adjustment states its reason)")
	case article == "":
		return nil, refuse(gameclock.ErrInvalid, "article: missing (a time adjustment cites the article it applies, e.g. 6.10.2)")
	}
	w, b, err := t.Reading(at)
	if err != nil {
		return nil, err
	}
	left := w.Remaining
	if side == events.Black {
		left = b.Remaining
	}
	if left+delta < 0 {
		return nil, refuse(gameclock.ErrInvalid, "delta_ms: %s has %v left; taking %v would leave a negative time", side, left, -delta)
	}
	return []events.Event{events.TimeAdjusted{Side: side, DeltaMs: delta.Milliseconds(), Reason: reason, Article: article}}, nil
}
