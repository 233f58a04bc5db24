// Package ratings computes FIDE Elo rating changes, Glicko-2, performance
// figures and the FIDE tie-breaks (C.07) that rank a standings table.
//
// It imports nothing outside the standard library.
package ratings
