package wiring

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// TestProvisionAndBind: before Provision, a provisioned router and a bound
// consumer group refuse to start and create nothing; after it, every
// group's durable consumer exists as ConsumerGroup would make it, a bound
// group receives its events, and binding with another filter is refused.
func TestProvisionAndBind(t *testing.T) {
	srv := natstest.Server(t)
	connect := func() *nats.Conn { return natstest.Connect(t, srv) }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	log := zap.NewNop()
	nc := connect()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}

	if _, err := NewRouter(connect(), log, NewMetrics(), RouterOptions{Provisioned: true}); err == nil {
		t.Error("a provisioned router started without the poison stream")
	}
	if _, err := js.Stream(ctx, PoisonTopic); err == nil {
		t.Error("a provisioned router created the poison stream")
	}

	got, err := Provision(ctx, nc, 1, events.SinglePartition, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Consumers) != len(Groups) || !slices.Contains(got.Streams, PoisonTopic) {
		t.Errorf("provisioned %+v", got)
	}
	for _, g := range Groups {
		c, err := js.Consumer(ctx, g.Stream, g.Name)
		if err != nil {
			t.Errorf("group %s: %v", g.Name, err)
			continue
		}
		cfg := c.CachedInfo().Config
		want := GroupConsumerConfig(g.Name, g.Filter)
		if cfg.FilterSubject != want.FilterSubject || cfg.AckWait != want.AckWait || cfg.AckPolicy != want.AckPolicy || cfg.DeliverSubject != "" {
			t.Errorf("group %s: %+v, want %+v", g.Name, cfg, want)
		}
	}
	// Again: nothing changes, nothing fails.
	if _, err := Provision(ctx, nc, 1, events.SinglePartition, log); err != nil {
		t.Fatalf("provisioning again: %v", err)
	}

	r, err := NewRouter(connect(), log, NewMetrics(), RouterOptions{Provisioned: true})
	if err != nil {
		t.Fatalf("provisioned router: %v", err)
	}
	sub, err := BoundConsumerGroup(connect(), events.KindGame.StreamName(), "arbiter-claims", log)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(chan string, 4)
	r.AddConsumerHandler("claims", "game.*.games", sub, func(msg *message.Message) error {
		seen <- msg.Metadata.Get(MetaSubject)
		return nil
	})
	go func() { _ = r.Run(context.Background()) }()
	<-r.Running()
	t.Cleanup(func() { _ = r.Close() })
	store, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true})
	if err != nil {
		t.Fatal(err)
	}
	g := events.Game("bound-1")
	if _, _, err := store.Append(ctx, g, events.WriterGames, events.Head{}, "k1",
		events.Meta{Actor: events.Actor{Role: "organiser", ID: "o"}, RecordedAt: time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)},
		events.GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"}); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-seen:
		if s != g.Subject(events.WriterGames) {
			t.Errorf("bound group delivered %s", s)
		}
	case <-ctx.Done():
		t.Fatal("the bound group delivered nothing")
	}

	// Binding under another filter, or to a group never provisioned,
	// fails and creates nothing.
	for _, tc := range []struct{ group, topic string }{{"arbiter-flags", "game.*.games"}, {"nobody", "game.*.games"}} {
		bad, err := BoundConsumerGroup(connect(), events.KindGame.StreamName(), tc.group, log)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bad.Subscribe(ctx, tc.topic); err == nil {
			t.Errorf("bound group %s subscribed to %s", tc.group, tc.topic)
		}
		_ = bad.Close()
	}
	if _, err := js.Consumer(ctx, events.KindGame.StreamName(), "nobody"); err == nil {
		t.Error("binding created the consumer nobody")
	}
	if c, err := js.Consumer(ctx, events.KindGame.StreamName(), "arbiter-flags"); err != nil || c.CachedInfo().Config.FilterSubject != "game.*.clocks" {
		t.Errorf("arbiter-flags after a refused bind: %v", err)
	}
}
