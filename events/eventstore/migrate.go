package eventstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// MigrationProgress is how far MigratePartitions has come: Read of Total
// events of the single stream read, Copied of them appended to the
// partitions by this run (the others were there already), Games seen.
type MigrationProgress struct {
	Read, Total, Copied uint64
	Games               int
}

// MigrationReport is what MigratePartitions did.
type MigrationReport struct {
	MigrationProgress
	// AlreadyDone: the server held no single stream GAMES, only the N
	// partitions: an earlier run finished.
	AlreadyDone bool
	// Resealed counts the finished games whose sealed copy was made
	// again from their partition (the old copy names stream sequences of
	// GAMES and would no longer be used).
	Resealed int
}

// MigratePartitions moves the games of a server's single stream GAMES into
// cfg.Partitions partition streams (GAMES_0 .. GAMES_{N-1}), offline: no
// service may write meanwhile (hakem migrate partitions runs it on a
// stopped server's data folder). Each command is appended to its game's
// partition as it was (the same envelopes, hashes and signatures, one
// atomic batch per command, the expected-sequence headers of the new
// stream), so a game's log is the same log; only stream sequences change.
//
// It is resumable and idempotent: a game's partition head says which of
// its events are there already (an atomic batch lands whole or not at
// all), so a run killed at any point and run again copies each event once.
// When every game's head in its partition equals its head in GAMES and the
// partitions hold as many events as GAMES, the sealed copies are made again
// and GAMES is deleted; until then nothing is removed. A server already
// migrated to this count reports AlreadyDone. A message of GAMES that is
// not an event (damage set aside by a repair) stops the migration with an
// error naming it.
func MigratePartitions(ctx context.Context, nc *nats.Conn, cfg Config, progress func(MigrationProgress)) (MigrationReport, error) {
	cfg.defaults()
	var rep MigrationReport
	n := cfg.Partitions
	if n < 2 || n.Valid() != nil {
		return rep, fmt.Errorf("events: migrate to %d partitions: want 2..%d", int(n), int(events.MaxGamePartitions))
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return rep, err
	}
	single := events.KindGame.StreamName()
	src, err := js.Stream(ctx, single)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		// Done earlier, or another layout: Open says which.
		if err := checkPartitioning(ctx, js, n); err != nil {
			return rep, err
		}
		if _, err := js.Stream(ctx, n.StreamName(0)); err != nil {
			return rep, fmt.Errorf("events: migrate: the server holds neither GAMES nor %s: %w", n.StreamName(0), err)
		}
		rep.AlreadyDone = true
		return rep, nil
	}
	if err != nil {
		return rep, fmt.Errorf("events: migrate: stream %s: %w", single, err)
	}
	if beyond := (n + 1).StreamName(int(n)); streamExists(ctx, js, beyond) {
		return rep, fmt.Errorf("%w: the server holds %s: it was being migrated to more than %d partitions", ErrPartitionMismatch, beyond, int(n))
	}
	info, err := src.Info(ctx)
	if err != nil {
		return rep, err
	}
	rep.Total = info.State.Msgs
	cfg.Replicas = info.Config.Replicas
	cfg.DuplicateWindow = info.Config.Duplicates
	for _, sc := range StreamConfigs(cfg)[1:] {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return rep, fmt.Errorf("events: migrate: stream %s: %w", sc.Name, err)
		}
	}
	kv, err := js.KeyValue(ctx, cfg.SealBucket)
	if err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) {
		return rep, fmt.Errorf("events: migrate: bucket %s: %w", cfg.SealBucket, err)
	}
	from := &Store{nc: nc, js: js, kv: kv, cfg: cfg}
	from.cfg.Partitions = events.SinglePartition
	to := &Store{nc: nc, js: js, kv: kv, cfg: cfg}
	// Two games of one partition may carry the same idempotency key (a
	// key is unique per game, and GAMES forgot ids after its window): the
	// copy's message ids name the game too.
	to.msgID = func(agg events.Aggregate, key string) string { return agg.ID + "/" + key }

	heads := map[string]events.Head{} // a game's head in its partition
	var cmd []events.Envelope
	var last stored
	flush := func() error {
		agg := cmd[0].Aggregate
		h := heads[agg.ID]
		_, nh, err := to.AppendEnvelopes(ctx, h, cmd)
		if err != nil {
			return fmt.Errorf("events: migrate: %s, versions %d..%d: %w", agg, cmd[0].Seq, cmd[len(cmd)-1].Seq, err)
		}
		heads[agg.ID] = nh
		rep.Copied += uint64(len(cmd))
		cmd = cmd[:0]
		return nil
	}
	err = from.scan(ctx, single, events.KindGame.Subjects(), 1, info.State.LastSeq, func(st stored) error {
		rep.Read++
		if progress != nil && rep.Read%100 == 0 {
			progress(rep.MigrationProgress)
		}
		agg := st.env.Aggregate
		h, seen := heads[agg.ID]
		if !seen {
			rep.Games++
			tip, found, err := to.leaderTip(ctx, agg)
			if err != nil {
				return fmt.Errorf("events: migrate: %s's head in %s: %w", agg, n.Stream(agg), err)
			}
			if found {
				h = headOf(tip)
			}
			heads[agg.ID] = h
		}
		if st.env.Seq <= h.Version {
			return nil // copied by an earlier run
		}
		if st.index == 0 {
			cmd = cmd[:0]
		} else if len(cmd) != st.index || cmd[0].Aggregate != agg {
			return fmt.Errorf("events: migrate: %s stream seq %d is event %d of a command whose first events were not read before it", agg, st.seq, st.index)
		}
		cmd = append(cmd, st.env)
		last = st
		if st.index == st.count-1 {
			return flush()
		}
		return nil
	})
	if err != nil {
		return rep, err
	}
	if len(cmd) > 0 {
		return rep, fmt.Errorf("events: migrate: the command at stream seq %d of %s is incomplete in GAMES", last.seq, last.env.Aggregate)
	}
	if progress != nil {
		progress(rep.MigrationProgress)
	}
	if err := checkMigrated(ctx, js, from, to, n, heads, rep.Total); err != nil {
		return rep, err
	}
	if kv != nil {
		for id := range heads {
			if _, err := kv.Get(ctx, sealKey(events.Game(id))); err != nil {
				continue // not sealed (or already resealed and then the run was killed: Load falls back to the stream)
			}
			if _, err := to.Seal(ctx, events.Game(id)); err != nil {
				return rep, fmt.Errorf("events: migrate: sealing %s again: %w", events.Game(id), err)
			}
			rep.Resealed++
		}
	}
	if err := js.DeleteStream(ctx, single); err != nil {
		return rep, fmt.Errorf("events: migrate: every event is in the partitions, but deleting GAMES failed (run again): %w", err)
	}
	return rep, nil
}

