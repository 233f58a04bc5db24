package eventstore

import (
	"context"
	"sync"

	"github.com/nats-io/nats.go"
)

// Group commit: a store that syncs every write (hakem serve's default, the
// venue's durability: an acknowledged move is on disk) pays one fsync per
// appended message (a fifth of serve's CPU per move at saturation before
// group commit). When many single-event commands of different aggregates
// wait for their acknowledgements at once, the store sends the next ones
// together as one JetStream atomic batch: the server writes the batch and
// syncs it once before it acknowledges the commit (with sync_always it
// coalesces the batch's fsyncs), so every command of the batch is on disk
// when its append returns, as before.
//
// A batch has a fixed cost of its own: on one replica the server stages
// it in a file store of its own (created, written, synced, deleted) before
// the commit; on more replicas in memory, and the commit is one Raft
// proposal. On one replica a small batch costs more than its messages
// sent alone (2-core machine, sync_always, the store's CPU per append at
// 24 concurrent games: batches of 12 took 1.7 times the CPU of no group
// commit; at 64, batches of 32 took 0.6 times). So a stream's committer
// lets GroupCommit.Threshold appends (32 on one replica, 1 on more) go
// alone while no batch is in flight, and makes a batch of those waiting
// once as many wait. It keeps at most GroupCommit.Flights batches (1) in
// flight per stream: the next one accumulates meanwhile, so the batches
// grow with the load, up to GroupCommit.Size (1,000, the server's limit)
// and the fewer batches the fewer staging stores. When a batch is
// answered, the next leaves with all that wait, or, if fewer than the
// threshold wait, they go alone. TestGroupCommitFigures (1,000 games
// appended to at once, two rounds on a loaded machine) measured this
// process's CPU per append: no group commit 239 and 110 µs; batches of up
// to 128 with up to 8 in flight (about the committer before this policy)
// 76 and 62 µs, in batches of 75-78; one batch of up to 256 in flight 44
// and 37 µs; the defaults (one of up to 1,000 in flight) 37 and 33 µs, in
// batches of 499: half the CPU per append of 8 batches of 128 in flight.
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
// (Config.GroupCommit). Zero fields take the defaults of the streams'
// replica count (Config.Replicas).
type GroupCommit struct {
	// Off sends every command by itself.
	Off bool
	// Threshold is how many single-event appends to one stream may be
	// published alone at once, while no batch of it is in flight, before
	// the next ones wait to be batched; a batch is sent once this many
	// wait (two at the least). Default 32 on one replica (a batch of
	// fewer costs more than its messages sent alone), 1 on more.
	Threshold int
	// Size is the most appends one batch carries. Default and most 1,000
	// (nats-server's limit).
	Size int
	// Flights is how many batches of one stream may be in flight at
	// once: the next one accumulates meanwhile. Default 1.
	Flights int
}

// maxBatch is nats-server's default limit on the messages of one atomic
// batch.
const maxBatch = 1000

func (g *GroupCommit) defaults(replicas int) {
	if g.Threshold <= 0 {
		g.Threshold = 32
		if replicas > 1 {
			g.Threshold = 1
		}
	}
	if g.Size <= 0 {
		g.Size = maxBatch
	}
	g.Size = min(g.Size, maxBatch)
	if g.Flights <= 0 {
		g.Flights = 1
	}
}

