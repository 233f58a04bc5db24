package rules

// MatingAbility is the answer to "can this side still checkmate by any
// series of legal moves?" (articles 6.9 and 9.6 of the 1997 Laws, 5.2.2 and
// 6.9 of the 2023 Laws).
type MatingAbility uint8

// The values are named MatingPossible and MatingImpossible rather than
// CanMate and CannotMate (the names in the first draft of the API contract)
// because the function CanMate takes that name.
const (
	// MatingPossible: the side has mating material in the usual sense (a helpmate
	// exists in general for such material) and the position is not proved
	// locked. See CanMate for what is and is not examined.
	MatingPossible MatingAbility = iota
	// MatingImpossible: proved; no series of legal moves, however cooperative the
	// opponent, ends in checkmate by this side.
	MatingImpossible
	// MatingUnknown: the analysis could not decide. Callers treat it as
	// MatingPossible.
	MatingUnknown
)

// String returns "can mate", "cannot mate" or "unknown".
func (a MatingAbility) String() string {
	switch a {
	case MatingPossible:
		return "can mate"
	case MatingImpossible:
		return "cannot mate"
	}
	return "unknown"
}

// CanMate reports whether side c can still checkmate by any series of legal
// moves, the opponent cooperating (a helpmate).
//
// It answers MatingImpossible only when it has a proof:
//   - c has its king alone;
//   - the insufficient-material table: c has king and one knight against a
//     lone king, or c has only bishops all on squares of one colour and the
//     opponent has only bishops on squares of that colour (or none), with no
//     pawns on the board;
//   - a locked position: no queens, rooks or knights on the board, every
//     pawn permanently blocked and unable ever to capture, and the kings'
//     reachable squares and the bishops' square colours show that no check
//     by c can ever be mate (see lockedCannotMate).
//
// When the pawns are locked for good (no pawn can ever move or capture, no
// king can ever capture a pawn, only kings and bishops besides) but the check
// analysis does not prove it, a bounded cooperative search of the reachable
// positions decides when it can (a mate found: MatingPossible; every
// reachable position seen without one: MatingImpossible); otherwise the
// answer is MatingUnknown. The same search runs on a wall with a pawn step
// or two left (nearlyLocked: kings, bishops and pawns, at most two pawns not
// blocked for good): it plays every legal move, pawn moves, captures and
// promotions included, and does not expand a position already proved
// (insufficient material, or locked with no mate), so a wall that closes
// after the last step is decided; when the budget runs out the answer is
// MatingPossible as before. In every other case it is MatingPossible: that is
// the usual material rule and not a proof (a piece walled in by blocked pawns,
// or a pawn structure that could be broken but never to c's profit, is not
// detected), which is why callers that need certainty act only on
// MatingImpossible.
func CanMate(p Position, c Color) MatingAbility {
	if insufficientMaterial(&p, c) {
		return MatingImpossible
	}
	switch lockedCannotMate(&p, c) {
	case lockProved:
		return MatingImpossible
	case lockUndecided:
		return helpmateSearch(p, c, matingSearchBudget)
	}
	if nearlyLocked(&p) {
		// a wall with a pawn step or two left: search, and take the
		// answer only when it is a proof either way
		if a := helpmateSearch(p, c, matingSearchBudget); a != MatingUnknown {
			return a
		}
	}
	return MatingPossible
}

// IsDeadPosition reports whether neither side can checkmate by any series of
// legal moves (1997 article 9.6; 2023 article 5.2.2), true only when proved
// for both sides.
func IsDeadPosition(p Position) bool {
	return CanMate(p, White) == MatingImpossible && CanMate(p, Black) == MatingImpossible
}
