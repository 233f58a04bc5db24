package eventstore

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
)

// pullRequest is a pull request as a client sent it: the consumer it asks
// and what it asks for.
type pullRequest struct {
	Consumer      string
	Batch         int   `json:"batch"`
	Expires       int64 `json:"expires"`
	IdleHeartbeat int64 `json:"idle_heartbeat"`
	Dropped       bool
}

// pullRelay is a TCP relay between one NATS client and the server that
// reads what the client sends: it records the pull requests
// ($JS.API.CONSUMER.MSG.NEXT.<stream>.<consumer>) and loses every request
// of the first consumer after its first one, as the server would never
// have seen them. Everything else passes as is.
type pullRelay struct {
	ln     net.Listener
	server string

	mu       sync.Mutex
	requests []pullRequest
}

func startPullRelay(t *testing.T, server string) *pullRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &pullRelay{ln: ln, server: strings.TrimPrefix(server, "nats://")}
	t.Cleanup(func() { _ = ln.Close() })
	go r.accept(t)
	return r
}

func (r *pullRelay) url() string { return "nats://" + r.ln.Addr().String() }

func (r *pullRelay) accept(t *testing.T) {
	for {
		client, err := r.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", r.server)
		if err != nil {
			t.Error(err)
			_ = client.Close()
			return
		}
		go func() {
			_, _ = io.Copy(client, server)
			_ = client.Close()
		}()
		go func() {
			if err := r.relay(client, server); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				t.Log("relay:", err)
			}
			_ = server.Close()
		}()
	}
}

// relay copies the client's protocol to the server a line (and payload)
// at a time, keeping back the pull requests to lose.
func (r *pullRelay) relay(client io.Reader, server io.Writer) error {
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
			if f[0] == "PUB" && strings.HasPrefix(f[1], next) {
				if !r.pass(f[1], payload[:size]) {
					continue
				}
			}
		}
		if _, err := server.Write(out); err != nil {
			return err
		}
	}
}

// pass records a pull request and says whether it reaches the server.
func (r *pullRelay) pass(subject string, body []byte) bool {
	req := pullRequest{Consumer: subject[strings.LastIndexByte(subject, '.')+1:]}
	_ = json.Unmarshal(body, &req)
	r.mu.Lock()
	defer r.mu.Unlock()
	req.Dropped = len(r.requests) > 0 && req.Consumer == r.requests[0].Consumer
	r.requests = append(r.requests, req)
	return !req.Dropped
}

func (r *pullRelay) sent() []pullRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]pullRequest(nil), r.requests...)
}

// A follow whose request for more is lost after its first, with more than
// that request's worth stored, is left with no request at the server once
// the first is delivered (what the client library's skipped check leaves,
// see ReadHeartbeat): the server then sends nothing, not even heartbeats.
// The read resumes through the library's heartbeat check, which recreates
// the consumer after the last event delivered: every event still comes
// once, in order, then the live ones. Every request asks for ReadHeartbeat.
func TestFollowResumesAfterItsRequestsAreLost(t *testing.T) {
	srv, _ := startServer(t, "")
	relay := startPullRelay(t, srv.ClientURL())
	nc, err := nats.Connect(relay.url())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	s, err := Open(testCtx(t), nc, Config{})
	if err != nil {
		t.Fatal(err)
	}
	total := fillGames(t, s, 12, 100) // 1,236: more than one request's readPull
	if total <= readPull {
		t.Fatalf("%d events stored, want more than %d", total, readPull)
	}
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	var (
		got      []uint64
		paused   time.Duration
		previous time.Time
	)
	_, err = s.Follow(ctx, events.KindGame, 1, func(r Record) error {
		if now := time.Now(); !previous.IsZero() && now.Sub(previous) > paused {
			paused = now.Sub(previous)
		}
		previous = time.Now()
		got = append(got, r.StreamSeq)
		switch len(got) {
		case total: // caught up: one more, live
			playGame(t, s, "live", 0)
		case total + 3:
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("follow ended with %v after %d events", err, len(got))
	}
	if len(got) != total+3 {
		t.Fatalf("followed %d events, want %d", len(got), total+3)
	}
	for i, seq := range got {
		if seq != uint64(i+1) {
			t.Fatalf("event %d is stream seq %d", i, seq)
		}
	}
	reqs := relay.sent()
	lost := 0
	for _, req := range reqs {
		if req.IdleHeartbeat != ReadHeartbeat.Nanoseconds() {
			t.Errorf("a pull request asks for a heartbeat of %v, want %v", time.Duration(req.IdleHeartbeat), ReadHeartbeat)
		}
		if req.Dropped {
			lost++
		}
	}
	if lost == 0 || reqs[len(reqs)-1].Dropped {
		t.Fatalf("requests %+v: none lost, or none after", reqs)
	}
	if s.readRecoveries.Load() == 0 {
		t.Fatal("the read never missed a heartbeat: the recovery was not tested")
	}
	t.Logf("%d pull requests, %d lost; longest pause between two events %v", len(reqs), lost, paused.Round(time.Millisecond))
}