// committer batches the single-event appends of one stream.
type committer struct {
	threshold, size, flights int

	mu      sync.Mutex
	alone   int       // published alone (or released to), not yet answered
	flying  int       // batches published, not yet answered
	waiting []*queued // appends waiting to be batched
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
	g := s.cfg.GroupCommit
	c, _ := s.committers.LoadOrStore(stream, &committer{threshold: g.Threshold, size: g.Size, flights: g.Flights})
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
	if c.flying == 0 && c.alone < c.threshold && len(c.waiting) == 0 {
		c.alone++
		c.mu.Unlock()
		return s.publishAlone(ctx, c, m)
	}
	q := &queued{msg: m, done: make(chan struct{})}
	c.waiting = append(c.waiting, q)
	batch, released := c.nextLocked()
	c.mu.Unlock()
	s.dispatch(c, batch, released)
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

// nextLocked takes the next batch from the waiting appends when one may
// fly and enough wait, or releases them all to go alone when no batch is
// in flight and few are published alone; the caller dispatches them
// after unlocking c.
func (c *committer) nextLocked() (batch, released []*queued) {
	least := max(c.threshold, 2)
	switch {
	case c.flying < c.flights && len(c.waiting) >= least:
		n := min(len(c.waiting), c.size)
		batch = c.waiting[:n:n]
		c.waiting = append([]*queued(nil), c.waiting[n:]...)
		c.flying++
	case c.flying == 0 && c.alone < c.threshold && len(c.waiting) > 0:
		released, c.waiting = c.waiting, nil
		c.alone += len(released)
	}
	return batch, released
}

// dispatch sends batch (if any) from a goroutine of its own and lets the
// released appends go alone.
func (s *Store) dispatch(c *committer, batch, released []*queued) {
	for _, q := range released {
		close(q.done)
	}
	if batch != nil {
		// the batch carries several clients' commands: none of their
		// contexts bounds it; the publish is bounded by
		// Config.AckTimeout
		go s.commitBatch(c, batch)
	}
}

// publishAlone publishes m by itself, counted in c.alone by the caller.
func (s *Store) publishAlone(ctx context.Context, c *committer, m *nats.Msg) (pubAck, error) {
	ack, err := s.publish(ctx, []*nats.Msg{m})
	c.mu.Lock()
	c.alone--
	batch, released := c.nextLocked()
	c.mu.Unlock()
	s.dispatch(c, batch, released)
	return ack, err
}

// commitBatch publishes batch as one atomic batch and hands each append
// its answer; if the batch was not acknowledged as a whole, each goes
// alone. It is counted in c.flying until it is answered; then the next
// batch leaves.
//
// Two commands of one aggregate never share a batch: the server checks
// each message's expected last sequence of the aggregate's subjects
// against the stream as it was before the batch (it remembers the first
// check of a subject filter and does not count the batch's own earlier
// message on another subject of that filter), so both would be stored on
// the same version. The later ones go alone, where the check sees the
// first.
func (s *Store) commitBatch(c *committer, batch []*queued) {
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
	var ok bool
	if len(kept) > 0 {
		msgs := make([]*nats.Msg, len(kept))
		for i, q := range kept {
			msgs[i] = q.msg
		}
		ack, err := s.publish(context.Background(), msgs)
		ok = err == nil && ack.Error == nil && !ack.Duplicate && ack.Count == len(kept) && ack.Seq >= uint64(len(kept))
		for i, q := range kept {
			delete(q.msg.Header, hdrBatchID)
			delete(q.msg.Header, hdrBatchSeq)
			delete(q.msg.Header, hdrBatchCommit)
			if ok {
				// a batch is stored contiguously, its commit last
				q.ack = pubAck{Stream: ack.Stream, Seq: ack.Seq - uint64(len(kept)-1-i)}
				q.sent = true
			}
		}
	}
	if ok {
		s.batchesCommitted.Add(1)
		s.batchedAppends.Add(int64(len(kept)))
	} else {
		// each goes alone, as it would have without group commit
		alone = append(alone, kept...)
	}
	c.mu.Lock()
	c.flying--
	c.alone += len(alone)
	next, released := c.nextLocked()
	c.mu.Unlock()
	for _, q := range kept {
		if q.sent {
			close(q.done)
		}
	}
	s.dispatch(c, next, append(released, alone...))
}

// Batched returns how many batches of single-event appends the server
// has acknowledged since Open, and how many appends they carried.
func (s *Store) Batched() (batches, appends int64) {
	return s.batchesCommitted.Load(), s.batchedAppends.Load()
}
