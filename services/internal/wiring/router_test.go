package wiring

import (
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// TestRouterOnJetStream runs two routers sharing one consumer group on a
// real embedded JetStream: every message is handled by exactly one of them,
// a failing or panicking handler is retried and then its message goes to the
// poison queue with the reason; one the stream guard refuses is handed back
// instead, and handled when the write goes through.
func TestRouterOnJetStream(t *testing.T) {
	srv := natstest.Server(t)
	connect := func() *nats.Conn { return natstest.Connect(t, srv) }
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
		case "guard": // refused by the stream guard past every retry, then not
			mu.Lock()
			n := attempts[p]
			mu.Unlock()
			if n <= 4 {
				return &eventstore.StreamChanged{Stream: "GAMES", Reason: "max_age is 1h0m0s, was 0s"}
			}
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

	payloads := []string{"fail", "panic", "guard"}
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
		done := len(handled) == 21
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
	if attempts["guard"] != 5 {
		t.Errorf("a write the stream guard refused: %d attempts, want 5 (handed back, not poisoned)", attempts["guard"])
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

// TestAckWaitAndInProgress runs a consumer group with a short ack wait on a
// real embedded JetStream: a handler that runs for several ack waits keeps
// its event through in-progress acks (it is not delivered again), and an
// event whose handler's subscriber dies (its connection closed, as when the
// process is killed) is delivered again to the other member of the group.
func TestAckWaitAndInProgress(t *testing.T) {
	srv := natstest.Server(t)
	connect := func() *nats.Conn { return natstest.Connect(t, srv) }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	js, err := jetstream.New(connect())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "SLOWEV", Subjects: []string{"slowev.>", "crashev.>"}}); err != nil {
		t.Fatal(err)
	}
	log := zap.NewNop()
	const ackWait = 600 * time.Millisecond

	var mu sync.Mutex
	deliveries := map[string][]string{} // payload -> routers that got it
	handled := make(chan string, 16)
	release := make(chan struct{}) // the stuck handler of the dying router
	handler := func(name string) message.NoPublishHandlerFunc {
		return func(msg *message.Message) error {
			p := string(msg.Payload)
			mu.Lock()
			deliveries[p] = append(deliveries[p], name)
			mu.Unlock()
			switch {
			case p == "slow":
				time.Sleep(4 * ackWait)
			case p == "crash" && name == "dying":
				select {
				case <-release:
				case <-ctx.Done():
				}
				return io.ErrUnexpectedEOF
			}
			handled <- p + " by " + name
			return nil
		}
	}
	run := func(name, group, filter string) *nats.Conn {
		r, err := NewRouter(connect(), log, NewMetrics(), RouterOptions{MaxRetries: 1, InitialInterval: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		subConn := connect()
		sub, err := consumerGroup(subConn, "SLOWEV", group, log, ackWait, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		r.AddNoPublisherHandler(name, filter, sub, handler(name))
		go func() { _ = r.Run(ctx) }()
		<-r.Running()
		return subConn
	}

	// one member: the slow event is handled once, however long it takes
	run("steady", "slow", "slowev.*")
	if _, err := js.Publish(ctx, "slowev.x", []byte("slow")); err != nil {
		t.Fatal(err)
	}
	wait := func(want string) {
		t.Helper()
		select {
		case got := <-handled:
			if got != want {
				t.Fatalf("handled %q, want %q", got, want)
			}
		case <-ctx.Done():
			t.Fatalf("%q never handled", want)
		}
	}
	wait("slow by steady")
	// an event published after it is handled after any redelivery of it
	if _, err := js.Publish(ctx, "slowev.x", []byte("marker")); err != nil {
		t.Fatal(err)
	}
	wait("marker by steady")
	mu.Lock()
	if n := len(deliveries["slow"]); n != 1 {
		t.Errorf("the slow event was delivered %d times while its handler ran", n)
	}
	mu.Unlock()

	// a member whose handler gets stuck dies (its connection closed, as
	// when its process is killed): the event goes to the next member
	dying := run("dying", "crash", "crashev.*")
	defer close(release)
	if _, err := js.Publish(ctx, "crashev.x", []byte("crash")); err != nil {
		t.Fatal(err)
	}
	for {
		mu.Lock()
		got := len(deliveries["crash"])
		mu.Unlock()
		if got > 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("the dying member never got the event")
		case <-time.After(10 * time.Millisecond):
		}
	}
	dying.Close()
	run("next", "crash", "crashev.*")
	wait("crash by next")
}

// TestActsOn runs a consumer group whose handler acts on one event type on
// a real embedded JetStream: the events of other types are acknowledged
// without reaching the handler (the consumer's ack floor passes them), and
// the handler gets the type it acts on and every message whose type is not
// read without decoding.
func TestActsOn(t *testing.T) {
	srv := natstest.Server(t)
	connect := func() *nats.Conn { return natstest.Connect(t, srv) }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	js, err := jetstream.New(connect())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "ACTSEV", Subjects: []string{"actsev.>"}}); err != nil {
		t.Fatal(err)
	}
	log := zap.NewNop()
	handled := make(chan string, 16)
	r, err := NewRouter(connect(), log, NewMetrics(), RouterOptions{MaxRetries: 1, InitialInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := ConsumerGroup(connect(), "ACTSEV", "acts", log, ActsOn("game.ended", "game.draw_claimed"))
	if err != nil {
		t.Fatal(err)
	}
	r.AddNoPublisherHandler("acts", "actsev.*", sub, func(msg *message.Message) error {
		handled <- msg.UUID
		return nil
	})
	go func() { _ = r.Run(ctx) }()
	<-r.Running()
	t.Cleanup(func() { _ = r.Close() })

	tests := []struct {
		id, payload string
		handled     bool
	}{
		{"move-1", `{"id":"move-1","type":"game.move_played","seq":2}`, false},
		{"claim", `{"id":"claim","type":"game.draw_claimed","seq":3}`, true},
		{"move-2", `{"id":"move-2","type":"game.move_played","seq":4}`, false},
		{"other-layout", `{"type":"game.move_played","id":"other-layout"}`, true},
		{"escaped", `{"id":"escaped","type":"game.move\u005fplayed"}`, true},
		{"not-json", `not an event`, true},
		{"move-3", `{"id":"move-3","type":"game.move_played","seq":5}`, false},
		{"end", `{"id":"end","type":"game.ended","seq":6}`, true},
	}
	var want []string
	for _, tc := range tests {
		if _, err := js.Publish(ctx, "actsev.x", []byte(tc.payload), jetstream.WithMsgID(tc.id)); err != nil {
			t.Fatal(err)
		}
		if tc.handled {
			want = append(want, tc.id)
		}
	}
	for _, id := range want {
		select {
		case got := <-handled:
			if got != id {
				t.Fatalf("handled %q, want %q", got, id)
			}
		case <-ctx.Done():
			t.Fatalf("%q never handled", id)
		}
	}
	cons, err := js.Consumer(ctx, "ACTSEV", "acts")
	if err != nil {
		t.Fatal(err)
	}
	for {
		info, err := cons.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.AckFloor.Stream == uint64(len(tests)) && info.NumAckPending == 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("ack floor %d, %d awaiting an ack: the skipped events were not acknowledged", info.AckFloor.Stream, info.NumAckPending)
		case <-time.After(20 * time.Millisecond):
		}
	}
	select {
	case got := <-handled:
		t.Errorf("%q handled: a type the handler does not act on", got)
	default:
	}
}