// checkMigrated checks that every game's head in its partition is its head
// in GAMES, and that the partitions hold as many events as GAMES.
func checkMigrated(ctx context.Context, js jetstream.JetStream, from, to *Store, n events.GamePartitions, heads map[string]events.Head, total uint64) error {
	for id, h := range heads {
		tip, found, err := from.leaderTip(ctx, events.Game(id))
		if err != nil {
			return fmt.Errorf("events: migrate: checking %s: %w", events.Game(id), err)
		}
		if !found || tip.env.Seq != h.Version || tip.env.Hash != h.Hash {
			return fmt.Errorf("events: migrate: %s ends at version %d in GAMES, at %d in %s", events.Game(id), tip.env.Seq, h.Version, n.StreamOf(id))
		}
	}
	var copied uint64
	for _, name := range n.StreamNames() {
		s, err := js.Stream(ctx, name)
		if err != nil {
			return fmt.Errorf("events: migrate: %s: %w", name, err)
		}
		copied += s.CachedInfo().State.Msgs
	}
	if copied != total {
		return fmt.Errorf("events: migrate: the partitions hold %d events, GAMES %d: not touching GAMES", copied, total)
	}
	return nil
}

func streamExists(ctx context.Context, js jetstream.JetStream, name string) bool {
	_, err := js.Stream(ctx, name)
	return err == nil
}
