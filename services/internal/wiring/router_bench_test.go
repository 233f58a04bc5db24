//go:build unix

package wiring

import (
	"context"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// libraryPull makes a consumer group's subscriber pull through the client
// library's Consume (what it did before pulling), for comparison.
func libraryPull() GroupOption { return func(o *groupOptions) { o.libraryPull = true } }

// BenchmarkConsumerGroup measures a consumer group catching up with a
// backlog of moves (b.N of them, stored first, as after downtime): the
// events read per second of wall time until the group's ack floor reaches
// the last, and the CPU time (of the whole process: the embedded server,
// the subscriber and the router) spent on each event its handler does not
// act on, as every move is for arbiter-claims and games-results: handed to
// the router (no ActsOn) or acknowledged by the subscriber (ActsOn). Each
// is run with the subscriber's own pulls (pulling) and with the client
// library's Consume ("library's pull"), which sometimes stops pulling in
// the middle of the backlog until its heartbeat check pulls again, 30 s
// later (see pulling): its events/s then falls by an order of magnitude,
// its CPU time hardly moves. Run with -benchtime=40000x or so.
func BenchmarkConsumerGroup(b *testing.B) {
	for _, tc := range []struct {
		name string
		opts []GroupOption
	}{
		{"every event to the router", nil},
		{"every event to the router, library's pull", []GroupOption{libraryPull()}},
		{"acts on game.ended", []GroupOption{ActsOn("game.ended")}},
		{"acts on game.ended, library's pull", []GroupOption{ActsOn("game.ended"), libraryPull()}},
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
			storeMoves(b, ctx, js, "benchev.g.games", b.N)
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
			start := time.Now()
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
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "events/s")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1000/float64(b.N), "cpu-µs/event")
		})
	}
}
