package wiring

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// How a consumer group's subscriber pulls (see pulling).
const (
	// pullExpiry is how long a pull request waits at the server for events
	// before it expires (an idle group sends a new one then).
	pullExpiry = 30 * time.Second
	// pullHeartbeat is the server's idle heartbeat on a waiting pull
	// request. After two heartbeats with nothing received (the server
	// restarted, or lost the requests), the requests are given up and new
	// ones sent.
	pullHeartbeat = 2 * time.Second
)

// pulling is a consumer group's JetStream consumer whose Consume sends
// pull requests of its own rather than through the client library's
// Consume, which can stop pulling for 30 seconds in the middle of a
// backlog (nats.go v1.55.0, jetstream/pull.go): the library counts the
// events it has asked for and asks for more, from a goroutine of its own,
// when fewer than half are on their way; while that goroutine is still
// sending the previous request, the check is skipped, and it is only made
// again when the next event (or status) arrives. If the last events asked
// for are all handled while the previous request is being sent (contention
// on the connection, such as the handlers' own acks, makes it likely), no
// request is left at the server and the group waits for its heartbeat
// check, two heartbeats (30 s) later.
//
// pulling counts the same way, but sends its requests from the goroutine
// that hands the events to the handler, before it hands one over: when
// fewer than half the batch are on their way, a request for the rest goes
// out first. So while an event is handled the next ones are already asked
// for, and a backlog is read without a pause. All its requests share one
// inbox, whose events the handler gets one at a time in the order JetStream
// delivered them; at most the batch is pulled ahead of the handler. A
// request that expires or fails gives back the events it did not deliver
// (the server says how many); after two heartbeats with nothing received
// while events are awaited, or a reconnection, the requests are given up
// and the batch asked for again.
type pulling struct {
	jetstream.Consumer
	conn  *nats.Conn
	batch int
	log   *zap.Logger
	// expiry and heartbeat: pullExpiry and pullHeartbeat when zero
	// (tests shorten them)
	expiry, heartbeat time.Duration
}

// Consume implements jetstream.Consumer: h gets the consumer's events, in
// order, until the returned context is stopped or the connection closes.
// opts are ignored: pulling decides its requests.
func (c pulling) Consume(h jetstream.MessageHandler, _ ...jetstream.PullConsumeOpt) (jetstream.ConsumeContext, error) {
	info := c.CachedInfo()
	if c.expiry == 0 {
		c.expiry, c.heartbeat = pullExpiry, pullHeartbeat
	}
	l := &pullLoop{
		conn: c.conn, h: h, log: c.log, batch: c.batch,
		expiry: c.expiry, heartbeat: c.heartbeat,
		// the JetStream API's default prefix, as the subscriber's
		// JetStream context has it
		subject: jetstream.DefaultAPIPrefix + "CONSUMER.MSG.NEXT." + info.Stream + "." + info.Name,
		inbox:   c.conn.NewInbox(),
		done:    make(chan struct{}),
		closed:  make(chan struct{}),
	}
	var err error
	if l.sub, err = c.conn.Subscribe(l.inbox, l.receive); err != nil {
		return nil, err
	}
	l.sub.SetClosedHandler(func(string) {
		l.Stop()
		close(l.closed)
	})
	l.status = c.conn.StatusChanged(nats.RECONNECTING, nats.CONNECTED)
	l.mu.Lock()
	l.pullLocked()
	l.mu.Unlock()
	go l.watch()
	return l, nil
}

// pullLoop is a pulling consumer's ConsumeContext: its inbox, its count
// of the events asked for, and the goroutine that watches for lost
// requests.
type pullLoop struct {
	conn           *nats.Conn
	h              jetstream.MessageHandler
	log            *zap.Logger
	batch          int
	expiry         time.Duration
	heartbeat      time.Duration
	subject, inbox string
	sub            *nats.Subscription
	status         chan nats.Status
	stop           sync.Once
	done           chan struct{}
	closed         chan struct{}

	mu sync.Mutex
	// awaited is how many events asked for are still to arrive
	awaited int
	// received counts what arrived on the inbox (events, heartbeats,
	// statuses); handling is true while the handler runs
	received uint64
	handling bool
	// retry: the server answered with an error; the watch pulls again
	retry bool
}

// Stop implements jetstream.ConsumeContext: no event is handed over after
// the one being handled. The events pulled and not handed over are not
// acknowledged: JetStream delivers them again after the ack wait.
func (l *pullLoop) Stop() {
	l.stop.Do(func() {
		close(l.done)
		l.conn.RemoveStatusListener(l.status)
		_ = l.sub.Unsubscribe()
	})
}

// Drain implements jetstream.ConsumeContext, as Stop.
func (l *pullLoop) Drain() { l.Stop() }

// Closed implements jetstream.ConsumeContext: closed once the inbox is
// (after the event being handled).
func (l *pullLoop) Closed() <-chan struct{} { return l.closed }

