package eventstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// GameStreamsOn returns the names of the game streams the server holds
// (GAMES and GAMES_<p>), and how many messages each holds.
func GameStreamsOn(ctx context.Context, js jetstream.JetStream) (map[string]uint64, error) {
	out := map[string]uint64{}
	names := js.StreamNames(ctx)
	var found []string
	for name := range names.Name() {
		if isGameStream(name) {
			found = append(found, name)
		}
	}
	if err := names.Err(); err != nil && !errors.Is(err, jetstream.ErrEndOfData) {
		return nil, fmt.Errorf("events: listing streams: %w", err)
	}
	for _, name := range found {
		s, err := js.Stream(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("events: stream %s: %w", name, err)
		}
		out[name] = s.CachedInfo().State.Msgs
	}
	return out, nil
}

// isGameStream reports whether name is GAMES or GAMES_<p>.
func isGameStream(name string) bool {
	if name == events.KindGame.StreamName() {
		return true
	}
	rest, ok := strings.CutPrefix(name, events.KindGame.StreamName()+"_")
	if !ok {
		return false
	}
	p, err := strconv.Atoi(rest)
	return err == nil && p >= 0 && strconv.Itoa(p) == rest
}

// checkPartitioning refuses a server whose game streams hold events in
// another layout than n partitions: with one partition, a GAMES_0; with N,
// a GAMES that holds events (not yet migrated) or a GAMES_<N> (a larger
// count). It reads stream information only, which every service user may.
// Streams the store is about to create are no mismatch, so an empty server
// takes any count.
func checkPartitioning(ctx context.Context, js jetstream.JetStream, n events.GamePartitions) error {
	msgsOf := func(name string) (uint64, bool, error) {
		s, err := js.Stream(ctx, name)
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			return 0, false, nil
		}
		if err != nil {
			return 0, false, fmt.Errorf("events: stream %s: %w", name, err)
		}
		return s.CachedInfo().State.Msgs, true, nil
	}
	if n <= 1 {
		other := events.GamePartitions(2).StreamName(0)
		if _, found, err := msgsOf(other); err != nil || found {
			if err != nil {
				return err
			}
			return fmt.Errorf("%w: the server holds %s but the store is configured with 1 partition (HAKEM_GAME_PARTITIONS)", ErrPartitionMismatch, other)
		}
		return nil
	}
	msgs, _, err := msgsOf(events.KindGame.StreamName())
	if err != nil {
		return err
	}
	if msgs > 0 {
		return fmt.Errorf("%w: the server's single stream GAMES holds %d events but the store is configured with %d partitions: run hakem migrate partitions %d on the stopped server's folder first",
			ErrPartitionMismatch, msgs, int(n), int(n))
	}
	beyond := (n + 1).StreamName(int(n))
	if _, found, err := msgsOf(beyond); err != nil || found {
		if err != nil {
			return err
		}
		return fmt.Errorf("%w: the server holds %s but the store is configured with %d partitions (HAKEM_GAME_PARTITIONS)", ErrPartitionMismatch, beyond, int(n))
	}
	return nil
}

// DetectPartitions returns the game partition count of the streams a
// server holds: N when GAMES_0 .. GAMES_{N-1} exist, 1 otherwise (GAMES,
// or nothing yet). A reader of someone else's server (hakem audit) opens
// its store with it.
func DetectPartitions(ctx context.Context, js jetstream.JetStream) (events.GamePartitions, error) {
	n := events.GamePartitions(0)
	for n < events.MaxGamePartitions {
		_, err := js.Stream(ctx, (n + 2).StreamName(int(n)))
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			break
		}
		if err != nil {
			return 0, fmt.Errorf("events: stream %s: %w", (n + 2).StreamName(int(n)), err)
		}
		n++
	}
	if n <= 1 {
		return events.SinglePartition, nil
	}
	return n, nil
}

// ReadEvery calls fn for every event of every stream of kind, from the
// beginning up to each stream's end when it is read: TOURNAMENTS, or each
// game partition in turn (the stream order within a partition; none
// across them).
func (s *Store) ReadEvery(ctx context.Context, kind events.Kind, fn func(Record) error) error {
	if kind != events.KindGame {
		_, err := s.Read(ctx, kind, 1, fn)
		return err
	}
	for p := 0; p < int(s.cfg.Partitions); p++ {
		if _, err := s.ReadPartition(ctx, p, 1, fn); err != nil {
			return err
		}
	}
	return nil
}
