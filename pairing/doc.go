// Package pairing pairs tournament rounds: the FIDE Dutch Swiss system,
// round robin by Berger tables, byes, forbidden pairings and acceleration,
// and reads and writes tournament report files (TRF-16 and TRF-26).
//
// It imports nothing outside the standard library and does no I/O of its
// own beyond the readers and writers it is handed.
package pairing
