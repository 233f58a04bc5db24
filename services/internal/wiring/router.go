package wiring

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmjs "github.com/ThreeDotsLabs/watermill-nats/v2/pkg/jetstream"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// PoisonTopic is the JetStream subject (and stream name) where the router
// puts a message its handler still fails on after every retry, with the
// reason in its headers, so that an operator can look at it and the
// handler's consumer moves on.
const PoisonTopic = "HAKEM_POISON"

// RouterOptions tunes NewRouter.
type RouterOptions struct {
	// MaxRetries is how many times a failing handler is retried in process
	// before its message goes to the poison queue (default 5).
	MaxRetries int
	// InitialInterval is the first retry's back-off, doubled each time
	// (default 50ms).
	InitialInterval time.Duration
	// InFlight, if not nil, counts the messages being handled (see
	// InFlight).
	InFlight *InFlight
	// Replicas is the poison stream's replica count (default 1; an
	// existing stream with more is not scaled down).
	Replicas int
	// Provisioned: the poison stream was created by an administrator
	// (Provision); NewRouter only checks that it exists.
	Provisioned bool
}

// InFlight counts the router's messages being handled, so that a shutdown
// can wait for them.
type InFlight struct{ n atomic.Int64 }

// Count returns how many messages are being handled now.
func (f *InFlight) Count() int64 { return f.n.Load() }

func (f *InFlight) middleware(h message.HandlerFunc) message.HandlerFunc {
	return func(msg *message.Message) ([]*message.Message, error) {
		f.n.Add(1)
		defer f.n.Add(-1)
		return h(msg)
	}
}

// NewRouter returns a Watermill router whose handlers run behind, from the
// outside in: the poison queue (on conn's JetStream, stream PoisonTopic,
// created if missing), correlation-id propagation, retries with exponential
// back-off, panic recovery (a panic becomes an error, hence retried and
// then poisoned) and metrics.
//
// The caller closes conn after the router has stopped.
func NewRouter(conn *nats.Conn, log *zap.Logger, m *Metrics, opt RouterOptions) (*message.Router, error) {
	if opt.MaxRetries == 0 {
		opt.MaxRetries = 5
	}
	if opt.InitialInterval == 0 {
		opt.InitialInterval = 50 * time.Millisecond
	}
	wlog := NewWatermillLogger(log)
	js, err := jetstream.New(conn)
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if opt.Provisioned {
		if _, err := js.Stream(ctx, PoisonTopic); err != nil {
			return nil, fmt.Errorf("router: poison stream %s (provisioned by hakem provision): %w", PoisonTopic, err)
		}
	} else {
		replicas, err := StreamReplicas(ctx, js, opt.Replicas, log, PoisonTopic)
		if err != nil {
			return nil, fmt.Errorf("router: poison stream: %w", err)
		}
		if _, err = js.CreateOrUpdateStream(ctx, PoisonStreamConfig(replicas)); err != nil {
			return nil, fmt.Errorf("router: poison stream: %w", err)
		}
	}
	pub, err := wmjs.NewPublisher(wmjs.PublisherConfig{Conn: conn, Logger: wlog})
	if err != nil {
		return nil, fmt.Errorf("router: poison publisher: %w", err)
	}
	// a write the stream guard refuses (the stream's configuration was
	// changed) is not the message's fault: it is not poisoned, but handed
	// back, and handled once the stream is put back and serve restarted
	poison, err := middleware.PoisonQueueWithFilter(pub, PoisonTopic, func(err error) bool {
		var changed *eventstore.StreamChanged
		return !errors.As(err, &changed)
	})
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 10 * time.Second}, wlog)
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}
	if opt.InFlight != nil {
		r.AddMiddleware(opt.InFlight.middleware)
	}
	r.AddMiddleware(
		countPoisoned(m),
		poison,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      opt.MaxRetries,
			InitialInterval: opt.InitialInterval,
			Multiplier:      2,
			MaxInterval:     2 * time.Second,
			Logger:          wlog,
		}.Middleware,
		middleware.Recoverer,
		countHandled(m),
	)
	return r, nil
}