// receive is the inbox's handler: an event is counted, and handed over
// after the next request, if one is due, has gone out; a status gives back
// the events its request will not deliver.
func (l *pullLoop) receive(m *nats.Msg) {
	select {
	case <-l.done:
		return
	default:
	}
	status := ""
	if len(m.Data) == 0 && m.Header != nil {
		status = m.Header.Get("Status")
	}
	l.mu.Lock()
	l.received++
	if status == "" {
		// more than awaited after the requests were given up and asked
		// again (a reconnection): the extra ones are in the count
		l.awaited = max(l.awaited-1, 0)
		l.pullLocked()
		l.handling = true
		l.mu.Unlock()
		l.h(jsMsg{m})
		l.mu.Lock()
		l.handling = false
		l.mu.Unlock()
		return
	}
	defer l.mu.Unlock()
	switch status {
	case "100": // idle heartbeat (or flow control, not asked for)
		return
	case "408", "409": // expired, or ended: the rest will not come
		if left, err := strconv.Atoi(m.Header.Get("Nats-Pending-Messages")); err == nil {
			l.awaited -= left
			l.awaited = max(l.awaited, 0)
			l.pullLocked()
			return
		}
	}
	// an error (no pending count; the consumer deleted, say): every
	// request is given up, and the watch asks again at its next heartbeat
	// (not in a tight loop)
	l.log.Warn("consumer group: a pull request failed; pulling again",
		zap.String("status", status), zap.String("description", m.Header.Get("Description")))
	l.awaited = 0
	l.retry = true
}

// pullLocked sends a request for the rest of the batch when fewer than
// half are awaited (l.mu held).
func (l *pullLoop) pullLocked() {
	if l.awaited >= (l.batch+1)/2 {
		return
	}
	n := l.batch - l.awaited
	req := `{"batch":` + strconv.Itoa(n) +
		`,"expires":` + strconv.FormatInt(l.expiry.Nanoseconds(), 10) +
		`,"idle_heartbeat":` + strconv.FormatInt(l.heartbeat.Nanoseconds(), 10) + `}`
	if err := l.conn.PublishRequest(l.subject, l.inbox, []byte(req)); err != nil {
		// the connection is closed or draining: the inbox closes too
		return
	}
	l.awaited = l.batch
}

// watch, at every heartbeat: pulls again after the server answered with
// an error; gives up the requests after two heartbeats with nothing
// received while events are awaited (and the handler not running), and
// pulls again. And at once after a reconnection.
func (l *pullLoop) watch() {
	beat := time.NewTicker(l.heartbeat)
	defer beat.Stop()
	var seen uint64
	quiet := 0
	for {
		select {
		case <-l.done:
			return
		case s, ok := <-l.status:
			if !ok {
				return
			}
			if s != nats.CONNECTED {
				continue
			}
			l.mu.Lock()
			l.awaited = 0
			l.pullLocked()
			l.mu.Unlock()
		case <-beat.C:
			l.mu.Lock()
			switch {
			case l.retry:
				l.retry = false
				l.pullLocked()
			case l.received != seen || l.handling || l.awaited == 0:
				seen, quiet = l.received, 0
			default:
				if quiet++; quiet >= 2 {
					l.log.Warn("consumer group: no heartbeat on the pull requests; pulling again")
					quiet = 0
					l.awaited = 0
					l.pullLocked()
				}
			}
			l.mu.Unlock()
		}
	}
}

// jsMsg is an event received on a pulling consumer's inbox, as a
// jetstream.Msg: its acknowledgements are the nats package's, which send
// the same replies to the same subject.
type jsMsg struct{ m *nats.Msg }

// Metadata implements jetstream.Msg: what the event's reply subject says.
func (j jsMsg) Metadata() (*jetstream.MsgMetadata, error) {
	md, err := j.m.Metadata()
	if err != nil {
		return nil, err
	}
	return &jetstream.MsgMetadata{
		Sequence:     jetstream.SequencePair{Consumer: md.Sequence.Consumer, Stream: md.Sequence.Stream},
		NumDelivered: md.NumDelivered, NumPending: md.NumPending, Timestamp: md.Timestamp,
		Stream: md.Stream, Consumer: md.Consumer, Domain: md.Domain,
	}, nil
}

// Data implements jetstream.Msg.
func (j jsMsg) Data() []byte { return j.m.Data }

// Headers implements jetstream.Msg.
func (j jsMsg) Headers() nats.Header { return j.m.Header }

// Subject implements jetstream.Msg.
func (j jsMsg) Subject() string { return j.m.Subject }

// Reply implements jetstream.Msg.
func (j jsMsg) Reply() string { return j.m.Reply }

// Ack implements jetstream.Msg.
func (j jsMsg) Ack() error { return j.m.Ack() }

// DoubleAck implements jetstream.Msg.
func (j jsMsg) DoubleAck(ctx context.Context) error { return j.m.AckSync(nats.Context(ctx)) }

// Nak implements jetstream.Msg.
func (j jsMsg) Nak() error { return j.m.Nak() }

// NakWithDelay implements jetstream.Msg.
func (j jsMsg) NakWithDelay(delay time.Duration) error { return j.m.NakWithDelay(delay) }

// InProgress implements jetstream.Msg.
func (j jsMsg) InProgress() error { return j.m.InProgress() }

// Term implements jetstream.Msg.
func (j jsMsg) Term() error { return j.m.Term() }

// TermWithReason implements jetstream.Msg: the reply jetstream sends.
func (j jsMsg) TermWithReason(reason string) error {
	return j.m.Respond([]byte("+TERM " + reason))
}
