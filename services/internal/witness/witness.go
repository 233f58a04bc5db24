// Package witness publishes Hakem's signed checkpoints: the chain heads of
// every aggregate that changed, witnessed outside the event streams
// (events.Checkpoint), periodically and at every game end and round close.
// Each goes to the CHECKPOINTS stream, which no event writer may publish
// on, and to an append-only file in the data folder; GET /api/checkpoints
// serves them. hakem audit checks a log against them.
package witness

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"golang.org/x/mod/sumdb/note"
)

// StreamConfig is the CHECKPOINTS stream: every checkpoint kept, deletes
// and purges refused.
func StreamConfig(replicas int) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name: events.CheckpointStream, Description: "Hakem signed checkpoints of the chain heads",
		Subjects: []string{events.CheckpointSubject}, Storage: jetstream.FileStorage, Retention: jetstream.LimitsPolicy,
		Replicas: replicas, DenyDelete: true, DenyPurge: true, Discard: jetstream.DiscardNew, AllowDirect: true,
	}
}

// FileName is the checkpoints' append-only file in the data folder.
const FileName = "checkpoints.ndjson"

// Checkpointer follows the event streams and checkpoints their heads.
type Checkpointer struct {
	// Store reads the streams (its own connection, as the gateway's user).
	Store *eventstore.Store
	// JS publishes on the CHECKPOINTS stream.
	JS jetstream.JetStream
	// Signer signs the notes.
	Signer note.Signer
	// File is the append-only copy ("" for none).
	File string
	// Interval is how often changed heads are checkpointed.
	Interval time.Duration
	Log      *zap.Logger
	// Games follows game partition p's stream from stream sequence from:
	// hakem serve passes its tap of the partition (eventstore.Tap), which
	// its flag watch follows too, so that each event reaches the process
	// once for both. Store.FollowPartition when nil.
	Games func(ctx context.Context, p int, from uint64, fn func(eventstore.Record) error) (uint64, error)

	// flushing is held by Flush (one checkpoint at a time); mu guards
	// the fields below it and is not held while a checkpoint is published
	flushing sync.Mutex
	mu       sync.Mutex
	last     events.Checkpoint
	pending  map[events.Aggregate]events.Head
	streams  map[string]uint64
	// lines are the checkpoints published when there is no File; written
	// is the length of File up to the end of the last checkpoint in it.
	lines   []events.CheckpointLine
	written int64
	now     chan struct{}
}

// Run checkpoints until ctx ends.
func (c *Checkpointer) Run(ctx context.Context) error {
	c.pending, c.streams, c.now = map[events.Aggregate]events.Head{}, map[string]uint64{}, make(chan struct{}, 1)
	if err := c.resume(); err != nil {
		return err
	}
	var wg sync.WaitGroup
	for _, k := range events.Kinds() {
		// every stream of the kind: TOURNAMENTS, GAMES or each partition
		for p, name := range c.Store.Partitions().Streams(k) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.follow(ctx, k, p, name)
			}()
		}
	}
	t := time.NewTicker(c.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return nil
		case <-t.C:
		case <-c.now:
		}
		if err := c.Flush(ctx); err != nil {
			c.Log.Error("checkpoint not published", zap.Error(err))
		}
	}
}