// PoisonStreamConfig is the poison stream's configuration with the given
// replica count: messages kept 30 days.
func PoisonStreamConfig(replicas int) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name: PoisonTopic, Subjects: []string{PoisonTopic}, Storage: jetstream.FileStorage,
		MaxAge: 30 * 24 * time.Hour, Replicas: replicas,
	}
}

// countHandled counts each attempt of a handler (innermost middleware).
func countHandled(m *Metrics) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			outcome := "ok"
			if err != nil {
				outcome = "failed"
			}
			m.MessagesHandled.WithLabelValues(message.HandlerNameFromCtx(msg.Context()), outcome).Inc()
			return out, err
		}
	}
}

// countPoisoned counts messages that ended in the poison queue (outermost:
// it sees the poison middleware's verdict).
func countPoisoned(m *Metrics) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if msg.Metadata.Get(middleware.ReasonForPoisonedKey) != "" {
				m.MessagesHandled.WithLabelValues(message.HandlerNameFromCtx(msg.Context()), "poisoned").Inc()
			}
			return out, err
		}
	}
}

// The consumer groups' acknowledgement timing (see ConsumerGroup).
const (
	// ConsumerAckWait is how long JetStream waits for a delivered event's
	// ack (or an in-progress ack) before it delivers the event again: after
	// a process is killed while handling an event, another copy (or the
	// restarted process) gets it within this delay.
	ConsumerAckWait = 5 * time.Second
	// HandlerTimeout is how long a handler may run, kept alive by
	// in-progress acks, before the subscriber gives up on its message
	// (which JetStream then delivers again ConsumerAckWait later).
	HandlerTimeout = 2 * time.Minute
	// consumerBatch is how many events a subscriber pulls ahead at most
	// (see pulling): an event waiting behind a slow handler gets no
	// in-progress acks, so the batch is kept small.
	consumerBatch = 8
	// actsBatch is consumerBatch for a group whose subscriber acknowledges
	// most events itself (ActsOn: every move, in microseconds): as few of
	// the events it pulls ahead reach the handler as of consumerBatch's,
	// with a pull request to the server for many more events (each request
	// is a JSON document the server decodes).
	actsBatch = 64
)

// ConsumerGroup returns a Watermill subscriber that reads the existing
// stream through one durable pull consumer named group: every copy of a
// service that subscribes with the same group shares the consumer, so
// JetStream hands each event to exactly one of them. The topic given to
// Subscribe is the consumer's filter subject (e.g. "game.*.games"). The
// subscriber pulls the events itself, always one request ahead of the
// handler, so that a backlog (a group resuming after downtime) is read
// without pauses (see pulling).
//
// Delivery is at least once. The consumer's ack wait is short
// (ConsumerAckWait, 5 s), so that an event whose handler's process was
// killed is delivered again within seconds; while a handler runs, the
// subscriber sends in-progress acks (every third of the ack wait, for at
// most HandlerTimeout), so that a slow handler's event is not delivered
// again while it still runs. An event pulled ahead and waiting behind a
// slow handler for more than the ack wait can still be delivered twice.
// Handlers must therefore be idempotent, and those of hakem serve are:
//   - arbiter-claims (arbiter.RuleOnClaim): key "claim-ruling-<claim id>";
//   - arbiter-flags (arbiter.RuleOnFlag): key "flag-ruling-<flag id>";
//   - arbiter-expulsions (pairing.ExpelOnPenalty): key "expelled-by-<penalty id>";
//   - clocks-penalties (clocks.ApplyPenalty): key "penalty-<penalty id>";
//   - games-rulings (EndByRulingHandler): key "ruling-<ruling id>";
//   - games-rounds (CreateRoundGamesHandler): key "round-<id>-board-<n>";
//   - games-replays (games ports.Replays): the replay's order from an
//     arbiter.game_annulled, key of arbiter.OrderReplay ("replay-<annulment
//     id>", scoped to the game), and the replay from an
//     arbiter.replay_ordered, key "replay-<order id>";
//   - scoring-rounds (scoring.Publish): key "standings-after-<round>";
//   - games-results only counts ended games in a metric of the process
//     ("as seen since this process started"); it remembers the ids of the
//     last ends it counted, so a redelivery to the same process counts once.
//
// conn must be a connection of its own: the subscriber drains it on Close.
// With ActsOn, the events the handler does not act on are acknowledged as
// they arrive, unseen by the router.
func ConsumerGroup(conn *nats.Conn, stream, group string, log *zap.Logger, opts ...GroupOption) (message.Subscriber, error) {
	return consumerGroup(conn, stream, group, log, ConsumerAckWait, HandlerTimeout, opts...)
}

