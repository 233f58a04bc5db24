package command

import (
	"context"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// EndByRulingHandler records the end of a game that an arbiter's ruling
// gives (the games service writes every result; the arbiter service
// decides some of them).
type EndByRulingHandler struct{ *Decider }

// Handle ends the game as ruling (an arbiter.ruling_given envelope) says,
// once: the command's key is the ruling's id.
func (h EndByRulingHandler) Handle(ctx context.Context, ruling events.Envelope) (decide.Outcome, error) {
	ev, err := events.Decode(ruling)
	if err != nil {
		return decide.Outcome{}, err
	}
	r, ok := ev.(*events.RulingGiven)
	if !ok {
		return decide.Outcome{}, fmt.Errorf("event %s is a %s, not a ruling", ruling.ID, ruling.Type)
	}
	meta := gamelog.Meta{
		IdempotencyKey: "ruling-" + ruling.ID,
		Actor:          events.Actor{Role: "system", ID: "games"},
		CorrelationID:  ruling.CorrelationID,
		CausationID:    ruling.ID,
	}
	return h.Decider.Handle(ctx, ruling.Aggregate.ID, decide.Command{Name: "end_by_ruling", Meta: meta},
		func(g *domain.Game, _ time.Time) ([]domain.Event, error) {
			return g.EndByRuling(*r)
		})
}
