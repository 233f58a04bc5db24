package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// StreamChanged is the refusal of an append into a stream whose
// configuration is no longer the one the store started on (StreamGuard):
// its limits, retention or deny flags were edited, or it was deleted or
// recreated. Nothing is appended into a stream that may trim or lose it.
type StreamChanged struct {
	Stream string
	Reason string
	// Lost: the stream lost messages (it was deleted, recreated or
	// trimmed), which no edit of its configuration gives back: writes stay
	// refused until hakem serve is restarted on a stream restored whole.
	Lost bool
	// Restored (only in what Check returns): the stream's configuration is
	// the expected one again and nothing was lost, so its writes are
	// allowed again.
	Restored bool
}

// Error implements error.
func (e *StreamChanged) Error() string {
	if e.Lost {
		return fmt.Sprintf("events: stream %s changed: %s; writes are refused until the stream is restored whole (from a backup) and hakem serve restarted", e.Stream, e.Reason)
	}
	return fmt.Sprintf("events: stream %s changed: %s; writes are refused until its configuration is put back (hakem provision as the NATS admin), which the stream guard sees at its next check", e.Stream, e.Reason)
}

// StreamGuard watches the streams of the event log (and, when they exist,
// the sealed-log bucket and the checkpoints' stream): Check compares each
// one's configuration with the one it found at its first Check (what the
// store created or bound to); Allow, the store's Config.Guard, refuses the
// appends into a changed event stream until a later Check finds its
// configuration put back with no message lost. A stream that lost messages
// (deleted, recreated, trimmed) stays refused for good. The zero
// StreamGuard is ready; Check needs JS set.
type StreamGuard struct {
	// JS reads the streams' configurations.
	JS jetstream.JetStream
	// Extra names more streams to watch when they exist (their changes
	// are reported by Check and OK, and refuse no append).
	Extra []string
	// Partitions is the store's game partition count (0 or 1: the one
	// stream GAMES): every partition's stream is watched, and a change
	// to any of them refuses the appends of every game.
	Partitions events.GamePartitions

	mu       sync.RWMutex
	baseline map[string]*jetstream.StreamInfo
	changed  map[string]StreamChanged // stream: what changed, until put back
}

// Allow is Config.Guard: a *StreamChanged when the stream of kind k
// changed since the guard's first Check.
func (g *StreamGuard) Allow(k events.Kind) error {
	g.mu.RLock()
	defer g.mu.RUnlock()
	for _, name := range g.Partitions.Streams(k) {
		if c, bad := g.changed[name]; bad {
			return &c
		}
	}
	return nil
}

// OK reports whether no watched stream has changed.
func (g *StreamGuard) OK() bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return len(g.changed) == 0
}

// Changed lists the changed streams with what changed, sorted by name.
func (g *StreamGuard) Changed() []StreamChanged {
	g.mu.RLock()
	defer g.mu.RUnlock()
	var out []StreamChanged
	for _, c := range g.changed {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b StreamChanged) int {
		if a.Stream < b.Stream {
			return -1
		}
		if a.Stream > b.Stream {
			return 1
		}
		return 0
	})
	return out
}

// Check reads every watched stream and compares it with its baseline (the
// first Check records it). It returns what this Check found new: a change
// (or a change of what changed), and with Restored set each changed stream
// whose configuration is the expected one again with nothing lost, which
// Allow lets be written again. An error is a failed read, not a change.
func (g *StreamGuard) Check(ctx context.Context) ([]StreamChanged, error) {
	names := g.Partitions.AllStreams()
	eventStreams := len(names)
	names = append(names, g.Extra...)
	var found []StreamChanged
	for i, name := range names {
		event := i < eventStreams
		s, err := g.JS.Stream(ctx, name)
		var info *jetstream.StreamInfo
		switch {
		case errors.Is(err, jetstream.ErrStreamNotFound):
		case err != nil:
			return found, fmt.Errorf("events: stream guard: %s: %w", name, err)
		default:
			info = s.CachedInfo()
		}
		g.mu.Lock()
		if c, ok := g.compare(name, info, event); ok {
			found = append(found, c)
		}
		g.mu.Unlock()
	}
	return found, nil
}

