// Package scoring is the scoring service: after each round is closed it
// computes the standings — points, then the tournament's tie-breaks through
// the ratings module (FIDE C.07) — from the round's pairings and the games'
// results, and publishes them as an event of the tournament, so that what
// was published can be audited.
//
// Half done: standings only; the crosstable is served from the ratings
// module's Crosstable by nobody yet, rating changes are not computed, and
// TRF export is not written.
package scoring
