package domain

import (
	"github.com/hakem-chess/hakem/events"
)

// The kinds of requested bye (TRF-26 result codes of the round).
const (
	HalfPointBye = "H" // the point system's draw
	ZeroPointBye = "Z" // nothing
	FullPointBye = "F" // the point system's win
)

// ByePoints is what a requested bye of kind scores under the
// tournament's point system; ok is false for a kind that is none.
func (t *Tournament) ByePoints(kind string) (points float64, ok bool) {
	switch kind {
	case HalfPointBye:
		return t.Points().Draw, true
	case ZeroPointBye:
		return 0, true
	case FullPointBye:
		return t.Points().Win, true
	}
	return 0, false
}

// requestByeKind completes a bye request of a kind (H, Z, F: the
// organiser's regulations say which the event grants; C.04.1 lets the
// requested bye score at most a draw, a full-point bye is the organiser's
// own): its points are the kind's, and points given beside the kind must be
// those.
func (t *Tournament) requestByeKind(b events.ByeRequested) ([]events.Event, error) {
	points, ok := t.ByePoints(b.Kind)
	if !ok {
		return nil, refuse(ErrInvalid, "kind: %q is not a bye (H half-point, Z zero-point, F full-point)", b.Kind)
	}
	if b.Points != 0 && b.Points != points {
		return nil, refuse(ErrInvalid, "points: %g, but a %s bye scores %g", b.Points, b.Kind, points)
	}
	b.Points = points
	return []events.Event{b}, nil
}
