// Package clock models chess clocks as a pure function of recorded instants:
// sudden death, increment, Bronstein and simple delay, multi-period controls
// with move counts, pauses and arbiter adjustments, and the exact instant a
// flag falls.
//
// It imports nothing outside the standard library and never reads the wall
// clock: every instant is a recorded value passed in by the caller.
package clock
