package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// directReq is a JetStream direct-get request.
type directReq struct {
	Seq        uint64 `json:"seq,omitempty"`
	LastBySubj string `json:"last_by_subj,omitempty"`
	NextBySubj string `json:"next_by_subj,omitempty"`
	Batch      int    `json:"batch,omitempty"`
	UpToSeq    uint64 `json:"up_to_seq,omitempty"`
	// StartTime asks for the first message stored at or after it.
	StartTime *time.Time `json:"start_time,omitempty"`
}

func directSubject(stream string) string { return "$JS.API.DIRECT.GET." + stream }

// parseStored decodes a message as delivered by a direct get.
func parseStored(m *nats.Msg) (stored, error) {
	if st := m.Header.Get("Status"); st != "" {
		if st == "404" {
			return stored{}, errNotFound
		}
		return stored{}, fmt.Errorf("events: direct get: status %s %s", st, m.Header.Get("Description"))
	}
	seq, err := strconv.ParseUint(m.Header.Get("Nats-Sequence"), 10, 64)
	if err != nil {
		return stored{}, fmt.Errorf("events: direct get: bad Nats-Sequence: %w", err)
	}
	return parseEvent(seq, m.Header, m.Data)
}

func parseEvent(seq uint64, h nats.Header, data []byte) (stored, error) {
	env, err := events.DecodeEnvelope(data)
	if err != nil {
		return stored{}, &NotAnEventError{StreamSeq: seq, Err: err}
	}
	st := stored{env: env, seq: seq, count: 1}
	if v := h.Get(hdrIndex); v != "" {
		st.index, _ = strconv.Atoi(v)
	}
	if v := h.Get(hdrCount); v != "" {
		st.count, _ = strconv.Atoi(v)
	}
	if v := h.Get(hdrExpLastSubjSeq); v != "" {
		st.prevSeq, _ = strconv.ParseUint(v, 10, 64)
	}
	if st.count < 1 || st.index < 0 || st.index >= st.count {
		return stored{}, fmt.Errorf("events: stream seq %d: bad %s/%s headers", seq, hdrIndex, hdrCount)
	}
	return st, nil
}

// directGet fetches one message by sequence or as the last of a subject.
func (s *Store) directGet(ctx context.Context, stream string, req directReq) (stored, error) {
	body, _ := json.Marshal(req)
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.AckTimeout)
		defer cancel()
	}
	m, err := s.nc.RequestWithContext(ctx, directSubject(stream), body)
	if err != nil {
		return stored{}, fmt.Errorf("events: direct get from %s: %w", stream, err)
	}
	return parseStored(m)
}

// scanBatch is how many messages a batched direct get of scan asks for.
const scanBatch = 1024

// scan reads every message of stream matching filter from sequence from on
// (up to stream sequence upTo if not 0), in order, with batched direct
// gets, calling fn for each. A direct get may be answered by a replica
// behind the leader: see loadStreamTo.
func (s *Store) scan(ctx context.Context, stream, filter string, from, upTo uint64, fn func(stored) error) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 10*s.cfg.AckTimeout)
		defer cancel()
	}
	inbox := s.nc.NewRespInbox()
	// A channel of one batch and its end (8 kB), not SubscribeSync's
	// (64k messages, 512 kB allocated per read: 600 MB in use with the
	// thousands of reads in flight of a 20,000-board Olympiad). It never
	// overflows: the next batch is asked for once this one's end is read.
	msgs := make(chan *nats.Msg, scanBatch+1)
	sub, err := s.nc.ChanSubscribe(inbox, msgs)
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	for {
		req := directReq{Seq: from, NextBySubj: filter, Batch: scanBatch, UpToSeq: upTo}
		body, _ := json.Marshal(req)
		if err := s.nc.PublishRequest(directSubject(stream), inbox, body); err != nil {
			return err
		}
		var got int
		for {
			var m *nats.Msg
			select {
			case m = <-msgs:
			case <-ctx.Done():
				return fmt.Errorf("events: reading %s from %s: %w", filter, stream, ctx.Err())
			}
			if st := m.Header.Get("Status"); st != "" {
				if st == "404" { // nothing (more) matches
					return nil
				}
				if st != "204" {
					return fmt.Errorf("events: reading %s: status %s %s", filter, st, m.Header.Get("Description"))
				}
				// End of batch: Nats-Num-Pending says if more remain; the
				// server pins the end of the read (Nats-UpTo-Sequence) so
				// that later batches stop at the same place.
				pending, _ := strconv.ParseUint(m.Header.Get("Nats-Num-Pending"), 10, 64)
				if v := m.Header.Get("Nats-UpTo-Sequence"); v != "" && upTo == 0 {
					upTo, _ = strconv.ParseUint(v, 10, 64)
				}
				if pending == 0 || got == 0 {
					return nil
				}
				break
			}
			seq, err := strconv.ParseUint(m.Header.Get("Nats-Sequence"), 10, 64)
			if err != nil {
				return fmt.Errorf("events: reading %s: bad Nats-Sequence", filter)
			}
			st, err := parseEvent(seq, m.Header, m.Data)
			if err != nil {
				return err
			}
			if err := fn(st); err != nil {
				return err
			}
			got++
			from = seq + 1
		}
	}
}

