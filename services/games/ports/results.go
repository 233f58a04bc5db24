package ports

import (
	"fmt"
	"sync"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/prometheus/client_golang/prometheus"
)

// AddResultCounter adds to router a handler that counts finished games by
// termination (hakem_games_ended_total), reading the games' events through
// sub (a consumer group: with several copies of the service each game end
// is counted by one of them). A redelivered game.ended (the ack was lost)
// is counted once by the process that counted it (endCounter); a
// redelivery to another copy of the service is counted again there: the
// counter is per process, as Prometheus counters are.
func AddResultCounter(router *message.Router, sub message.Subscriber, m *wiring.Metrics) error {
	ended := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hakem_games_ended_total", Help: "Games ended, by termination, as seen since this process started.",
	}, []string{"termination"})
	if err := m.Registry.Register(ended); err != nil {
		return fmt.Errorf("games: %w", err)
	}
	router.AddConsumerHandler("games-results", "game.*."+string(events.WriterGames), sub, endCounter(ended, 1<<14))
	return nil
}

// endCounter is the handler of AddResultCounter: it counts each game.ended
// event once, remembering the ids of the last `remember` it counted.
func endCounter(ended *prometheus.CounterVec, remember int) func(msg *message.Message) error {
	var mu sync.Mutex
	seen := map[string]bool{}
	var order []string
	want := (events.GameEnded{}).EventType()
	return func(msg *message.Message) error {
		// every move of every game comes here: the type is read first
		// from the store's layout, and only a game.ended (or an envelope
		// laid out otherwise) is decoded
		if t, ok := wiring.EventType(msg.Payload); ok && string(t) != want {
			return nil
		}
		var env events.Envelope
		if err := env.UnmarshalJSON(msg.Payload); err != nil {
			return fmt.Errorf("event %s: %w", msg.UUID, err)
		}
		if env.Type != want {
			return nil
		}
		ev, err := events.Decode(env)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		if seen[env.ID] {
			return nil // a redelivery
		}
		seen[env.ID] = true
		order = append(order, env.ID)
		if len(order) > remember {
			delete(seen, order[0])
			order = order[1:]
		}
		ended.WithLabelValues(string(ev.(*events.GameEnded).Termination)).Inc()
		return nil
	}
}
