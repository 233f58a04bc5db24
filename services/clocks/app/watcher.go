package app

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"go.uber.org/zap"
)

// Follow reads the games' stream from a stream sequence on and keeps
// waiting for new events (the events module's Store.Follow for the game
// kind).
type Follow func(ctx context.Context, from uint64, fn func(eventstore.Record) error) (uint64, error)

// DefaultCheckpointEvery is how often the watcher writes its checkpoint
// while it reads new events, when Watcher.CheckpointEvery is zero.
const DefaultCheckpointEvery = 2 * time.Second

// Watcher knows every running clock's deadline: it folds the games' stream
// (so that after a restart it finds the clocks that ran while it was down)
// and, at each deadline, asks CheckFlag to record the fall. The timer only
// says when to look; the instant recorded is the one the clock module
// computes from the events, whatever the timer's delay.
//
// Checkpoint: every CheckpointEvery, when it read new events, the watcher
// saves how far it folded the stream and which clocks ran then (see
// Checkpoint). At start it reads each of those games whole from its own
// subject and follows the stream from the checkpoint on, instead of from
// the beginning. A game first met after its first event (its history is
// before the checkpoint, or it was forgotten at its end) is read whole from
// its subject too; events of a game already folded up to a later version
// are skipped. Without a checkpoint (none saved, none readable, or no
// Checkpoints) it reads the stream from the beginning, as before.
//
// With several copies of the service, each watches every game and the
// flag-fall command's idempotency key makes one write land; they share
// the checkpoint (any copy's is right for all).
type Watcher struct {
	Clocks *Clocks
	Follow Follow
	Log    *zap.Logger
	// Checkpoints keeps the checkpoint. When nil and the clocks' store is
	// the events module's (gamelog.EventStore, as `hakem serve`
	// wires it), the watcher opens the bucket CheckpointBucket on that
	// store's JetStream; when that fails, it works without a checkpoint.
	Checkpoints Checkpoints
	// CheckpointEvery is how often a checkpoint is written (only when new
	// events were read); DefaultCheckpointEvery when zero.
	CheckpointEvery time.Duration
	// Tail returns the games' stream's last sequence, to tell when the
	// watcher caught up (logged, and a checkpoint beyond it is ignored).
	// When nil, it is asked of the events module's store as for
	// Checkpoints, or not at all.
	Tail func(ctx context.Context) (uint64, error)
	// Partition is the game partition this watcher follows (Follow reads
	// it): with several, hakem serve runs a watcher per partition, each
	// with a checkpoint of its own ("watcher-<p>").
	Partition int

	mu     sync.Mutex
	games  map[string]*watched
	ctx    context.Context
	closed bool
	// folded is set once the state holds every event up to last (a
	// checkpoint may be written).
	folded bool
	// last is the stream sequence of the last event folded; saved that of
	// the last checkpoint written.
	last, saved uint64
	// read counts the stream's events read since the (re)start from
	// from; loaded the games read whole from their subject.
	from         uint64
	read, loaded int
	tail         uint64
	caughtUp     bool
}

type watched struct {
	timer gameclock.Timer
	alarm *time.Timer
	// version is the game's last event folded (its Seq), hash its hash:
	// an event of the stream that does not chain on it (a message set
	// aside, see gamelog EventStore.Load) makes the watcher read
	// the game again instead of folding it.
	version uint64
	hash    string
	// broken is set when the game's events do not fold (logged once).
	broken bool
}

// newWatched returns a game to watch whose clock keeps no record of
// completed moves: the watcher reads deadlines and ends, never the record
// (PGN export folds the log afresh), which would grow by a press a move
// for every live game.
func newWatched() *watched {
	g := &watched{}
	g.timer.ForgetMoves()
	return g
}

