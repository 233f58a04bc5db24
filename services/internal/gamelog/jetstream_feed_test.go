package gamelog

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// feedRelay is a TCP relay between one NATS client and the server that
// reads what the client sends: it records the pull requests
// ($JS.API.CONSUMER.MSG.NEXT.<stream>.<consumer>) and loses every request
// of the first consumer after its first one, as if the server had never
// seen them. Everything else passes as is.
type feedRelay struct {
	ln     net.Listener
	server string

	mu         sync.Mutex
	consumers  []string // of each request, in the order sent
	heartbeats []int64  // the idle heartbeat each asks for (ns)
	lost       int
}

func startFeedRelay(t *testing.T, server string) *feedRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &feedRelay{ln: ln, server: strings.TrimPrefix(server, "nats://")}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", r.server)
			if err != nil {
				_ = client.Close()
				return
			}
			go func() { _, _ = io.Copy(client, server); _ = client.Close() }()
			go func() { _ = r.relay(client, server); _ = server.Close() }()
		}
	}()
	return r
}

// relay copies the client's protocol to the server a line (and payload)
// at a time, keeping back the pull requests to lose.
func (r *feedRelay) relay(client io.Reader, server io.Writer) error {
	const next = "$JS.API.CONSUMER.MSG.NEXT."
	in := bufio.NewReader(client)
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return err
		}
		out := []byte(line)
		f := strings.Fields(line)
		if len(f) >= 3 && (f[0] == "PUB" || f[0] == "HPUB") {
			size, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				return err
			}
			payload := make([]byte, size+2) // and its CRLF
			if _, err := io.ReadFull(in, payload); err != nil {
				return err
			}
			out = append(out, payload...)
			if f[0] == "PUB" && strings.HasPrefix(f[1], next) && !r.pass(f[1], payload[:size]) {
				continue
			}
		}
		if _, err := server.Write(out); err != nil {
			return err
		}
	}
}

// pass records a pull request and says whether it reaches the server.
func (r *feedRelay) pass(subject string, body []byte) bool {
	var req struct {
		IdleHeartbeat int64 `json:"idle_heartbeat"`
	}
	_ = json.Unmarshal(body, &req)
	consumer := subject[strings.LastIndexByte(subject, '.')+1:]
	r.mu.Lock()
	defer r.mu.Unlock()
	lose := len(r.consumers) > 0 && consumer == r.consumers[0]
	r.consumers = append(r.consumers, consumer)
	r.heartbeats = append(r.heartbeats, req.IdleHeartbeat)
	if lose {
		r.lost++
	}
	return !lose
}

// A game's live feed whose request for more is lost after its first, with
// more than that request's worth of the game stored (the client library's
// 500), is left with no request at the server once those are delivered
// (what the library's skipped check leaves, see eventstore.ReadHeartbeat).
// It resumes through the library's heartbeat check, on a consumer made
// again after the last event delivered: every event of the game comes
// once, in order, then a live one. Every request asks for
// FeedHeartbeat.
func TestFeedResumesAfterItsRequestsAreLost(t *testing.T) {
	// on a port of its own (natstest's server does not listen)
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	relay := startFeedRelay(t, srv.ClientURL())
	nc, err := nats.Connect("nats://" + relay.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := EventStore{Store: st}
	at := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	var head events.Head
	appendOne := func(i int) {
		t.Helper()
		ev := events.Event(events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30"})
		if i > 0 {
			ev = events.DrawDeclined{By: events.White}
		}
		if _, head, err = s.Append(ctx, "g", head, Meta{IdempotencyKey: fmt.Sprint("k", i), RecordedAt: at}, []events.Event{ev}); err != nil {
			t.Fatal(err)
		}
	}
	const stored = 600 // more than the library's 500 a request
	for i := range stored {
		appendOne(i)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	follow, stop := context.WithCancel(ctx)
	defer stop()
	var (
		got      []uint64
		paused   time.Duration
		previous time.Time
	)
	err = JetStreamFeed{JS: js}.Follow(follow, "g", 1, func(e events.Envelope) error {
		if now := time.Now(); !previous.IsZero() && now.Sub(previous) > paused {
			paused = now.Sub(previous)
		}
		previous = time.Now()
		got = append(got, e.Seq)
		switch len(got) {
		case stored: // caught up: one more, live
			appendOne(stored)
		case stored + 1:
			stop()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the feed ended with %v after %d events", err, len(got))
	}
	if len(got) != stored+1 {
		t.Fatalf("fed %d events, want %d", len(got), stored+1)
	}
	for i, seq := range got {
		if seq != uint64(i+1) {
			t.Fatalf("event %d is the game's %d", i, seq)
		}
	}
	relay.mu.Lock()
	defer relay.mu.Unlock()
	if relay.lost == 0 || relay.consumers[len(relay.consumers)-1] == relay.consumers[0] {
		t.Fatalf("requests to %v: none lost, or none from another consumer", relay.consumers)
	}
	for _, hb := range relay.heartbeats {
		if hb != FeedHeartbeat.Nanoseconds() {
			t.Errorf("a pull request asks for a heartbeat of %v, want %v", time.Duration(hb), FeedHeartbeat)
		}
	}
	t.Logf("%d pull requests, %d lost; longest pause between two events %v", len(relay.consumers), relay.lost, paused.Round(time.Millisecond))
}
