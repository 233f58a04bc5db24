package app

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
)

// PublishCorrected publishes the standings again (and a rated
// tournament's rating changes) after the correction of a result of a
// closed round (a tournament.result_corrected envelope): after the last
// round closed, once per correction (key "standings-corrected-<event id>").
// A correction of a round not yet closed publishes nothing: its close
// will. It returns the standings' envelope, or an empty one.
func (s *Scoring) PublishCorrected(ctx context.Context, corrected events.Envelope) (events.Envelope, error) {
	ev, err := events.Decode(corrected)
	if err != nil {
		return events.Envelope{}, err
	}
	c, ok := ev.(*events.ResultCorrected)
	if !ok {
		return events.Envelope{}, fmt.Errorf("event %s is a %s, not a correction", corrected.ID, corrected.Type)
	}
	t, _, _, err := s.Load(ctx, corrected.Aggregate.ID)
	if err != nil {
		return events.Envelope{}, err
	}
	if c.Round > t.Closed {
		return events.Envelope{}, nil
	}
	return s.publish(ctx, corrected, t.Closed, "standings-corrected-"+corrected.ID)
}