// LoadStream reads one aggregate's events from the stream, in order,
// ignoring any sealed copy. Like Load, it ends at the aggregate's last event
// as the stream leader knows it (every acknowledged append), never at a
// lagging replica's.
func (s *Store) LoadStream(ctx context.Context, agg events.Aggregate) ([]events.Envelope, events.Head, error) {
	if err := agg.Check(); err != nil {
		return nil, events.Head{}, err
	}
	tip, found, err := s.leaderTip(ctx, agg)
	if err != nil || !found {
		return nil, events.Head{}, err
	}
	out, _, err := s.loadStreamTo(ctx, agg, tip)
	if err != nil {
		return nil, events.Head{}, err
	}
	if err := s.verifyLog(agg, out); err != nil {
		return nil, events.Head{}, err
	}
	return out, headOf(tip), nil
}

// headOf is the Head of a log ending at st.
func headOf(st stored) events.Head {
	return events.Head{Version: st.env.Seq, Seq: st.seq, Hash: st.env.Hash}
}

// Record is one event read from a whole stream, for projections.
type Record struct {
	// StreamSeq is the event's sequence in its stream: a projection stores
	// the last one it applied and resumes after it.
	StreamSeq uint64
	// Envelope is the event, fully decoded. Its Data is a slice of the
	// message as received (not a copy): keeping it keeps that message.
	Envelope events.Envelope
}

// Read calls fn for every event of the stream of kind from stream sequence
// from (1 for the beginning) up to the stream's last event when Read was
// called, in stream order, through an ordered consumer. It returns the
// stream sequence of the last event passed to fn (from-1 if none). An error
// from fn stops the read and is returned. fn runs on the caller's
// goroutine while the next events are decoded on the client library's.
func (s *Store) Read(ctx context.Context, kind events.Kind, from uint64, fn func(Record) error) (uint64, error) {
	return s.read(ctx, kind, from, false, fn)
}

// Follow is Read that does not stop at the end: it waits for new events
// until ctx is done or fn returns an error.
func (s *Store) Follow(ctx context.Context, kind events.Kind, from uint64, fn func(Record) error) (uint64, error) {
	return s.read(ctx, kind, from, true, fn)
}

// Records is Read (follow false) or Follow (follow true) as an iterator:
//
//	for rec, err := range st.Records(ctx, events.KindGame, from, false) {
//		if err != nil { ... }
//		apply(rec)
//	}
//
// A read error is yielded once, last.
func (s *Store) Records(ctx context.Context, kind events.Kind, from uint64, follow bool) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		_, err := s.read(ctx, kind, from, follow, func(r Record) error {
			if !yield(r, nil) {
				return errStopped
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStopped) {
			yield(Record{}, err)
		}
	}
}

// readBatch is how many records the consumer's goroutine decodes before
// handing them to the reader's goroutine (fewer when the stream has no
// more for now).
const readBatch = 128

// readPull is how many messages a read asks the server for at a time
// (1,024 used less CPU per event and varied less than 4,096 in our
// measurements on an embedded server).
const readPull = 1024

// ReadHeartbeat is the idle heartbeat a read's pull requests ask the
// server for (the client library's default for an ordered consumer is
// 5 s). The library (nats.go v1.55.0, jetstream/pull.go) asks for more
// messages from a goroutine of its own and skips its check while that
// goroutine is still sending the previous request; a skipped check is
// only made again when the next message arrives. If every message asked
// for is handled in that window, no request is left at the server and the
// read waits for the library's heartbeat check, which after two heartbeats
// without a message pulls again and recreates the consumer from the last
// sequence delivered. At 1 s that wait is 2 s rather than 10 s: a flag
// fall the clocks' watch records, a move the witness signs, at most 2 s
// late. An idle read costs one heartbeat message a second.
const ReadHeartbeat = time.Second

// recordBatch is decoded records handed from the consumer's goroutine to
// the reader's, and the error that stopped decoding, if any.
type recordBatch struct {
	recs []Record
	err  error
}

