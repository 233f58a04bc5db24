// Package standby keeps a second machine ready to take over an event: its
// embedded JetStream server follows the primary's as a leaf node, and each
// of its streams is a JetStream mirror of the primary's stream of the same
// name (hakem serve --standby). The standby serves the reads and refuses
// every write; Promote turns the mirrors into the primary's normal streams
// (a stream update that removes the mirror), after which the process runs
// as the primary.
//
// A mirror is asynchronous: the primary acknowledges an event once it is
// in its own stream, and the mirror copies it a moment later. What the
// standby lacks when the primary dies is its lag at that moment (Status).
package standby

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// Streams names every stream hakem serve makes on its embedded server
// (wiring.Provision and eventstore.Open): the event streams, the sealed-log
// bucket, the poison queue, the checkpoints and the clock watcher's
// checkpoint bucket. A standby mirrors each. parts is the primary's game
// partition count: its game streams are GAMES or GAMES_0 .. GAMES_{N-1}.
func Streams(parts events.GamePartitions) []string {
	out := parts.AllStreams()
	return append(out, "KV_HAKEM_SEALED", wiring.PoisonTopic, events.CheckpointStream, "KV_"+wiring.ClockWatchBucket)
}

// MirrorConfig is the configuration of the standby's stream name: a mirror
// of the primary's stream of that name, reached through the primary's
// JetStream domain, with direct gets (the reads); a bucket's keeps one
// value per key, as the primary's buckets do (and as a key-value binding
// requires).
func MirrorConfig(name, domain string) jetstream.StreamConfig {
	perSubject := int64(0)
	if strings.HasPrefix(name, "KV_") {
		perSubject = 1
	}
	return jetstream.StreamConfig{
		MaxMsgsPerSubject: perSubject,
		Name:              name,
		Description:       "Hakem standby: mirror of the primary's " + name,
		Storage:           jetstream.FileStorage,
		Replicas:          1,
		AllowDirect:       true,
		Mirror:            &jetstream.StreamSource{Name: name, Domain: domain},
	}
}

// ErrNotMirror is returned by CreateMirrors when a stream of the data
// folder is not a mirror: the folder was a primary's (or a promoted
// standby's).
var ErrNotMirror = errors.New("standby: the data folder holds a stream that is not a mirror")

// CreateMirrors makes, through admin (a connection as the standby's own
// NATS admin user), the mirror of every stream of Streams that does not
// exist yet; an existing one must already be that mirror.
func CreateMirrors(ctx context.Context, admin *nats.Conn, domain string, parts events.GamePartitions) ([]string, error) {
	js, err := jetstream.New(admin)
	if err != nil {
		return nil, err
	}
	var made []string
	for _, name := range Streams(parts) {
		s, err := js.Stream(ctx, name)
		switch {
		case err == nil:
			if m := s.CachedInfo().Config.Mirror; m == nil || m.Name != name {
				return made, fmt.Errorf("%w: stream %s; a standby starts on a fresh data folder (or on its own, never on a primary's)", ErrNotMirror, name)
			}
			continue
		case !errors.Is(err, jetstream.ErrStreamNotFound):
			return made, fmt.Errorf("standby: stream %s: %w", name, err)
		}
		if _, err := js.CreateStream(ctx, MirrorConfig(name, domain)); err != nil {
			return made, fmt.Errorf("standby: mirror %s: %w", name, err)
		}
		made = append(made, name)
	}
	return made, nil
}

// Promote turns the standby's mirrors into the primary's normal streams,
// through admin: wiring.Provision updates each stream to the configuration
// hakem serve gives it, which has no mirror (JetStream then stops the
// mirror and keeps every message), and makes the consumer groups; then no
// stream may still be a mirror. It returns each stream's last sequence.
func Promote(ctx context.Context, admin *nats.Conn, replicas int, parts events.GamePartitions, log *zap.Logger) (map[string]uint64, error) {
	if _, err := wiring.Provision(ctx, admin, replicas, parts, log); err != nil {
		return nil, fmt.Errorf("standby: promote: %w", err)
	}
	js, err := jetstream.New(admin)
	if err != nil {
		return nil, err
	}
	last := map[string]uint64{}
	for _, name := range Streams(parts) {
		s, err := js.Stream(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("standby: promote: stream %s: %w", name, err)
		}
		info := s.CachedInfo()
		if info.Config.Mirror != nil {
			return nil, fmt.Errorf("standby: promote: stream %s is still a mirror", name)
		}
		last[name] = info.State.LastSeq
	}
	return last, nil
}