// compare records what info says of the stream name against its baseline
// and reports what is new (g.mu held).
func (g *StreamGuard) compare(name string, info *jetstream.StreamInfo, event bool) (StreamChanged, bool) {
	if g.baseline == nil {
		g.baseline, g.changed = map[string]*jetstream.StreamInfo{}, map[string]StreamChanged{}
	}
	base, known := g.baseline[name]
	now := StreamChanged{Stream: name}
	switch {
	case !known && info == nil && event:
		now.Reason, now.Lost = "it does not exist", true
	case !known && info != nil:
		g.baseline[name] = info
	case known && info == nil:
		now.Reason, now.Lost = "it was deleted", true
	case known:
		now.Reason, now.Lost = configChange(base, info, event)
	}
	was, changed := g.changed[name]
	switch {
	case changed && was.Lost: // nothing gives lost messages back
		return StreamChanged{}, false
	case now.Reason == "" && changed:
		delete(g.changed, name)
		return StreamChanged{Stream: name, Reason: "its configuration is the expected one again", Restored: true}, true
	case now.Reason != "" && (!changed || was.Reason != now.Reason):
		g.changed[name] = now
		return now, true
	}
	return StreamChanged{}, false
}

// configChange says how now differs from was, in what keeps a log whole
// ("" when nothing does), and whether messages were lost (the stream was
// recreated or messages removed), which no edit gives back.
func configChange(was, now *jetstream.StreamInfo, event bool) (string, bool) {
	a, b := was.Config, now.Config
	if !now.Created.Equal(was.Created) {
		return fmt.Sprintf("it was deleted and created again (created %s, was %s)", now.Created.UTC().Format(time.RFC3339), was.Created.UTC().Format(time.RFC3339)), true
	}
	// an event stream keeps every message: its first one never moves and
	// no gap opens between its first and last (a bucket's, which keeps the
	// last value of a key, does both)
	var lost string
	switch {
	case event && now.State.Msgs > 0 && now.State.FirstSeq > firstSeq(was.State):
		lost = fmt.Sprintf("its first message is now seq %d, was %d (messages removed)", now.State.FirstSeq, firstSeq(was.State))
	case event && gaps(now.State) > gaps(was.State):
		lost = fmt.Sprintf("%d messages removed from between its first and last", gaps(now.State)-gaps(was.State))
	}
	var edit string
	for _, c := range []struct {
		what     string
		was, now any
	}{
		{"max_msgs_per_subject", a.MaxMsgsPerSubject, b.MaxMsgsPerSubject},
		{"max_msgs", a.MaxMsgs, b.MaxMsgs},
		{"max_bytes", a.MaxBytes, b.MaxBytes},
		{"max_age", a.MaxAge, b.MaxAge},
		{"max_msg_size", a.MaxMsgSize, b.MaxMsgSize},
		{"deny_delete", a.DenyDelete, b.DenyDelete},
		{"deny_purge", a.DenyPurge, b.DenyPurge},
		{"retention", a.Retention, b.Retention},
		{"discard", a.Discard, b.Discard},
		{"storage", a.Storage, b.Storage},
		{"subjects", fmt.Sprint(a.Subjects), fmt.Sprint(b.Subjects)},
		{"subject_transform", asJSON(a.SubjectTransform), asJSON(b.SubjectTransform)},
		{"republish", asJSON(a.RePublish), asJSON(b.RePublish)},
		{"sealed", a.Sealed, b.Sealed},
	} {
		if c.was != c.now {
			edit = fmt.Sprintf("%s is %v, was %v", c.what, c.now, c.was)
			break
		}
	}
	switch {
	case edit != "" && lost != "":
		return edit + "; " + lost, true
	case lost != "":
		return lost, true
	}
	return edit, false
}

// firstSeq is the sequence of a stream's first message, or of the next
// one when it holds none.
func firstSeq(s jetstream.StreamState) uint64 {
	if s.Msgs == 0 {
		return s.LastSeq + 1
	}
	return s.FirstSeq
}

// gaps counts the sequences between a stream's first and last message
// that hold none (removed messages).
func gaps(s jetstream.StreamState) uint64 {
	if s.Msgs == 0 || s.LastSeq < s.FirstSeq {
		return 0
	}
	return s.LastSeq - s.FirstSeq + 1 - s.Msgs
}

// asJSON is v as JSON, for comparing optional parts of a configuration.
func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
