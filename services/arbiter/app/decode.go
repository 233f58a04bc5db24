package app

import (
	"fmt"

	"github.com/hakem-chess/hakem/events"
)

// decodeAs decodes the envelope a ruling answers and checks it is the event
// of type T; what names that event in the error (e.g. "a draw claim").
func decodeAs[T any](env events.Envelope, what string) (T, error) {
	var zero T
	ev, err := events.Decode(env)
	if err != nil {
		return zero, err
	}
	v, ok := ev.(T)
	if !ok {
		return zero, fmt.Errorf("event %s is a %s, not %s", env.ID, env.Type, what)
	}
	return v, nil
}
