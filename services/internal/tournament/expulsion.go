package tournament

import (
	"github.com/hakem-chess/hakem/events"
)

// Expulsion is a player's expulsion from the tournament as folded: the
// arbiter's event and the first round he is not paired in (the round
// after the last one paired when the event was recorded).
type Expulsion struct {
	events.PlayerExpelled
	FromRound int
}

// ExpelledFrom returns the first round the player is not paired in
// because he was expelled, 0 when he was not.
func (t *Tournament) ExpelledFrom(id string) int {
	for _, e := range t.Expelled {
		if e.PlayerID == id {
			return e.FromRound
		}
	}
	return 0
}

// Status is a player's standing in the tournament after round: "expelled"
// or "withdrawn" when he is not paired after it, "" while he plays on.
func (t *Tournament) Status(id string, round int) string {
	if from := t.ExpelledFrom(id); from > 0 && from <= round+1 {
		return "expelled"
	}
	if from := t.WithdrawnFrom(id); from > 0 && from <= round+1 {
		return "withdrawn"
	}
	return ""
}
