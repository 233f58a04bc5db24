package tournament

import (
	"slices"

	"github.com/hakem-chess/hakem/events"
)

// Registered reports whether id is a registered player.
func (t *Tournament) Registered(id string) bool {
	return slices.ContainsFunc(t.Players, func(p events.PlayerRegistered) bool { return p.PlayerID == id })
}

// WithdrawnFrom returns the round from which the player is withdrawn, 0
// when he is not.
func (t *Tournament) WithdrawnFrom(id string) int {
	for _, w := range t.Withdrawn {
		if w.PlayerID == id {
			return w.FromRound
		}
	}
	return 0
}