// Run watches until ctx ends. If reading the stream fails (a lost
// connection), it starts again from the checkpoint after a pause.
func (w *Watcher) Run(ctx context.Context) error {
	w.mu.Lock()
	w.ctx = ctx
	w.mu.Unlock()
	w.resolve(ctx)
	defer w.reset(true)
	if w.Checkpoints != nil {
		saving, saved := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			w.saveEvery(ctx, saving)
		}()
		defer func() { saved(); <-done }()
	}
	for {
		w.reset(false)
		from, err := w.resume(ctx)
		for err == nil {
			_, err = w.Follow(ctx, from, w.see)
			var bad *eventstore.UndecodableError
			if !errors.As(err, &bad) {
				break
			}
			// a message published by hand on a game's subject: the game's
			// reads name it; the other games' clocks are watched on
			w.Log.Warn("a message on the games' stream does not decode; set aside", zap.Uint64("stream_seq", bad.StreamSeq), zap.Error(bad.Err))
			from, err = bad.StreamSeq+1, nil
		}
		if ctx.Err() != nil {
			return nil
		}
		w.Log.Warn("following the games' events failed; starting again", zap.Error(err))
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// resolve fills Checkpoints and Tail from the events module's store when
// they are not given.
func (w *Watcher) resolve(ctx context.Context) {
	if w.Clocks == nil {
		return
	}
	st, ok := eventStoreOf(w.Clocks.Store)
	if !ok {
		return
	}
	parts := st.Partitions()
	if w.Tail == nil {
		name := parts.StreamName(w.Partition)
		w.Tail = func(ctx context.Context) (uint64, error) { return streamTail(ctx, st, name) }
	}
	if w.Checkpoints == nil {
		js, err := jetstreamOf(st)
		if err == nil {
			var kv *KVCheckpoints
			if kv, err = OpenKVCheckpoints(ctx, js); err == nil {
				if parts > 1 { // a position in each partition's stream
					kv.Key = fmt.Sprintf("%s-%d", CheckpointKey, w.Partition)
				}
				w.Checkpoints = kv
			}
		}
		if err != nil {
			w.Log.Warn("no checkpoint for the clock watcher: it reads the games' stream from the beginning", zap.Error(err))
		}
	}
}

// resume loads the checkpoint and the games whose clocks ran then, and
// returns the stream sequence to follow from (1 without a checkpoint).
func (w *Watcher) resume(ctx context.Context) (uint64, error) {
	from := uint64(1)
	var tail uint64
	tailKnown := false
	if w.Tail != nil {
		t, err := w.Tail(ctx)
		if err != nil {
			return 0, fmt.Errorf("the games' stream's last sequence: %w", err)
		}
		tail, tailKnown = t, true
	}
	if w.Checkpoints != nil {
		cp, ok, err := w.Checkpoints.Load(ctx)
		switch {
		case err != nil:
			w.Log.Warn("the clock watcher's checkpoint is unreadable; reading the games' stream from the beginning", zap.Error(err))
		case ok && tailKnown && cp.Seq > tail:
			w.Log.Warn("the clock watcher's checkpoint is beyond the games' stream; reading it from the beginning",
				zap.Uint64("checkpoint_seq", cp.Seq), zap.Uint64("stream_seq", tail))
		case ok:
			if err := w.loadRunning(ctx, cp); err != nil {
				if ctx.Err() != nil {
					return 0, err
				}
				w.Log.Warn("the clock watcher's checkpoint's games do not load; reading the games' stream from the beginning", zap.Error(err))
				w.reset(false)
			} else {
				from = cp.Seq + 1
			}
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.from, w.last, w.saved, w.folded = from, from-1, from-1, true
	w.tail, w.caughtUp = tail, !tailKnown
	if tailKnown && tail < from {
		w.caughtUpNow()
	}
	return from, nil
}

// loadRunning reads whole the games the checkpoint lists as running.
func (w *Watcher) loadRunning(ctx context.Context, cp Checkpoint) error {
	for _, id := range cp.Running {
		g, err := w.load(ctx, id)
		if err != nil {
			return err
		}
		w.mu.Lock()
		w.games[id] = g
		w.schedule(id, g)
		w.mu.Unlock()
	}
	w.Log.Info("clock watcher resumes from its checkpoint", zap.Uint64("checkpoint_seq", cp.Seq),
		zap.Int("running", len(cp.Running)), zap.Time("written_at", cp.WrittenAt))
	return nil
}

// load reads a game whole from its subject and folds its clock.
func (w *Watcher) load(ctx context.Context, id string) (*watched, error) {
	recs, _, err := w.Clocks.Store.Load(ctx, id)
	recs, damage, err := gamelog.Loaded(recs, err)
	if damage != nil {
		// watched as of its last good event; its commands are refused
		// until the repair, which the watcher folds like any event
		w.Log.Warn("game's log is damaged; its clock is watched as of the last good event",
			zap.String("game_id", id), zap.Uint64("seq", damage.Seq), zap.String("reason", damage.Reason))
	}
	g := newWatched()
	if errors.Is(err, events.ErrUnknownType) {
		g.broken = true
		w.Log.Error("game's events do not decode; its clock is not watched", zap.String("game_id", id), zap.Error(err))
		return g, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	w.mu.Lock()
	w.loaded++
	w.mu.Unlock()
	for _, r := range recs {
		g.version, g.hash = r.Envelope.Seq, strings.Clone(r.Envelope.Hash)
		if r.Event == nil || g.broken {
			continue
		}
		if err := g.timer.Apply(r.Envelope.RecordedAt, r.Event); err != nil {
			g.broken = true
			w.Log.Error("game's clock does not fold; not watched", zap.String("game_id", id), zap.Error(err))
		}
	}
	return g, nil
}

// reset stops every alarm and forgets the games.
func (w *Watcher) reset(closed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, g := range w.games {
		if g.alarm != nil {
			g.alarm.Stop()
		}
	}
	w.games, w.closed, w.folded = map[string]*watched{}, closed, false
	w.read, w.loaded = 0, 0
}

// Progress is what the watcher read since it last (re)started.
type Progress struct {
	// From is the stream sequence it followed from (1: the beginning;
	// more: the checkpoint's next).
	From uint64
	// Last is the stream sequence of the last event folded.
	Last uint64
	// Read counts the stream's events read; Loaded the games read whole
	// from their own subject (the checkpoint's running clocks, and games
	// met after their first event).
	Read, Loaded int
	// CaughtUp is set once it read up to the stream's last event at the
	// start (when the stream's tail is known).
	CaughtUp bool
}

// Progress returns what the watcher read since it last (re)started.
func (w *Watcher) Progress() Progress {
	w.mu.Lock()
	defer w.mu.Unlock()
	return Progress{From: w.from, Last: w.last, Read: w.read, Loaded: w.loaded, CaughtUp: w.caughtUp}
}

// Running returns how many clocks are watched (for tests and metrics).
func (w *Watcher) Running() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.running())
}

// running lists the games whose deadline is still to come (w.mu held).
func (w *Watcher) running() []string {
	var ids []string
	for id, g := range w.games {
		if g.broken {
			continue
		}
		if _, ok := g.timer.Deadline(); ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// saveEvery writes the checkpoint every CheckpointEvery while ctx lasts,
// and once more when stop ends (a graceful stop).
func (w *Watcher) saveEvery(ctx, stop context.Context) {
	every := w.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			w.save(ctx)
		case <-stop.Done():
			final, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			w.save(final)
			cancel()
			return
		}
	}
}

// save writes the checkpoint if the watcher folded new events since the
// last one.
func (w *Watcher) save(ctx context.Context) {
	w.mu.Lock()
	if !w.folded || w.last == w.saved || w.last == 0 {
		w.mu.Unlock()
		return
	}
	cp := Checkpoint{Seq: w.last, Running: w.running(), WrittenAt: time.Now().UTC()}
	w.mu.Unlock()
	if err := w.Checkpoints.Save(ctx, cp); err != nil {
		if ctx.Err() == nil {
			w.Log.Warn("writing the clock watcher's checkpoint failed", zap.Error(err))
		}
		return
	}
	w.mu.Lock()
	if w.folded && cp.Seq > w.saved {
		w.saved = cp.Seq
	}
	w.mu.Unlock()
	w.Log.Debug("clock watcher checkpoint", zap.Uint64("checkpoint_seq", cp.Seq), zap.Int("running", len(cp.Running)))
}

// caughtUpNow logs that the watcher read the stream up to its last event
// at the start (w.mu held).
func (w *Watcher) caughtUpNow() {
	w.caughtUp = true
	w.Log.Info("clock watcher caught up", zap.Uint64("from_seq", w.from), zap.Uint64("stream_seq", w.tail),
		zap.Int("events_read", w.read), zap.Int("games_loaded", w.loaded), zap.Int("running", len(w.running())))
}

func (w *Watcher) see(r eventstore.Record) error {
	err := w.fold(r)
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		// the event is not folded: no checkpoint until the restart
		w.folded = false
		return err
	}
	if r.StreamSeq > w.last {
		w.last = r.StreamSeq
	}
	w.read++
	if !w.caughtUp && w.last >= w.tail {
		w.caughtUpNow()
	}
	return nil
}

// fold applies one event of the stream to its game's clock; an error is
// a game that could not be read whole.
func (w *Watcher) fold(r eventstore.Record) error {
	id := r.Envelope.Aggregate.ID
	if w.skipMove(id, r.Envelope) {
		return nil
	}
	ev, err := events.Decode(r.Envelope)
	if err != nil {
		if errors.Is(err, events.ErrUnknownType) {
			return nil // another writer's newer event type: not the clock's
		}
		w.Log.Error("undecodable event", zap.String("game_id", id), zap.Uint64("seq", r.Envelope.Seq), zap.Error(err))
		return nil
	}
	w.mu.Lock()
	g, ctx := w.games[id], w.ctx
	stray := g != nil && !g.broken && r.Envelope.Seq > g.version && !chainsOn(g, r.Envelope)
	w.mu.Unlock()
	if stray {
		// not the event after the last one folded (a message set aside,
		// voided by a repair or not yet): the game as its log holds it
		if g, err = w.load(ctx, id); err != nil {
			return err
		}
		w.mu.Lock()
		if old := w.games[id]; old != nil && old.alarm != nil {
			old.alarm.Stop()
		}
		w.games[id] = g
		w.schedule(id, g)
		w.mu.Unlock()
		return nil
	}
	if events.AboutTheLog(r.Envelope.Type) {
		ev = nil // a repair or an attestation: changes nothing in the clock
	}
	if g == nil && r.Envelope.Seq > 1 {
		// the game's history is before the checkpoint, or the game was
		// forgotten at its end: read it whole (up to its last event, so
		// its events that follow in the stream are skipped)
		if g, err = w.load(ctx, id); err != nil {
			return err
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if g == nil {
		g = newWatched()
	}
	w.games[id] = g
	if g.broken || r.Envelope.Seq <= g.version {
		w.schedule(id, g)
		return nil
	}
	g.version, g.hash = r.Envelope.Seq, strings.Clone(r.Envelope.Hash)
	if ev == nil {
		w.schedule(id, g)
		return nil
	}
	if err := g.timer.Apply(r.Envelope.RecordedAt, ev); err != nil {
		g.broken = true
		w.Log.Error("game's clock does not fold; not watched", zap.String("game_id", id), zap.Error(err))
		return nil
	}
	if g.timer.Finished() {
		w.forget(id, g) // ended or annulled: no flag to watch
		return nil
	}
	w.schedule(id, g)
	return nil
}

// movePlayed is the type of the commonest event by far.
var movePlayed = (events.MovePlayed{}).EventType()

// skipMove folds, without decoding it, a move of a game already watched
// whose clock has not started (a game without a time control, or before
// its clock.started): the move only counts the timer's plies, which the
// watcher does not read (it reads the deadline and the end; the clocks
// service decides on its own fold of the log). The event's type is read
// from its envelope; every other event is decoded and folded.
func (w *Watcher) skipMove(id string, e events.Envelope) bool {
	if e.Type != movePlayed {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.games[id]
	if g == nil || g.broken || g.timer.Started() {
		return false
	}
	if e.Seq > g.version {
		if !chainsOn(g, e) {
			return false // fold decides: read the game again
		}
		g.version, g.hash = e.Seq, strings.Clone(e.Hash)
	}
	return true
}

// chainsOn reports whether e is the event after the last one g folded
// (its number and previous hash); a game folded without a hash (before
// hashes were kept) takes any next number.
func chainsOn(g *watched, e events.Envelope) bool {
	return e.Seq == g.version+1 && (g.hash == "" || e.PrevHash == g.hash)
}

// forget stops the game's alarm and drops it (w.mu held).
func (w *Watcher) forget(id string, g *watched) {
	if g.alarm != nil {
		g.alarm.Stop()
	}
	delete(w.games, id)
}

// schedule sets the game's alarm at its deadline (w.mu held).
func (w *Watcher) schedule(id string, g *watched) {
	if g.alarm != nil {
		g.alarm.Stop()
		g.alarm = nil
	}
	at, ok := g.timer.Deadline()
	if !ok || w.closed {
		return
	}
	g.alarm = time.AfterFunc(max(time.Until(at), 0), func() { w.fire(id, 0) })
}

// fire asks for the flag fall to be recorded; an error other than a
// refusal is retried with a growing pause.
func (w *Watcher) fire(id string, failures int) {
	w.mu.Lock()
	ctx, closed := w.ctx, w.closed
	w.mu.Unlock()
	if closed || ctx.Err() != nil {
		return
	}
	o, err := w.Clocks.CheckFlag(ctx, id)
	if err == nil {
		if len(o.Events) > 0 && !o.Repeated {
			w.Log.Info("flag fell", zap.String("game_id", id), zap.Uint64("seq", o.Version))
		}
		return
	}
	var ref *domain.Refusal
	if errors.As(err, &ref) || ctx.Err() != nil {
		return
	}
	w.Log.Warn("recording a flag fall failed; retrying", zap.String("game_id", id), zap.Uint64("failures", uint64(failures)), zap.Error(err))
	pause := min(time.Duration(1<<min(failures, 6))*100*time.Millisecond, 5*time.Second)
	time.AfterFunc(pause, func() { w.fire(id, failures+1) })
}
