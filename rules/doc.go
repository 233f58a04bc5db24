// Package rules is the FIDE Laws of Chess as pure code: the board, strictly
// legal move generation, FEN, UCI and SAN notation, PGN, and the ways a game
// ends (checkmate, stalemate, repetition, the 50- and 75-move rules, dead
// position).
//
// It imports nothing outside the standard library, never logs, never reads
// the wall clock and never starts goroutines: every answer is a function of
// its arguments, so that a replay of a game reaches the same decisions.
package rules
