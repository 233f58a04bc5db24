package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// StreamChanged is the refusal of an append into a stream whose
// configuration is no longer the one the store started on (StreamGuard):
// its limits, retention or deny flags were edited, or it was deleted or
// recreated. Nothing is appended into a stream that may trim or lose it.
type StreamChanged struct {
	Stream string
	Reason string
}

// Error implements error.
func (e *StreamChanged) Error() string {
	return fmt.Sprintf("events: stream %s changed: %s; writes are refused until it is put back (hakem provision as the NATS admin) and hakem serve restarted", e.Stream, e.Reason)
}

// StreamGuard watches the streams of the event log (and, when they exist,
// the sealed-log bucket and the checkpoints' stream): Check compares each
// one's configuration with the one it found at its first Check (what the
// store created or bound to) and remembers every change for good; Allow,
// the store's Config.Guard, then refuses the appends into a changed event
// stream. The zero StreamGuard is ready; Check needs JS set.
type StreamGuard struct {
	// JS reads the streams' configurations.
	JS jetstream.JetStream
	// Extra names more streams to watch when they exist (their changes
	// are reported by Check and OK, and refuse no append).
	Extra []string

	mu       sync.RWMutex
	baseline map[string]*jetstream.StreamInfo
	changed  map[string]string // stream: what changed, for good
}

// Allow is Config.Guard: a *StreamChanged when the stream of kind k
// changed since the guard's first Check.
func (g *StreamGuard) Allow(k Kind) error {
	g.mu.RLock()
	defer g.mu.RUnlock()
	name := k.StreamName()
	if why, bad := g.changed[name]; bad {
		return &StreamChanged{Stream: name, Reason: why}
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
	for s, why := range g.changed {
		out = append(out, StreamChanged{Stream: s, Reason: why})
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
// first Check records it). It returns the changes found by this Check
// (not those already known); an error is a failed read, not a change.
func (g *StreamGuard) Check(ctx context.Context) ([]StreamChanged, error) {
	names := make([]string, 0, len(Kinds())+len(g.Extra))
	for _, k := range Kinds() {
		names = append(names, k.StreamName())
	}
	names = append(names, g.Extra...)
	var found []StreamChanged
	for i, name := range names {
		event := i < len(Kinds())
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
		if g.baseline == nil {
			g.baseline, g.changed = map[string]*jetstream.StreamInfo{}, map[string]string{}
		}
		base, known := g.baseline[name]
		var why string
		switch {
		case !known && info == nil && event:
			why = "it does not exist"
		case !known && info != nil:
			g.baseline[name] = info
		case known && info == nil:
			why = "it was deleted"
		case known:
			why = configChange(base, info, event)
		}
		if _, already := g.changed[name]; why != "" && !already {
			g.changed[name] = why
			found = append(found, StreamChanged{Stream: name, Reason: why})
		}
		g.mu.Unlock()
	}
	return found, nil
}

// configChange says how now differs from was, in what keeps a log whole
// ("" when nothing does).
func configChange(was, now *jetstream.StreamInfo, event bool) string {
	a, b := was.Config, now.Config
	if !now.Created.Equal(was.Created) {
		return fmt.Sprintf("it was deleted and created again (created %s, was %s)", now.Created.UTC().Format(time.RFC3339), was.Created.UTC().Format(time.RFC3339))
	}
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
			return fmt.Sprintf("%s is %v, was %v", c.what, c.now, c.was)
		}
	}
	// an event stream keeps every message: its first one never moves (a
	// bucket's, which keeps the last value of a key, does)
	if event && now.State.FirstSeq > was.State.FirstSeq && was.State.Msgs > 0 {
		return fmt.Sprintf("its first message is now seq %d, was %d (messages removed)", now.State.FirstSeq, was.State.FirstSeq)
	}
	return ""
}

// asJSON is v as JSON, for comparing optional parts of a configuration.
func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
