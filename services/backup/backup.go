// Package backup takes a consistent copy of a running Hakem's event log
// while the event goes on, and brings it back into a fresh data folder.
//
// A backup is a folder (or a tar file of one) holding one JetStream stream
// snapshot per stream of the server (the event streams, the key-value
// buckets of sealed logs and clock checkpoints, the poison stream), taken
// by the server itself at one instant per stream, not a copy of files in
// use, and manifest.json, which names each stream's last sequence in the
// copy and the acknowledgement floor of every durable consumer group read
// before the first snapshot. A restore creates every stream from its
// snapshot and moves each consumer group back to that floor: the streams
// are snapshotted one after another, so an event one group handled after
// the backup began may have had its effect written into a stream copied
// before; handled again after the restore, it is recorded once (every
// handler is idempotent, keyed by the event), so nothing a consumer
// group owes is skipped.
package backup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ManifestFile is the name of the manifest in a backup.
const ManifestFile = "manifest.json"

// FormatVersion is the manifest's format.
const FormatVersion = 1

// Manifest describes a backup.
type Manifest struct {
	Format int `json:"format"`
	// Taken is when the backup began (the consumer floors' instant) and
	// Finished when its last snapshot was written.
	Taken    time.Time `json:"taken"`
	Finished time.Time `json:"finished"`
	Streams  []Stream  `json:"streams"`
	// Keyring is the file of the writers' public keys in the backup
	// (events.KeyringFile; "" when the backup was taken without them).
	Keyring string `json:"keyring,omitempty"`
}

// Stream is one stream's snapshot in a backup.
type Stream struct {
	Name string `json:"name"`
	// File is the snapshot's file name in the backup.
	File  string `json:"file"`
	Bytes int64  `json:"bytes"`
	// FirstSeq, LastSeq and Messages are the stream's at its snapshot:
	// every event up to LastSeq is in the backup.
	FirstSeq uint64 `json:"first_seq"`
	LastSeq  uint64 `json:"last_seq"`
	Messages uint64 `json:"messages"`
	// Consumers are the durable consumers' acknowledgement floors (stream
	// sequences) before the first snapshot of the backup.
	Consumers []Consumer `json:"consumers,omitempty"`
	// Config and State are the server's, handed back at a restore.
	Config json.RawMessage `json:"config"`
	State  json.RawMessage `json:"state"`
}

// Consumer is a durable consumer's acknowledgement floor.
type Consumer struct {
	Name     string `json:"name"`
	AckFloor uint64 `json:"ack_floor"`
}

// Progress, if not nil, is told what is being copied: the stream and the
// bytes so far (done once the stream is complete).
type Progress func(stream string, bytes int64, done bool)

// Take writes a backup of every stream of the server nc is connected to
// into dir, which must not exist or be empty. Mirrors (a standby's copies)
// are left out.
func Take(ctx context.Context, nc *nats.Conn, dir string, progress Progress) (Manifest, error) {
	return TakeWithKeys(ctx, nc, dir, "", progress)
}

