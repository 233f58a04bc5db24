package game

import "github.com/hakem-chess/hakem/events"

// LastClaim returns the draw claim pending or, if none, the last one ruled
// on.
func (g *Game) LastClaim() (events.DrawClaimed, bool) {
	if g.claim != nil {
		return *g.claim, true
	}
	if g.ruled != nil {
		return *g.ruled, true
	}
	return events.DrawClaimed{}, false
}

// MustPlay returns the intended move (SAN) of an incorrect claim that the
// claimant must now play ("" if none).
func (g *Game) MustPlay() string { return g.mustPlay }

// MustPlayWhy says why the move MustPlay names must be played ("" if
// none).
func (g *Game) MustPlayWhy() string { return g.mustWhy }

// Postponed returns the quickplay-finish claim whose decision the arbiter
// postponed and has not yet given (1997 10.2b-c, 2023 III.5.2), if any.
func (g *Game) Postponed() (events.DrawClaimed, bool) {
	if g.postponed == nil {
		return events.DrawClaimed{}, false
	}
	return *g.postponed, true
}

// Claim returns the draw claim awaiting a ruling, if any.
func (g *Game) Claim() (events.DrawClaimed, bool) {
	if g.claim == nil {
		return events.DrawClaimed{}, false
	}
	return *g.claim, true
}
