package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/nats-io/nats.go/jetstream"
)

// Checkpoint is how far the watcher's state is folded: the GAMES stream's
// sequence up to which it read every event, and the games whose clock ran
// at that point (a deadline still to come: no pause, no pending claim, no
// recorded fall, no end). The running clocks are kept as game ids only; a
// watcher starting from the checkpoint reads each of those games whole
// from its own subject, so the flag-fall instant is still computed from
// the recorded presses, never from the checkpoint.
//
// A checkpoint is a cache: a stale one only means more of the stream is
// read again, and a lost or unreadable one a replay from the beginning.
type Checkpoint struct {
	// Seq is the stream sequence of the last event folded.
	Seq uint64 `json:"seq"`
	// Running lists the games whose clock ran after event Seq.
	Running []string `json:"running"`
	// WrittenAt is when the checkpoint was written (for people reading it).
	WrittenAt time.Time `json:"written_at"`
}

// Checkpoints keeps the watcher's checkpoint.
type Checkpoints interface {
	// Load returns the last checkpoint saved; false when there is none.
	Load(ctx context.Context) (Checkpoint, bool, error)
	// Save replaces the checkpoint.
	Save(ctx context.Context, cp Checkpoint) error
}

// CheckpointBucket is the JetStream key-value bucket of the clock
// watcher's checkpoint, and CheckpointKey its key.
const (
	CheckpointBucket = "HAKEM_CLOCK_WATCH"
	CheckpointKey    = "watcher"
)

// KVCheckpoints keeps the checkpoint in a JetStream key-value bucket,
// under one key shared by every copy of the clocks service (each folds the
// whole stream, so any copy's checkpoint is right for all).
type KVCheckpoints struct {
	KV  jetstream.KeyValue
	Key string
}

// OpenKVCheckpoints opens the bucket CheckpointBucket on js, creating it
// (file-stored, one value kept) when it does not exist.
//
// `hakem provision` creates the bucket (wiring.ClockWatchBucket) for a
// deployment whose services only bind (nats_provisioned); the bucket is
// bound first, so a provisioned one is used as it is. A clocks service
// that can neither bind nor create it works without a checkpoint (from the
// beginning of the stream).
func OpenKVCheckpoints(ctx context.Context, js jetstream.JetStream) (*KVCheckpoints, error) {
	if kv, err := js.KeyValue(ctx, CheckpointBucket); err == nil {
		return &KVCheckpoints{KV: kv, Key: CheckpointKey}, nil
	} else if !errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil, fmt.Errorf("bucket %s: %w", CheckpointBucket, err)
	}
	kv, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      CheckpointBucket,
		Description: "Hakem clock watcher's checkpoint (a cache; the GAMES stream stays the source of truth)",
		History:     1,
		Storage:     jetstream.FileStorage,
	})
	if errors.Is(err, jetstream.ErrBucketExists) {
		kv, err = js.KeyValue(ctx, CheckpointBucket) // another copy made it meanwhile
	}
	if err != nil {
		return nil, fmt.Errorf("bucket %s: %w", CheckpointBucket, err)
	}
	return &KVCheckpoints{KV: kv, Key: CheckpointKey}, nil
}

// Load reads the checkpoint.
func (k *KVCheckpoints) Load(ctx context.Context) (Checkpoint, bool, error) {
	e, err := k.KV.Get(ctx, k.Key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Checkpoint{}, false, nil
	}
	if err != nil {
		return Checkpoint{}, false, err
	}
	var cp Checkpoint
	if err := json.Unmarshal(e.Value(), &cp); err != nil {
		return Checkpoint{}, false, fmt.Errorf("checkpoint %s: %w", k.Key, err)
	}
	return cp, true, nil
}

// Save writes the checkpoint.
func (k *KVCheckpoints) Save(ctx context.Context, cp Checkpoint) error {
	b, err := json.Marshal(cp)
	if err != nil {
		return err
	}
	_, err = k.KV.Put(ctx, k.Key, b)
	return err
}

// eventStoreOf returns the events module's store behind the clocks'
// store, when it is one (how `hakem serve` wires it).
func eventStoreOf(s gamelog.Store) (*eventstore.Store, bool) {
	switch es := s.(type) {
	case gamelog.EventStore:
		return es.Store, es.Store != nil
	case *gamelog.EventStore:
		return es.Store, es != nil && es.Store != nil
	}
	return nil, false
}

// jetstreamOf is the JetStream context of st's connection.
func jetstreamOf(st *eventstore.Store) (jetstream.JetStream, error) { return jetstream.New(st.Conn()) }

// streamTail returns the last sequence of the games' stream name (GAMES or
// a partition) through st's connection.
func streamTail(ctx context.Context, st *eventstore.Store, name string) (uint64, error) {
	js, err := jetstreamOf(st)
	if err != nil {
		return 0, err
	}
	s, err := js.Stream(ctx, name)
	if err != nil {
		return 0, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.LastSeq, nil
}
