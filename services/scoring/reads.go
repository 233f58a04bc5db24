package scoring

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/scoring/domain"
)

// StandingsPenalised is the standings of t after round with the games'
// points penalties, as the scoring publishes them
// (domain.StandingsPenalised): the pages show the same figures.
func StandingsPenalised(t *tournament.Tournament, round int, results map[string]events.Result, pens tournament.Penalties) ([]events.Standing, error) {
	return domain.StandingsPenalised(t, round, results, pens)
}

// PenaltyDelta is what the games' points penalties change in each
// player's points over rounds 1 to round (domain.PenaltyDelta).
func PenaltyDelta(t *tournament.Tournament, round int, results map[string]events.Result, pens tournament.Penalties) map[string]float64 {
	return domain.PenaltyDelta(t, round, results, pens)
}
