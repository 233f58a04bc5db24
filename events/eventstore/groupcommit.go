package eventstore

import (
	"context"
	"sync"

	"github.com/nats-io/nats.go"
)

// Group commit: a store that syncs every write (hakem serve's default, the
// venue's durability: an acknowledged move is on disk) pays one fsync per
// appended message, a fifth of serve's CPU per move at saturation. When
// many single-event commands of different aggregates wait for their
// acknowledgements at once, the store sends the next ones together as one
// JetStream atomic batch: the server writes the batch and syncs it once
// before it acknowledges the commit (with sync_always it coalesces the
// batch's fsyncs), so every command of the batch is on disk when its
// append returns, as before.
//
// A batch has a fixed cost of its own (the server stages it in a file of
// its own before the commit), so it pays only when large: measured on a
// 2-core machine with sync_always, CPU per message of batches of 4, 16 and
// 64 messages was 4.5, 1.3 and 0.53 times that of single publishes (about
// 1.7 ms a batch and 30 µs a message). Hence the store batches only past
// GroupCommit.Threshold appends in flight, and GroupCommit.Size at a time
// (TestGroupCommitFigures: with 1,000 games appended to at once, batches
// of 128 took 0.28-0.38 of the CPU per append of no group commit, batches
// of 64 0.41-0.53).
//
// Each message of a batch keeps its own Nats-Msg-Id and expected
// last-subject sequence, so the batch commits only if every command would
// have been accepted alone. A batch the server refuses (one conflicting
// or retried command, too many batches in flight) stored nothing: each of
// its commands is then published alone, as it would have been, and gets
// its own answer. A batch whose outcome is unknown (no acknowledgement in
// time) is published alone too: the message ids and expected sequences
// make a command the batch did store come back as a duplicate, which
// Append resolves as for any retry.

// GroupCommit configures the batching of concurrent single-event appends
// (Config.GroupCommit).
type GroupCommit struct {
	// Off sends every command by itself.
	Off bool
	// Threshold is how many single-event appends to one stream may be
	// in flight before the next ones wait to be batched. Default 32.
	Threshold int
	// Size is how many waiting appends make a batch. Default 128.
	Size int
}

func (g *GroupCommit) defaults() {
	if g.Threshold == 0 {
		g.Threshold = 32
	}
	if g.Size == 0 {
		g.Size = 128
	}
}

// committer batches the single-event appends of one stream.
type committer struct {
	threshold, size int

	mu       sync.Mutex
	inflight int       // messages published and not yet acknowledged
	waiting  []*queued // appends waiting to be batched
}

// queued is one append waiting in a committer.
type queued struct {
	msg  *nats.Msg
	ack  pubAck
	sent bool          // committed in a batch: ack holds its answer
	done chan struct{} // closed when batched or released to go alone
}

// committerOf returns the committer of stream.
func (s *Store) committerOf(stream string) *committer {
	if c, ok := s.committers.Load(stream); ok {
		return c.(*committer)
	}
	c, _ := s.committers.LoadOrStore(stream, &committer{threshold: s.cfg.GroupCommit.Threshold, size: s.cfg.GroupCommit.Size})
	return c.(*committer)
}