// GroupOption tunes a consumer group's subscriber (ConsumerGroup,
// BoundConsumerGroup).
type GroupOption func(*groupOptions)

type groupOptions struct {
	acts [][]byte
	// libraryPull: the subscriber pulls through the client library's
	// Consume rather than pulling (benchmarks compare them)
	libraryPull bool
	// pullExpiry, pullHeartbeat: pulling's, when not zero (tests)
	pullExpiry, pullHeartbeat time.Duration
}

// ActsOn names the only event types the group's handler acts on (a
// Consumer's Acts). Every other event of the topic whose type the
// subscriber reads from the store's layout (EventType) is acknowledged as
// it arrives: it is neither unmarshalled, nor handed to the router, nor
// counted among the messages handled. Every move of every game reaches the
// groups on the games' subject, which act on a few events of a game at
// most (a claim, a report, its end). An event laid out otherwise goes to
// the handler, which decides. No types: every event goes to the handler.
func ActsOn(types ...string) GroupOption {
	return func(o *groupOptions) {
		for _, t := range types {
			o.acts = append(o.acts, []byte(t))
		}
	}
}

// skipping is a consumer group's JetStream consumer that acknowledges, as
// they arrive, the events of types its handler does not act on (ActsOn).
type skipping struct {
	jetstream.Consumer
	acts [][]byte
}

// Consume implements jetstream.Consumer: h gets only the events acted on
// (and those whose type is not read without decoding).
func (c skipping) Consume(h jetstream.MessageHandler, opts ...jetstream.PullConsumeOpt) (jetstream.ConsumeContext, error) {
	return c.Consumer.Consume(func(msg jetstream.Msg) {
		if c.skips(msg.Data()) {
			// a plain ack, as the subscriber's (AckAsync); if it is lost,
			// the event is delivered again and skipped again
			_ = msg.Ack()
			return
		}
		h(msg)
	}, opts...)
}

// skips reports whether the event b is of a type the handler does not act
// on.
func (c skipping) skips(b []byte) bool {
	t, ok := EventType(b)
	if !ok {
		return false
	}
	for _, a := range c.acts {
		if bytes.Equal(t, a) {
			return false
		}
	}
	return true
}

// BoundConsumerGroup is ConsumerGroup for a consumer an administrator
// provisioned (Provision, hakem provision): the subscriber binds to the
// existing durable consumer group and creates or updates nothing. It
// refuses to start when the consumer is missing or filters another subject
// than the topic subscribed to.
func BoundConsumerGroup(conn *nats.Conn, stream, group string, log *zap.Logger, opts ...GroupOption) (message.Subscriber, error) {
	return groupSubscriber(conn, log, ConsumerAckWait, HandlerTimeout, opts,
		func(ctx context.Context, js jetstream.JetStream, topic string) (jetstream.Consumer, func(context.Context, watermill.LoggerAdapter), error) {
			c, err := js.Consumer(ctx, stream, group)
			if err != nil {
				return nil, nil, fmt.Errorf("consumer %s on %s (provisioned by hakem provision): %w", group, stream, err)
			}
			if f := c.CachedInfo().Config.FilterSubject; f != topic {
				return nil, nil, fmt.Errorf("consumer %s on %s filters %q, not %q: provision it again", group, stream, f, topic)
			}
			return c, nil, nil
		})
}

