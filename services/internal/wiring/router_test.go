package wiring

import (
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// TestRouterOnJetStream runs two routers sharing one consumer group on a
// real embedded JetStream: every message is handled by exactly one of them,
// a failing or panicking handler is retried and then its message goes to the
// poison queue with the reason.
func TestRouterOnJetStream(t *testing.T) {
	srv, err := events.StartEmbedded(events.EmbeddedConfig{Dir: t.TempDir(), Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	connect := func() *nats.Conn {
		nc, err := srv.Connect()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	js, err := jetstream.New(connect())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "TESTEV", Subjects: []string{"testev.>"}}); err != nil {
		t.Fatal(err)
	}
	log := zap.NewNop()
	m := NewMetrics()

	var mu sync.Mutex
	handled := map[string]int{}
	attempts := map[string]int{}
	handler := func(msg *message.Message) error {
		p := string(msg.Payload)
		mu.Lock()
		attempts[p]++
		mu.Unlock()
		switch p {
		case "fail":
			return io.ErrUnexpectedEOF
		case "panic":
			panic("handler bug")
		}
		mu.Lock()
		handled[p]++
		mu.Unlock()
		return nil
	}
	for i := range 2 {
		r, err := NewRouter(connect(), log, m, RouterOptions{MaxRetries: 2, InitialInterval: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		sub, err := ConsumerGroup(connect(), "TESTEV", "group", log)
		if err != nil {
			t.Fatal(err)
		}
		r.AddConsumerHandler("h"+string(rune('0'+i)), "testev.*", sub, handler)
		go func() { _ = r.Run(ctx) }()
		<-r.Running()
		t.Cleanup(func() { _ = r.Close() })
	}

	payloads := []string{"fail", "panic"}
	for i := range 20 {
		payloads = append(payloads, "ok"+string(rune('a'+i)))
	}
	for _, p := range payloads {
		if _, err := js.Publish(ctx, "testev.x", []byte(p)); err != nil {
			t.Fatal(err)
		}
	}

	poison, err := js.Stream(ctx, PoisonTopic)
	if err != nil {
		t.Fatal(err)
	}
	for {
		info, err := poison.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		done := len(handled) == 20
		mu.Unlock()
		if info.State.Msgs == 2 && done {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("poison queue holds %d messages, %d handled", info.State.Msgs, len(handled))
		case <-time.After(20 * time.Millisecond):
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for p, n := range handled {
		if n != 1 {
			t.Errorf("%s handled %d times", p, n)
		}
	}
	if attempts["fail"] != 3 || attempts["panic"] != 3 {
		t.Errorf("attempts: fail %d, panic %d; want 3 each (1 + 2 retries)", attempts["fail"], attempts["panic"])
	}
	for seq := uint64(1); seq <= 2; seq++ {
		raw, err := poison.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		if raw.Header.Get(middleware.ReasonForPoisonedKey) == "" {
			t.Errorf("poisoned message %q has no reason", raw.Data)
		}
	}
}