// publishOne publishes the one message of a single-event command through
// stream's committer: alone while few are in flight, else in a batch.
func (s *Store) publishOne(ctx context.Context, stream string, m *nats.Msg) (pubAck, error) {
	if s.cfg.GroupCommit.Off {
		return s.publish(ctx, []*nats.Msg{m})
	}
	c := s.committerOf(stream)
	c.mu.Lock()
	if c.inflight < c.threshold && len(c.waiting) == 0 {
		c.inflight++
		c.mu.Unlock()
		return s.publishAlone(ctx, c, m)
	}
	q := &queued{msg: m, done: make(chan struct{})}
	c.waiting = append(c.waiting, q)
	var batch []*queued
	if len(c.waiting) >= c.size {
		batch, c.waiting = c.waiting, nil
		c.inflight += len(batch)
	}
	c.mu.Unlock()
	if batch != nil {
		// the batch carries others' commands: one client gone (its
		// request's context cancelled) must not abandon theirs; the
		// publish is bounded by Config.AckTimeout
		s.commitBatch(context.WithoutCancel(ctx), c, batch)
	}
	select {
	case <-q.done:
	case <-ctx.Done():
		c.mu.Lock()
		for i, w := range c.waiting {
			if w == q { // not sent: nothing was published
				c.waiting = append(c.waiting[:i], c.waiting[i+1:]...)
				c.mu.Unlock()
				return pubAck{}, ctx.Err()
			}
		}
		c.mu.Unlock()
		<-q.done // in a batch being sent, or released: wait for it
	}
	if q.sent {
		return q.ack, nil
	}
	return s.publishAlone(ctx, c, m)
}

// publishAlone publishes m by itself, counted in flight by the caller.
func (s *Store) publishAlone(ctx context.Context, c *committer, m *nats.Msg) (pubAck, error) {
	ack, err := s.publish(ctx, []*nats.Msg{m})
	c.finished(1)
	return ack, err
}

// finished counts n messages acknowledged; when fewer than the threshold
// remain in flight, the appends still waiting go alone (a batch smaller
// than Size costs more than its messages sent one by one).
func (c *committer) finished(n int) {
	c.mu.Lock()
	c.inflight -= n
	var released []*queued
	if c.inflight < c.threshold && len(c.waiting) > 0 {
		released, c.waiting = c.waiting, nil
		c.inflight += len(released)
	}
	c.mu.Unlock()
	for _, q := range released {
		close(q.done)
	}
}

// commitBatch publishes batch as one atomic batch and hands each append
// its answer; if the batch was not acknowledged as a whole, each goes
// alone.
//
// Two commands of one aggregate never share a batch: the server checks
// each message's expected last sequence of the aggregate's subjects
// against the stream as it was before the batch (it remembers the first
// check of a subject filter and does not count the batch's own earlier
// message on another subject of that filter), so both would be stored on
// the same version. The later ones go alone, where the check sees the
// first.
func (s *Store) commitBatch(ctx context.Context, c *committer, batch []*queued) {
	aggregates := make(map[string]struct{}, len(batch))
	kept := make([]*queued, 0, len(batch))
	var alone []*queued
	for _, q := range batch {
		filter := q.msg.Header.Get(hdrExpLastSubjSub)
		if _, dup := aggregates[filter]; dup || filter == "" {
			alone = append(alone, q)
			continue
		}
		aggregates[filter] = struct{}{}
		kept = append(kept, q)
	}
	if len(kept) < 2 { // publish sends one message without a batch's headers
		alone, kept = batch, nil
	}
	// batch is kept from here on; alone's go by themselves
	for _, q := range alone {
		close(q.done) // still counted in flight until it is answered
	}
	batch = kept
	if len(batch) == 0 {
		return
	}
	msgs := make([]*nats.Msg, len(batch))
	for i, q := range batch {
		msgs[i] = q.msg
	}
	ack, err := s.publish(ctx, msgs)
	ok := err == nil && ack.Error == nil && !ack.Duplicate && ack.Count == len(batch) && ack.Seq >= uint64(len(batch))
	for i, q := range batch {
		delete(q.msg.Header, hdrBatchID)
		delete(q.msg.Header, hdrBatchSeq)
		delete(q.msg.Header, hdrBatchCommit)
		if ok {
			// a batch is stored contiguously, its commit last
			q.ack = pubAck{Stream: ack.Stream, Seq: ack.Seq - uint64(len(batch)-1-i)}
			q.sent = true
		}
	}
	if ok {
		s.batchesCommitted.Add(1)
		c.finished(len(batch))
	}
	// else: each goes alone and is still counted in flight until then
	for _, q := range batch {
		close(q.done)
	}
}
