package wiring

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
)

// PartitionTopic returns the subject filter of a consumer group's topic in
// game partition p of n: the topic itself with one partition (or for
// another kind), "game-<p>.*.<writer>" for "game.*.<writer>" with several
// (events.GamePartitions.Subject).
func PartitionTopic(n events.GamePartitions, p int, topic string) string {
	rest, ok := strings.CutPrefix(topic, string(events.KindGame)+".")
	if !ok || n <= 1 {
		return topic
	}
	return strings.TrimSuffix(n.StreamSubjects(p), ">") + rest
}

// PartitionedGroup is the subscriber of a consumer group over the game
// partitions: subs[p] is the group's subscriber on partition p's stream (a
// durable consumer of the group's name there), subscribed to the topic as
// PartitionTopic translates it; their messages are handed to the router on
// one channel. A game lives in one partition, so its events keep their
// order.
func PartitionedGroup(n events.GamePartitions, subs []message.Subscriber) message.Subscriber {
	return partitionedGroup{n: n, subs: subs}
}

type partitionedGroup struct {
	n    events.GamePartitions
	subs []message.Subscriber
}

// Subscribe implements message.Subscriber.
func (g partitionedGroup) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	out := make(chan *message.Message)
	var wg sync.WaitGroup
	for p, sub := range g.subs {
		in, err := sub.Subscribe(ctx, PartitionTopic(g.n, p, topic))
		if err != nil {
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range in {
				select {
				case out <- m:
				case <-ctx.Done():
					m.Nack() // redelivered to the group after the restart
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out, nil
}

// Close implements message.Subscriber.
func (g partitionedGroup) Close() error {
	var errs []error
	for _, sub := range g.subs {
		errs = append(errs, sub.Close())
	}
	return errors.Join(errs...)
}