// GroupConsumerConfig is the configuration of the durable consumer of a
// consumer group reading filter (see ConsumerGroup), with the default ack
// wait: what ConsumerGroup creates and Provision provisions.
func GroupConsumerConfig(group, filter string) jetstream.ConsumerConfig {
	return groupConsumerConfig(group, filter, ConsumerAckWait)
}

func groupConsumerConfig(group, filter string, ackWait time.Duration) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       group,
		FilterSubject: filter,
		AckPolicy:     jetstream.AckExplicitPolicy,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		AckWait:       ackWait,
		MaxDeliver:    -1,
	}
}

// consumerGroup is ConsumerGroup with the consumer's ack wait and the
// handlers' time limit given (tests shorten them).
func consumerGroup(conn *nats.Conn, stream, group string, log *zap.Logger, ackWait, handlerTimeout time.Duration, opts ...GroupOption) (message.Subscriber, error) {
	init := func(ctx context.Context, js jetstream.JetStream, topic string) (jetstream.Consumer, func(context.Context, watermill.LoggerAdapter), error) {
		s, err := js.Stream(ctx, stream)
		if err != nil {
			return nil, nil, fmt.Errorf("stream %s: %w", stream, err)
		}
		c, err := s.CreateOrUpdateConsumer(ctx, groupConsumerConfig(group, topic, ackWait))
		if err != nil {
			return nil, nil, fmt.Errorf("consumer %s on %s: %w", group, stream, err)
		}
		return c, nil, nil
	}
	return groupSubscriber(conn, log, ackWait, handlerTimeout, opts, init)
}

// groupSubscriber is the Watermill subscriber of a consumer group whose
// consumer init creates or binds.
func groupSubscriber(conn *nats.Conn, log *zap.Logger, ackWait, handlerTimeout time.Duration, opts []GroupOption,
	init func(context.Context, jetstream.JetStream, string) (jetstream.Consumer, func(context.Context, watermill.LoggerAdapter), error)) (message.Subscriber, error) {
	var o groupOptions
	for _, opt := range opts {
		opt(&o)
	}
	batch := consumerBatch
	if len(o.acts) > 0 {
		batch = actsBatch
	}
	bind := init
	init = func(ctx context.Context, js jetstream.JetStream, topic string) (jetstream.Consumer, func(context.Context, watermill.LoggerAdapter), error) {
		c, closer, err := bind(ctx, js, topic)
		if err != nil {
			return nil, nil, err
		}
		if !o.libraryPull {
			c = pulling{Consumer: c, conn: conn, batch: batch, log: log, expiry: o.pullExpiry, heartbeat: o.pullHeartbeat}
		}
		if len(o.acts) > 0 {
			c = skipping{Consumer: c, acts: o.acts}
		}
		return c, closer, nil
	}
	return wmjs.NewSubscriber(wmjs.SubscriberConfig{
		Conn:                conn,
		Logger:              NewWatermillLogger(log),
		ResourceInitializer: init,
		Unmarshaler:         eventUnmarshaler{every: ackWait / 3, limit: handlerTimeout},
		// how long the subscriber waits for the handler's verdict: the
		// in-progress acks keep the event ours meanwhile
		AckWaitTimeout: handlerTimeout,
		// what the library's Consume pulls, when it is used (pulling
		// ignores it)
		ConsumeOptions: []jetstream.PullConsumeOpt{jetstream.PullMaxMessages(batch)},
		// a plain ack: a double ack needs a reply, which a draining
		// connection no longer receives (delivery is at least once anyway)
		AckAsync: true,
	})
}

