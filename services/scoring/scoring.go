package scoring

import (
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/scoring/app"
	"github.com/hakem-chess/hakem/services/scoring/ports"
	"go.uber.org/zap"
)

// Name is the service's name in the configuration (only) and the logs.
const Name = "scoring"

// Deps is what the scoring service is built from.
type Deps struct {
	Store   *eventstore.Store
	Retries int
	Log     *zap.Logger
	Metrics *wiring.Metrics
}

// New builds the scoring service for `hakem serve`: its reads (standings,
// crosstable, rating changes: scoring/ports) and its consumer group
// scoring-rounds, which publishes the standings after each closed round
// and after each correction of a closed round's result.
func New(d Deps) wiring.Plug {
	sc := &app.Scoring{Store: d.Store, Retries: d.Retries, Log: d.Log.With(wiring.Service(Name)), Metrics: d.Metrics}
	rounds := "tournament.*." + string(events.WriterPairing)
	closed, corrected := (events.RoundClosed{}).EventType(), (events.ResultCorrected{}).EventType()
	return wiring.Plug{
		Name:    Name,
		Queries: []wiring.Port{ports.HTTP{Scoring: sc}},
		Consumers: []wiring.Consumer{{Group: "scoring-rounds", Filter: rounds, Handle: func(msg *message.Message) error {
			env, err := wiring.Envelope(msg, closed, corrected)
			if err != nil || env.Type == "" {
				return err
			}
			if env.Type == corrected { // the standings follow a correction
				_, err = sc.PublishCorrected(msg.Context(), env)
				return err
			}
			_, err = sc.Publish(msg.Context(), env)
			return err
		}}},
	}
}