// follow records the heads of kind's stream name (partition p of the
// games), restarting after an error.
func (c *Checkpointer) follow(ctx context.Context, k events.Kind, p int, name string) {
	read := c.Store.Follow
	if k == events.KindGame {
		games := c.Games
		if games == nil {
			games = c.Store.FollowPartition
		}
		read = func(ctx context.Context, _ events.Kind, from uint64, fn func(eventstore.Record) error) (uint64, error) {
			return games(ctx, p, from, fn)
		}
	}
	for ctx.Err() == nil {
		c.mu.Lock()
		from := c.streams[name] + 1
		c.mu.Unlock()
		_, err := read(ctx, k, from, func(r eventstore.Record) error {
			c.record(name, r)
			return nil
		})
		if ctx.Err() != nil {
			return
		}
		if c.readPast(name, err) {
			continue
		}
		c.Log.Warn("checkpointer: following the stream stopped; again in a second", zap.String("stream", name), zap.Error(err))
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// record takes one event of stream name: its aggregate's head changed.
func (c *Checkpointer) record(name string, r eventstore.Record) {
	e := &r.Envelope
	c.mu.Lock()
	c.pending[e.Aggregate] = events.Head{Version: e.Seq, Seq: r.StreamSeq, Hash: e.Hash}
	c.streams[name] = r.StreamSeq
	c.mu.Unlock()
	if e.Type == (events.GameEnded{}).EventType() || e.Type == (events.RoundClosed{}).EventType() {
		select {
		case c.now <- struct{}{}:
		default:
		}
	}
}

// readPast reports whether err is a message of stream name that is not an
// event (published by hand on an aggregate's subject), and if so records
// it read: it belongs to no chain (the aggregate's own reads quarantine
// it), and the checkpoints go on past it, or every later head of the
// stream would go unwitnessed.
func (c *Checkpointer) readPast(name string, err error) bool {
	var bad *eventstore.UndecodableError
	if !errors.As(err, &bad) {
		return false
	}
	c.Log.Error("checkpointer: a message that is not an event, read past", zap.String("stream", name), zap.Uint64("stream_seq", bad.StreamSeq), zap.Error(err))
	c.mu.Lock()
	if bad.StreamSeq > c.streams[name] {
		c.streams[name] = bad.StreamSeq
	}
	c.mu.Unlock()
	return true
}

// Once checkpoints, in one go, every head changed since the last
// checkpoint of the file: it reads each event stream to its end (no
// following) and publishes one checkpoint if any head changed (hakem
// migrate sign's, on a stopped server's folder). It reports whether it
// published one.
func (c *Checkpointer) Once(ctx context.Context) (bool, error) {
	c.pending, c.streams, c.now = map[events.Aggregate]events.Head{}, map[string]uint64{}, make(chan struct{}, 1)
	if err := c.resume(); err != nil {
		return false, err
	}
	for _, k := range events.Kinds() {
		for p, name := range c.Store.Partitions().Streams(k) {
			for {
				c.mu.Lock()
				from := c.streams[name] + 1
				c.mu.Unlock()
				fn := func(r eventstore.Record) error { c.record(name, r); return nil }
				var err error
				if k == events.KindGame {
					_, err = c.Store.ReadPartition(ctx, p, from, fn)
				} else {
					_, err = c.Store.Read(ctx, k, from, fn)
				}
				if err == nil {
					break
				}
				if !c.readPast(name, err) {
					return false, fmt.Errorf("checkpoint: reading %s: %w", name, err)
				}
			}
		}
	}
	c.mu.Lock()
	changed := len(c.pending) > 0
	c.mu.Unlock()
	return changed, c.Flush(ctx)
}

// Flush publishes a checkpoint of the heads changed since the last one, if
// any changed. The heads are taken at the start: what is read meanwhile
// waits for the next checkpoint (reading the streams is not held up by
// the signing, the publishing and the file's fsync: in hakem serve the
// flag watch follows the games through the same read); if publishing
// fails they are put back.
func (c *Checkpointer) Flush(ctx context.Context) error {
	c.flushing.Lock()
	defer c.flushing.Unlock()
	c.mu.Lock()
	if len(c.pending) == 0 {
		c.mu.Unlock()
		return nil
	}
	cp := events.Checkpoint{Number: c.last.Number + 1, RecordedAt: time.Now().UTC(), Streams: map[string]uint64{}}
	for n, s := range c.streams {
		cp.Streams[n] = s
	}
	taken := c.pending
	c.pending = map[events.Aggregate]events.Head{}
	c.mu.Unlock()
	for agg, h := range taken {
		cp.Heads = append(cp.Heads, events.AggregateHead{Aggregate: agg, Head: h})
	}
	line, n, err := c.publish(ctx, &cp)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		for agg, h := range taken {
			if _, newer := c.pending[agg]; !newer {
				c.pending[agg] = h
			}
		}
		return err
	}
	c.last = cp
	if c.File == "" {
		c.lines = append(c.lines, line)
	} else {
		c.written += n
	}
	return nil
}

// publish signs cp and publishes it to the CHECKPOINTS stream and the
// file; it returns its line and the bytes written to the file.
func (c *Checkpointer) publish(ctx context.Context, cp *events.Checkpoint) (events.CheckpointLine, int64, error) {
	signed, err := events.SignCheckpoint(cp, c.Signer)
	if err != nil {
		return events.CheckpointLine{}, 0, err
	}
	line := events.CheckpointLine{Note: string(signed)}
	b, err := json.Marshal(line)
	if err != nil {
		return line, 0, err
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := c.JS.Publish(pctx, events.CheckpointSubject, b, jetstream.WithMsgID(fmt.Sprintf("checkpoint-%d", cp.Number))); err != nil {
		return line, 0, fmt.Errorf("stream %s: %w", events.CheckpointStream, err)
	}
	if c.File != "" {
		f, err := os.OpenFile(c.File, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return line, 0, err
		}
		_, werr := f.Write(append(b, '\n'))
		if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
			return line, 0, err
		}
	}
	return line, int64(len(b) + 1), nil
}

// resume reads the file's checkpoints (the CHECKPOINTS stream holds the
// same): the next number, and where to follow the streams from.
func (c *Checkpointer) resume() error {
	if c.File == "" {
		return nil
	}
	f, err := os.Open(c.File)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	err = eachCheckpoint(f, func(cl events.CheckpointLine, cp events.Checkpoint) error {
		c.last, c.streams = cp, cp.Streams
		return nil
	})
	if err != nil {
		return err
	}
	c.written, err = f.Seek(0, io.SeekCurrent)
	return err
}

// eachCheckpoint calls fn with each line of r that holds a checkpoint
// (lines that do not are skipped: a line torn by a crash).
func eachCheckpoint(r io.Reader, fn func(events.CheckpointLine, events.Checkpoint) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	for sc.Scan() {
		var cl events.CheckpointLine
		if json.Unmarshal(sc.Bytes(), &cl) != nil {
			continue
		}
		cp, err := events.ParseCheckpointNote(cl.Note)
		if err != nil {
			continue
		}
		if err := fn(cl, cp); err != nil {
			return err
		}
	}
	return sc.Err()
}

// ServeHTTP answers GET /api/checkpoints: every checkpoint published, one
// JSON object ({"note": signed note}) per line (application/x-ndjson).
// With a File they are read from it (up to the end of the last one
// written: not kept in memory, where they grew with every checkpoint of
// the server's life), else from memory.
func (c *Checkpointer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	lines := append([]events.CheckpointLine(nil), c.lines...)
	written := c.written
	c.mu.Unlock()
	if c.File != "" {
		f, err := os.Open(c.File)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			http.Error(w, "checkpoints: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		if err == nil {
			defer f.Close()
			err = eachCheckpoint(io.LimitReader(f, written), func(cl events.CheckpointLine, _ events.Checkpoint) error {
				lines = append(lines, cl)
				return nil
			})
			if err != nil {
				http.Error(w, "checkpoints: "+err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	var b strings.Builder
	for _, l := range lines {
		j, _ := json.Marshal(l)
		b.Write(j)
		b.WriteByte('\n')
	}
	_, _ = w.Write([]byte(b.String()))
}

// Register implements the gateway's Port: GET /api/checkpoints.
func (c *Checkpointer) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/checkpoints", c)
}
