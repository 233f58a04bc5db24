//go:build unix

package wiring

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// BenchmarkConsumerGroup measures the CPU time (of the whole process: the
// embedded server, the subscriber and the router) a consumer group spends
// on each event of its topic that its handler does not act on, as every
// move is for arbiter-claims and games-results: handed to the router (no
// ActsOn) or acknowledged by the subscriber (ActsOn). The events are
// stored first; the clock runs while the group reads them all and its ack
// floor reaches the last. Run with -benchtime=20000x or so. The wall time
// varies: the client library's pull consumer sometimes stops pulling
// while it believes messages are on their way, until its heartbeat check
// pulls again (seconds later); the CPU time hardly moves then.
func BenchmarkConsumerGroup(b *testing.B) {
	for _, tc := range []struct {
		name string
		opts []GroupOption
	}{
		{"every event to the router", nil},
		{"acts on game.ended", []GroupOption{ActsOn("game.ended")}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			srv := natstest.Server(b)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			js, err := jetstream.New(natstest.Connect(b, srv))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "BENCHEV", Subjects: []string{"benchev.>"}}); err != nil {
				b.Fatal(err)
			}
			// a move's envelope as the store lays it out (its size too)
			pad := strings.Repeat("x", 300)
			for i := range b.N {
				id := fmt.Sprintf("ev-%d", i)
				body := fmt.Sprintf(`{"id":"%s","type":"game.move_played","version":1,"aggregate":{"kind":"game","id":"g-%d"},"seq":%d,"pad":"%s","data":{"ply":%d}}`, id, i%1000, i/1000+2, pad, i/1000+1)
				if _, err := js.PublishAsync("benchev.g.games", []byte(body), jetstream.WithMsgID(id)); err != nil {
					b.Fatal(err)
				}
				if i%1000 == 999 || i == b.N-1 {
					select {
					case <-js.PublishAsyncComplete():
					case <-ctx.Done():
						b.Fatal("publishing timed out")
					}
				}
			}
			log := zap.NewNop()
			r, err := NewRouter(natstest.Connect(b, srv), log, NewMetrics(), RouterOptions{})
			if err != nil {
				b.Fatal(err)
			}
			sub, err := ConsumerGroup(natstest.Connect(b, srv), "BENCHEV", "bench", log, tc.opts...)
			if err != nil {
				b.Fatal(err)
			}
			r.AddNoPublisherHandler("bench", "benchev.*.games", sub, func(msg *message.Message) error {
				_, err := Envelope(msg, "game.ended")
				return err
			})
			time.Sleep(time.Second) // the server done with the publishing
			b.ResetTimer()
			cpu0 := cpuTime()
			go func() { _ = r.Run(ctx) }()
			<-r.Running()
			defer func() { _ = r.Close() }()
			cons, err := js.Consumer(ctx, "BENCHEV", "bench")
			if err != nil {
				b.Fatal(err)
			}
			for {
				info, err := cons.Info(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if info.AckFloor.Stream >= uint64(b.N) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1000/float64(b.N), "cpu-µs/event")
		})
	}
}