// workingOn sends msg's in-progress acks every interval until the
// handler's verdict on m (ack or nack), a failed send (the connection
// closed), or limit.
func workingOn(msg jetstream.Msg, m *message.Message, every, limit time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	stop := time.NewTimer(limit)
	defer stop.Stop()
	for {
		select {
		case <-m.Acked():
			return
		case <-m.Nacked():
			return
		case <-stop.C:
			return
		case <-tick.C:
			select {
			case <-m.Acked():
				return
			case <-m.Nacked():
				return
			default:
			}
			if err := msg.InProgress(); err != nil {
				return
			}
		}
	}
}

// Metadata keys set on every message a ConsumerGroup delivers.
const (
	// MetaSubject is the NATS subject the event was stored under.
	MetaSubject = "subject"
	// MetaStreamSeq is the event's sequence in its stream.
	MetaStreamSeq = "stream_seq"
)

// eventUnmarshaler turns a stored event into a Watermill message whose
// UUID is the event's Nats-Msg-Id (or its stream sequence) and whose
// metadata carries the subject, the stream sequence and the other headers.
// The subscriber unmarshals an event when it hands it to the handler: from
// then on, if every is positive, in-progress acks are sent (see workingOn).
type eventUnmarshaler struct{ every, limit time.Duration }

// Unmarshal implements the subscriber's Unmarshaler.
func (u eventUnmarshaler) Unmarshal(msg jetstream.Msg) (*message.Message, error) {
	md := make(message.Metadata)
	for k, v := range msg.Headers() {
		if len(v) > 0 {
			md.Set(k, v[0])
		}
	}
	md.Set(MetaSubject, msg.Subject())
	id := msg.Headers().Get(nats.MsgIdHdr)
	if meta, err := msg.Metadata(); err == nil {
		seq := strconv.FormatUint(meta.Sequence.Stream, 10)
		md.Set(MetaStreamSeq, seq)
		if id == "" {
			id = "seq-" + seq
		}
	}
	m := message.NewMessage(id, msg.Data())
	m.Metadata = md
	if u.every > 0 {
		go workingOn(msg, m, u.every, u.limit)
	}
	return m, nil
}

// watermillLogger adapts zap to Watermill's logger interface. Watermill's
// per-message Info lines are demoted to debug: at info level a busy router
// would otherwise log every event twice.
type watermillLogger struct{ l *zap.Logger }

// NewWatermillLogger returns a Watermill logger writing through l.
func NewWatermillLogger(l *zap.Logger) watermill.LoggerAdapter {
	return watermillLogger{l.With(zap.String("component", "watermill"))}
}

func fields(f watermill.LogFields) []zap.Field {
	out := make([]zap.Field, 0, len(f))
	for k, v := range f {
		out = append(out, zap.Any(k, v))
	}
	return out
}

// Error logs at error level.
func (w watermillLogger) Error(msg string, err error, f watermill.LogFields) {
	w.l.Error(msg, append(fields(f), zap.Error(err))...)
}

// Info logs at debug level (see watermillLogger). The subscriber calls it
// for every message: the fields are only converted when debug is on.
func (w watermillLogger) Info(msg string, f watermill.LogFields) { w.Debug(msg, f) }

// Debug logs at debug level.
func (w watermillLogger) Debug(msg string, f watermill.LogFields) {
	if ce := w.l.Check(zap.DebugLevel, msg); ce != nil {
		ce.Write(fields(f)...)
	}
}

// Trace is dropped.
func (w watermillLogger) Trace(msg string, f watermill.LogFields) {}

// With returns a logger with the fields added.
func (w watermillLogger) With(f watermill.LogFields) watermill.LoggerAdapter {
	return watermillLogger{w.l.With(fields(f)...)}
}
