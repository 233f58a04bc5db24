// Package clock models chess clocks as a pure function of recorded instants:
// sudden death, increment, Bronstein and simple delay, multi-period controls
// with move counts, sandglass, pauses and arbiter adjustments, and the exact
// instant a flag falls.
//
// It imports nothing outside the standard library and never reads the wall
// clock: every instant is a recorded value passed in by the caller, a
// time.Duration offset from an origin the caller chooses (nanosecond
// resolution, never rounded).
//
// A TimeControl is read and written in three notations: the PGN TimeControl
// tag (ParsePGN, TimeControl.PGN), the TRF-26 record 222 encoding (ParseTRF,
// TimeControl.TRF) and a human form (ParseHuman, TimeControl.Human). A Clock
// is the fold of recorded Events (Fold, Clock.Apply): Start, Press, Pause,
// Resume, Adjust, Retract and Stop; it answers each side's Reading at an
// instant (remaining time, period, moves to the next control, flag), the
// instant the running flag falls (FlagFall), and the %clk/%emt record of
// every move (Moves, MoveTime.Comment), which a clock folded only to decide
// or to watch for flags drops (ForgetMoves).
//
// Conventions: the time of a new period is added at the press that completes
// the previous period's last move; a last period with a move count repeats;
// a flag falls when the remaining time reaches zero, and a fallen side's time
// stays at zero (no debt).
package clock