// read runs an ordered consumer from stream sequence from. Messages are
// decoded on the consumer's goroutine as they arrive (the client library
// calls a handler: no per-message wait in an iterator) and handed over in
// batches to this goroutine, which calls fn: decoding the next events
// overlaps with fn applying the last ones.
func (s *Store) read(ctx context.Context, kind events.Kind, from uint64, follow bool, fn func(Record) error) (uint64, error) {
	if !kind.Valid() {
		return 0, fmt.Errorf("events: unknown aggregate kind %q", kind)
	}
	names := s.cfg.Partitions.Streams(kind)
	if len(names) != 1 {
		return 0, fmt.Errorf("%w: %s is spread over %d streams", ErrPartitioned, kind, len(names))
	}
	return s.readStream(ctx, names[0], from, follow, fn)
}

// ReadPartition is Read of game partition p (0 .. Partitions()-1): the
// stream GAMES_<p>, or GAMES when there is one partition.
func (s *Store) ReadPartition(ctx context.Context, p int, from uint64, fn func(Record) error) (uint64, error) {
	if p < 0 || p >= int(s.cfg.Partitions) {
		return 0, fmt.Errorf("events: game partition %d of %d", p, int(s.cfg.Partitions))
	}
	return s.readStream(ctx, s.cfg.Partitions.StreamName(p), from, false, fn)
}

// FollowPartition is Follow of game partition p (see ReadPartition).
func (s *Store) FollowPartition(ctx context.Context, p int, from uint64, fn func(Record) error) (uint64, error) {
	if p < 0 || p >= int(s.cfg.Partitions) {
		return 0, fmt.Errorf("events: game partition %d of %d", p, int(s.cfg.Partitions))
	}
	return s.readStream(ctx, s.cfg.Partitions.StreamName(p), from, true, fn)
}

// readStream is read of the stream named name.
func (s *Store) readStream(ctx context.Context, name string, from uint64, follow bool, fn func(Record) error) (uint64, error) {
	return s.readBatches(ctx, name, from, follow, false, func(recs []Record) (int, error) {
		for i, r := range recs {
			if err := fn(r); err != nil {
				return i, err
			}
		}
		return len(recs), nil
	})
}

// readBatches is readStream handing fn the records a batch at a time (in
// stream order; the slice is reused once fn returns). fn returns how many
// of them it took (all, unless it fails). direct runs fn on the client
// library's delivery goroutine, as each batch is decoded, instead of
// handing the batch to this one: no goroutine to wake for each event that
// a live follower gets, at the price of decoding not overlapping fn. fn is
// never called after readBatches returns.
func (s *Store) readBatches(ctx context.Context, name string, from uint64, follow, direct bool, fn func([]Record) (int, error)) (uint64, error) {
	if from == 0 {
		from = 1
	}
	last := from - 1
	stream, err := s.js.Stream(ctx, name)
	if err != nil {
		return last, err
	}
	info, err := stream.Info(ctx)
	if err != nil {
		return last, err
	}
	end := info.State.LastSeq
	if !follow && end < from {
		return last, nil
	}
	cons, err := stream.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		DeliverPolicy: jetstream.DeliverByStartSequencePolicy,
		OptStartSeq:   from,
	})
	if err != nil {
		return last, err
	}
	var onDelivery func([]Record) (int, error)
	if direct {
		onDelivery = fn
	}
	d := &decoder{
		last:    last,
		direct:  onDelivery,
		follow:  follow,
		end:     end,
		batches: make(chan recordBatch, 4),
		free:    make(chan []Record, 8),
		stop:    make(chan struct{}),
	}
	closedConn := make(chan error, 1)
	// The client library suspends its heartbeat check while the handler
	// runs, so a handler blocked on a slow reader does not make the
	// consumer look dead.
	cc, err := cons.Consume(d.handle,
		jetstream.PullMaxMessages(readPull),
		jetstream.PullHeartbeat(ReadHeartbeat),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			// The ordered consumer recovers from everything else itself
			// (missed heartbeats, a deleted consumer: it makes a new one
			// from the last sequence delivered); a closed connection
			// ends it.
			if errors.Is(err, jetstream.ErrConnectionClosed) || errors.Is(err, nats.ErrConnectionClosed) {
				select {
				case closedConn <- err:
				default:
				}
				return
			}
			s.readRecoveries.Add(1)
		}))
	if err != nil {
		return last, err
	}
	defer func() {
		close(d.stop) // unblocks a handler waiting to hand over a batch
		cc.Stop()
		d.mu.Lock() // waits for a handler's fn in progress
		d.done = true
		d.mu.Unlock()
	}()
	// the last record fn took: the decoder's in a direct read
	lastTaken := func() uint64 {
		if !direct {
			return last
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		return d.last
	}
	for {
		select {
		case b := <-d.batches:
			if len(b.recs) > 0 { // a direct read hands errors only
				n, err := fn(b.recs)
				if n > 0 {
					last = b.recs[n-1].StreamSeq
				}
				if err != nil {
					return last, err
				}
				if !follow && last >= end { // a batch ends there at the latest
					return last, nil
				}
			}
			if b.err != nil {
				return lastTaken(), b.err
			}
			select {
			case d.free <- b.recs[:0]:
			default:
			}
		case <-ctx.Done():
			return lastTaken(), ctx.Err()
		case err := <-closedConn:
			return lastTaken(), fmt.Errorf("events: reading %s: %w", name, err)
		}
	}
}

