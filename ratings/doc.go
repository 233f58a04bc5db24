// Package ratings computes FIDE Elo rating changes, Glicko-2, performance
// figures and the FIDE tie-breaks (C.07) that rank a standings table.
//
// The Elo arithmetic follows the FIDE Rating Regulations (Handbook B.02,
// effective 1 March 2024, amended 1 October 2025): expected scores come from
// FIDE's table 8.1.2, never from the logistic formula, and every change carries
// the per-game lines a rating officer checks.
//
// The tie-breaks follow FIDE C.07 (2024) and its 2026 amendment, as FIDE
// TEC's reference TieBreakServer reads them; see Compute for the details that
// matter when a value is disputed. Swiss tournaments only: round robins (where
// unplayed games count as played) are not handled.
//
// It imports nothing outside the standard library.
package ratings