// TakeWithKeys is Take with the keyring (the writers' public keys, never
// their private keys) of the server's keys folder keysDir copied into the
// backup, when keysDir is not "": a restored folder then verifies the
// signatures of its events (RestoreKeys).
func TakeWithKeys(ctx context.Context, nc *nats.Conn, dir, keysDir string, progress Progress) (Manifest, error) {
	if err := emptyFolder(dir); err != nil {
		return Manifest{}, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return Manifest{}, err
	}
	m := Manifest{Format: FormatVersion, Taken: time.Now().UTC()}
	var names []string
	lister := js.ListStreams(ctx)
	for info := range lister.Info() {
		if info.Config.Mirror != nil {
			continue
		}
		names = append(names, info.Config.Name)
	}
	if err := lister.Err(); err != nil {
		return Manifest{}, fmt.Errorf("listing the streams: %w", err)
	}
	slices.Sort(names)
	// the floors first, before any stream is copied (see the package doc)
	for _, name := range names {
		floors, err := consumerFloors(ctx, js, name)
		if err != nil {
			return Manifest{}, err
		}
		m.Streams = append(m.Streams, Stream{Name: name, File: name + ".snapshot", Consumers: floors})
	}
	for i := range m.Streams {
		if err := snapshotInto(ctx, nc, dir, &m.Streams[i], progress); err != nil {
			return Manifest{}, err
		}
	}
	if keysDir != "" {
		if err := copyKeyring(dir, keysDir); err != nil {
			return Manifest{}, err
		}
		m.Keyring = events.KeyringFile
	}
	m.Finished = time.Now().UTC()
	if err := writeManifest(dir, m); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// consumerFloors lists the acknowledgement floors of stream's durable
// consumers.
func consumerFloors(ctx context.Context, js jetstream.JetStream, stream string) ([]Consumer, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", stream, err)
	}
	var out []Consumer
	lister := s.ListConsumers(ctx)
	for info := range lister.Info() {
		if info.Config.Durable == "" {
			continue
		}
		out = append(out, Consumer{Name: info.Name, AckFloor: info.AckFloor.Stream})
	}
	if err := lister.Err(); err != nil {
		return nil, fmt.Errorf("consumers of %s: %w", stream, err)
	}
	slices.SortFunc(out, func(a, b Consumer) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// snapshotInto writes s's snapshot into dir and fills in what the server
// says of it.
func snapshotInto(ctx context.Context, nc *nats.Conn, dir string, s *Stream, progress Progress) error {
	f, err := os.OpenFile(filepath.Join(dir, s.File), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	report := func(n int64) {
		if progress != nil {
			progress(s.Name, n, false)
		}
	}
	got, err := snapshotStream(ctx, nc, s.Name, f, report)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	info, err := os.Stat(f.Name())
	if err != nil {
		return err
	}
	var state struct {
		Msgs     uint64 `json:"messages"`
		FirstSeq uint64 `json:"first_seq"`
		LastSeq  uint64 `json:"last_seq"`
	}
	if err := json.Unmarshal(got.State, &state); err != nil {
		return fmt.Errorf("snapshot of %s: state %s: %w", s.Name, got.State, err)
	}
	s.Bytes, s.Messages, s.FirstSeq, s.LastSeq = info.Size(), state.Msgs, state.FirstSeq, state.LastSeq
	s.Config, s.State = got.Config, got.State
	if progress != nil {
		progress(s.Name, s.Bytes, true)
	}
	return nil
}

// writeManifest writes m into dir, synced.
func writeManifest(dir string, m Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, ManifestFile), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadManifest reads the manifest of the backup in dir.
func ReadManifest(dir string) (Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return Manifest{}, fmt.Errorf("not a complete backup (no %s): %w", ManifestFile, err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return Manifest{}, fmt.Errorf("%s: %w", ManifestFile, err)
	}
	if m.Format != FormatVersion {
		return Manifest{}, fmt.Errorf("%s: format %d, this hakem reads format %d", ManifestFile, m.Format, FormatVersion)
	}
	if m.Keyring != "" && (m.Keyring != filepath.Base(m.Keyring) || m.Keyring == ManifestFile) {
		return Manifest{}, fmt.Errorf("%s: keyring %q: not a file of the backup", ManifestFile, m.Keyring)
	}
	for _, s := range m.Streams {
		if s.Name == "" || s.File != filepath.Base(s.File) || len(s.Config) == 0 {
			return Manifest{}, fmt.Errorf("%s: stream %q: incomplete entry", ManifestFile, s.Name)
		}
	}
	return m, nil
}

// Restore creates every stream of the backup in dir on the server nc is
// connected to (none of them may exist there), then moves each durable
// consumer back to its floor at the backup's start.
func Restore(ctx context.Context, nc *nats.Conn, dir string, progress Progress) (Manifest, error) {
	return RestoreReplicas(ctx, nc, dir, 0, progress)
}

// RestoreReplicas is Restore with every stream given replicas replicas
// (0 keeps the backup's): a backup of a 3-replica cluster restores into a
// single server with 1.
func RestoreReplicas(ctx context.Context, nc *nats.Conn, dir string, replicas int, progress Progress) (Manifest, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return Manifest{}, err
	}
	for i, s := range m.Streams {
		if replicas > 0 {
			if m.Streams[i].Config, err = withReplicas(s.Config, replicas); err != nil {
				return Manifest{}, fmt.Errorf("stream %s: %w", s.Name, err)
			}
		}
	}
	for _, s := range m.Streams {
		if err := restoreFrom(ctx, nc, dir, s, progress); err != nil {
			return Manifest{}, err
		}
	}
	for _, s := range m.Streams {
		for _, c := range s.Consumers {
			err := resetConsumer(ctx, nc, s.Name, c.Name, c.AckFloor+1)
			var api *apiError
			if errors.As(err, &api) && api.Code == 404 {
				continue // deleted while the backup was taken
			}
			if err != nil {
				return Manifest{}, fmt.Errorf("consumer %s of %s: %w", c.Name, s.Name, err)
			}
		}
	}
	return m, nil
}

// withReplicas is the stream configuration config with num_replicas set.
func withReplicas(config json.RawMessage, replicas int) (json.RawMessage, error) {
	var c map[string]json.RawMessage
	if err := json.Unmarshal(config, &c); err != nil {
		return nil, err
	}
	c["num_replicas"] = json.RawMessage(fmt.Sprint(replicas))
	return json.Marshal(c)
}

// restoreFrom restores one stream from its snapshot file.
func restoreFrom(ctx context.Context, nc *nats.Conn, dir string, s Stream, progress Progress) error {
	f, err := os.Open(filepath.Join(dir, s.File))
	if err != nil {
		return err
	}
	defer f.Close()
	report := func(n int64) {
		if progress != nil {
			progress(s.Name, n, false)
		}
	}
	if err := restoreStream(ctx, nc, s.Name, snapshotted{Config: s.Config, State: s.State}, f, report); err != nil {
		return err
	}
	if progress != nil {
		progress(s.Name, s.Bytes, true)
	}
	return nil
}

// emptyFolder makes dir, or checks that it is empty.
func emptyFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Readdirnames(1); !errors.Is(err, io.EOF) {
		if err == nil {
			return fmt.Errorf("%s is not empty: a backup goes into a new folder", dir)
		}
		return err
	}
	return nil
}
