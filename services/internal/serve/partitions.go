package serve

import (
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
)

// groupOver is a consumer group's subscriber over streams: the one
// stream's, or with several game partitions a durable consumer of the
// group's name on each partition's stream, their messages handed to one
// handler (wiring.PartitionedGroup).
func groupOver(conn *nats.Conn, streams []string, group string, parts events.GamePartitions,
	subscribe func(*nats.Conn, string, string, *zap.Logger) (message.Subscriber, error), log *zap.Logger) (message.Subscriber, error) {
	var subs []message.Subscriber
	for _, stream := range streams {
		sub, err := subscribe(conn, stream, group, log)
		if err != nil {
			return nil, err
		}
		subs = append(subs, sub)
	}
	if len(subs) == 1 {
		return subs[0], nil
	}
	return wiring.PartitionedGroup(parts, subs), nil
}