// decoder is the consumer side of a read: it runs on the client library's
// delivery goroutine.
type decoder struct {
	follow bool
	end    uint64 // a read that does not follow stops at this sequence

	mu  sync.Mutex // the ordered consumer may switch goroutines when it recreates its consumer
	cur []Record
	// direct is a direct read's fn (see readBatches), which the handler
	// calls with each batch; last is the last record it took.
	direct  func([]Record) (int, error)
	last    uint64
	done    bool // an error was handed over, or end was reached
	batches chan recordBatch
	free    chan []Record // batches the reader has finished with
	stop    chan struct{} // the reader has returned
}

// handle decodes one message and hands the batch over when it is full,
// when the consumer has nothing more pending for now (so a follower sees
// an event as soon as it arrives) or at the end of the read.
func (d *decoder) handle(m jetstream.Msg) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return
	}
	seq, pending, ok := ackPosition(m.Reply())
	if !ok {
		md, err := m.Metadata()
		if err != nil {
			d.hand(recordBatch{recs: d.cur, err: fmt.Errorf("events: reading the stream: %w", err)})
			return
		}
		seq, pending = md.Sequence.Stream, md.NumPending
	}
	if d.cur == nil {
		select {
		case d.cur = <-d.free:
		default:
			d.cur = make([]Record, 0, readBatch)
		}
	}
	// Decoded in place, in the batch.
	d.cur = append(d.cur, Record{StreamSeq: seq})
	if err := events.DecodeOwnedInto(&d.cur[len(d.cur)-1].Envelope, m.Data()); err != nil {
		d.hand(recordBatch{recs: d.cur[:len(d.cur)-1], err: &UndecodableError{StreamSeq: seq, Err: err}})
		return
	}
	atEnd := !d.follow && seq >= d.end
	if len(d.cur) == readBatch || pending == 0 || atEnd {
		d.hand(recordBatch{recs: d.cur})
	}
	if atEnd {
		d.done = true
	}
}

// hand passes a batch to the reader (unless it has returned) and starts a
// new one; a batch with an error is the last.
func (d *decoder) hand(b recordBatch) {
	if d.direct != nil {
		if len(b.recs) > 0 {
			n, err := d.direct(b.recs)
			if n > 0 {
				d.last = b.recs[n-1].StreamSeq
			}
			if err != nil {
				b.err = err // fn failed before the batch's own error, if any
			}
		}
		d.cur = b.recs[:0] // fn is done with it
		if b.err == nil {
			return
		}
		b.recs = nil
	} else {
		d.cur = nil
	}
	if b.err != nil {
		d.done = true
	}
	select {
	case d.batches <- b:
	case <-d.stop:
		d.done = true
	}
}

// ackPosition reads the stream sequence and the consumer's pending count
// from a consumed message's reply subject without allocating
// ("$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.
// <time>.<pending>", or the longer form with a domain and an account hash
// before the stream and possibly a random token after), as Metadata does;
// false for any other shape (the caller then uses Metadata).
func ackPosition(reply string) (seq, pending uint64, ok bool) {
	const prefix = "$JS.ACK."
	if len(reply) <= len(prefix) || reply[:len(prefix)] != prefix {
		return 0, 0, false
	}
	var dots [16]int // positions of the dots after the prefix
	n := 0
	for i := len(prefix); i < len(reply); i++ {
		if reply[i] == '.' {
			if n == len(dots) {
				return 0, 0, false
			}
			dots[n] = i
			n++
		}
	}
	token := func(k int) string { // k-th token after the prefix
		start := len(prefix)
		if k > 0 {
			start = dots[k-1] + 1
		}
		stop := len(reply)
		if k < n {
			stop = dots[k]
		}
		return reply[start:stop]
	}
	tokens := n + 1 // after the prefix
	var at int      // index of the stream sequence among those tokens
	switch {
	case tokens == 7:
		at = 3
	case tokens >= 9:
		at = 5
	default:
		return 0, 0, false
	}
	seq, err1 := strconv.ParseUint(token(at), 10, 64)
	pending, err2 := strconv.ParseUint(token(at+3), 10, 64)
	return seq, pending, err1 == nil && err2 == nil
}
