package eventstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Headers the store writes besides the JetStream ones. The first event of
// a command also keeps its Nats-Expected-Last-Subject-Sequence: the stream
// sequence of the aggregate's previous event, which lets the store walk an
// aggregate backwards.
const (
	// hdrIndex and hdrCount place an event within its command's batch
	// (absent for a command of one event: index 0 of 1).
	hdrIndex = "Hakem-Index"
	hdrCount = "Hakem-Count"
)

// JetStream headers used by Append.
const (
	hdrMsgID          = "Nats-Msg-Id"
	hdrExpLastSubjSeq = "Nats-Expected-Last-Subject-Sequence"
	hdrExpLastSubjSub = "Nats-Expected-Last-Subject-Sequence-Subject"
	hdrBatchID        = "Nats-Batch-Id"
	hdrBatchSeq       = "Nats-Batch-Sequence"
	hdrBatchCommit    = "Nats-Batch-Commit"
)

// JetStream error codes the store interprets.
const (
	codeWrongLastSeq         = 10071 // wrong last sequence: {seq}
	codeWrongLastSeqConstant = 10164 // wrong last sequence (subject in flight)
	codeDuplicateInProcess   = 10158 // duplicate message id is in process
	codeExpectedNotReady     = 10163 // expected last sequence per subject temporarily unavailable
	codeBatchDuplicate       = 10201 // atomic publish batch contains duplicate message id
)

// Config configures a Store.
type Config struct {
	// Replicas is the replica count of the streams: 1 on an embedded
	// server, 3 in a cluster. Default 1.
	Replicas int
	// DuplicateWindow is how long JetStream remembers a Nats-Msg-Id.
	// Default 10 seconds. The server keeps the ids in its heap (in hakem
	// serve, the process's), 100-200 bytes an id: the 2 minutes before
	// held 8-19 MB at the Olympiad bench's peak, and 480,000 ids at 4,000
	// appends a second; 10 s holds 40,000. The window is not what makes a
	// retry safe: a command's first message carries the aggregate's
	// expected last sequence, so a retry on the same head whose first
	// attempt landed is refused whatever the window ("wrong last
	// sequence"; Append then finds the command among the aggregate's last
	// WalkBack events: TestAppendRetryAfterWindow), and a caller that
	// reloads before retrying looks for its key in the log first (decide
	// answers a key found there as a repeat: the HTTP API's retries).
	// Inside the window the server answers "duplicate" instead, which
	// spares Append the walk back.
	DuplicateWindow time.Duration
	// AckTimeout bounds one publish when the context has no deadline.
	// Default 5 s.
	AckTimeout time.Duration
	// WalkBack is how many of an aggregate's last events Append examines
	// to recognise a retried command. Default 64.
	WalkBack int
	// SealBucket is the key-value bucket of sealed logs. Default
	// "HAKEM_SEALED".
	SealBucket string
	// Now is the clock that stamps commands without RecordedAt; default
	// time.Now.
	Now func() time.Time
	// Provisioned means an administrator created the streams and the
	// sealed-log bucket beforehand (hakem provision, as the NATS admin
	// user): Open then only checks that they exist as StreamConfig
	// describes them (subjects, no deletes or purges, direct gets, atomic
	// batches) and never creates or updates one, so that the process's
	// NATS user needs no right to. Replicas is then the administrator's
	// business and is not checked.
	Provisioned bool
	// Mirrors, with Provisioned, binds to streams that are mirrors of a
	// primary's of the same name (a standby's, hakem serve --standby):
	// they have no subjects and no atomic batches of their own, the
	// mirror writes them; the store reads, and an append fails.
	Mirrors bool
	// Signer, if set, signs every event appended that is not signed yet
	// with its writer's key (Envelope.Sig); an event of a writer it has no
	// key for is refused.
	Signer *events.Signer
	// Guard, if set, is asked before every append whether the stream may
	// be written (StreamGuard: its configuration is still the expected
	// one); its error refuses the append.
	Guard func(events.Kind) error
	// Keys, if set, binds each command's idempotency key to that command
	// across aggregates (a client's key used on another game or
	// tournament): asked before every append, its error refuses the
	// command and nothing is appended.
	Keys KeyBinder
	// Keyring, if set, verifies the signatures of the events every load
	// returns (Load, LoadStream, LoadAfter: a *SignatureError; LoadTolerant
	// sets such an event aside as damage), for the writers it holds a key
	// for.
	Keyring *events.Keyring
	// KeyringComplete says Keyring holds every key its writers sign with:
	// a signature by a key it does not hold is then refused too (without
	// it, let through: another copy of a service may sign with keys of
	// its own).
	KeyringComplete bool
	// Partitions is how many streams the games are spread over (issue
	// 21): 1 (the default) is the one stream GAMES, N > 1 the streams
	// GAMES_0 .. GAMES_{N-1}, a game in the one PartitionOf its id
	// names. Open refuses a count that does not match the game streams
	// the server already holds (hakem migrate partitions moves them).
	Partitions events.GamePartitions
	// GroupCommit batches concurrent single-event appends of different
	// aggregates when many are in flight, to share one fsync (see
	// groupcommit.go); on by default.
	GroupCommit GroupCommit
}

func (c *Config) defaults() {
	if c.Replicas == 0 {
		c.Replicas = 1
	}
	if c.DuplicateWindow == 0 {
		c.DuplicateWindow = 10 * time.Second
	}
	if c.AckTimeout == 0 {
		c.AckTimeout = 5 * time.Second
	}
	if c.WalkBack == 0 {
		c.WalkBack = 64
	}
	if c.SealBucket == "" {
		c.SealBucket = "HAKEM_SEALED"
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Partitions == 0 {
		c.Partitions = events.SinglePartition
	}
	c.GroupCommit.defaults(c.Replicas)
}

// KeyBinder binds a command's idempotency key to the command (Config.Keys).
type KeyBinder interface {
	// Bind is asked before a command's first envelope is appended: an
	// error refuses the command; bound says Bind recorded a new binding,
	// which Unbind takes back when the append fails.
	Bind(first *events.Envelope) (bound bool, err error)
	// Unbind forgets the binding Bind made for a command not appended.
	Unbind(first *events.Envelope)
}

// Store is the event store: one per process, safe for concurrent use.
type Store struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	kv  jetstream.KeyValue
	cfg Config
	// verify checks loaded events' signatures (nil: Config.Keyring unset).
	verify *verifier

	// msgID, if set, makes a command's Nats-Msg-Id from its aggregate and
	// key (MigratePartitions); nil: the key itself.
	msgID func(events.Aggregate, string) string

	// readRecoveries counts the errors a projection read's ordered
	// consumer recovered from by recreating itself: a test's evidence.
	readRecoveries atomic.Int64

	// committers batch single-event appends, one per stream name
	// (groupcommit.go).
	committers sync.Map
	// batchesCommitted counts the batches of single-event appends the
	// server acknowledged: a test's evidence.
	batchesCommitted atomic.Int64
	// batchedAppends counts the appends those batches carried.
	batchedAppends atomic.Int64
}

// StreamConfig returns the stream configuration of kind k under cfg: file
// storage, deletes and purges refused, atomic batches and direct gets on,
// every message kept.
//
// For games it is the configuration of the single stream GAMES, whatever
// cfg.Partitions says: StreamConfigs gives every stream of a partitioned
// store.
func StreamConfig(k events.Kind, cfg Config) jetstream.StreamConfig {
	return streamConfig(k.StreamName(), "Hakem "+string(k)+" events", k.Subjects(), cfg)
}

// StreamConfigs returns the configuration of every stream of the store
// under cfg: TOURNAMENTS, then GAMES or the game partitions GAMES_0 ..
// GAMES_{N-1} (subjects "game-<p>.>", see GamePartitions.Subject).
func StreamConfigs(cfg Config) []jetstream.StreamConfig {
	cfg.defaults()
	out := []jetstream.StreamConfig{StreamConfig(events.KindTournament, cfg)}
	if cfg.Partitions <= 1 {
		return append(out, StreamConfig(events.KindGame, cfg))
	}
	for p := 0; p < int(cfg.Partitions); p++ {
		desc := fmt.Sprintf("Hakem game events, partition %d of %d", p, int(cfg.Partitions))
		out = append(out, streamConfig(cfg.Partitions.StreamName(p), desc, cfg.Partitions.StreamSubjects(p), cfg))
	}
	return out
}

func streamConfig(name, desc, subjects string, cfg Config) jetstream.StreamConfig {
	cfg.defaults()
	return jetstream.StreamConfig{
		Name:               name,
		Description:        desc,
		Subjects:           []string{subjects},
		Storage:            jetstream.FileStorage,
		Retention:          jetstream.LimitsPolicy,
		Replicas:           cfg.Replicas,
		Duplicates:         cfg.DuplicateWindow,
		DenyDelete:         true,
		DenyPurge:          true,
		AllowDirect:        true,
		AllowAtomicPublish: true,
		Discard:            jetstream.DiscardNew,
	}
}

// Open connects a Store to JetStream through nc, creating or updating the
// streams and the sealed-log bucket (with Config.Provisioned: binding to
// them as they are, see checkProvisioned).
func Open(ctx context.Context, nc *nats.Conn, cfg Config) (*Store, error) {
	cfg.defaults()
	if err := cfg.Partitions.Valid(); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if err := checkPartitioning(ctx, js, cfg.Partitions); err != nil {
		return nil, err
	}
	if cfg.Provisioned {
		kv, err := checkProvisioned(ctx, js, cfg)
		if err != nil {
			return nil, err
		}
		return &Store{nc: nc, js: js, kv: kv, cfg: cfg, verify: newVerifier(cfg.Keyring, cfg.KeyringComplete)}, nil
	}
	for _, sc := range StreamConfigs(cfg) {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return nil, fmt.Errorf("events: stream %s: %w", sc.Name, err)
		}
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      cfg.SealBucket,
		Description: "Hakem sealed logs of finished aggregates (a verified copy; the streams stay the source of truth)",
		History:     1,
		Storage:     jetstream.FileStorage,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", cfg.SealBucket, err)
	}
	return &Store{nc: nc, js: js, kv: kv, cfg: cfg, verify: newVerifier(cfg.Keyring, cfg.KeyringComplete)}, nil
}

// checkProvisioned checks, without creating or changing anything, that the
// streams of every kind and the sealed-log bucket exist with what the store
// relies on, and binds the bucket.
func checkProvisioned(ctx context.Context, js jetstream.JetStream, cfg Config) (jetstream.KeyValue, error) {
	for _, want := range StreamConfigs(cfg) {
		s, err := js.Stream(ctx, want.Name)
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			return nil, fmt.Errorf("%w: stream %s does not exist", ErrNotProvisioned, want.Name)
		}
		if err != nil {
			return nil, fmt.Errorf("events: stream %s: %w", want.Name, err)
		}
		got := s.CachedInfo().Config
		if cfg.Mirrors {
			if got.Mirror == nil || got.Mirror.Name != want.Name || !got.AllowDirect {
				return nil, fmt.Errorf("%w: stream %s is not a mirror of the primary's %s with direct gets", ErrNotProvisioned, want.Name, want.Name)
			}
			continue
		}
		if len(got.Subjects) != 1 || got.Subjects[0] != want.Subjects[0] || !got.DenyDelete || !got.DenyPurge ||
			!got.AllowDirect || !got.AllowAtomicPublish || got.SubjectTransform != nil || got.RePublish != nil {
			return nil, fmt.Errorf("%w: stream %s has subjects %v, deny delete %v, deny purge %v, direct gets %v, atomic batches %v, transform %v, republish %v; want subjects %v, the rest on, no transform or republish",
				ErrNotProvisioned, want.Name, got.Subjects, got.DenyDelete, got.DenyPurge, got.AllowDirect, got.AllowAtomicPublish,
				got.SubjectTransform != nil, got.RePublish != nil, want.Subjects)
		}
	}
	kv, err := js.KeyValue(ctx, cfg.SealBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil, fmt.Errorf("%w: bucket %s does not exist", ErrNotProvisioned, cfg.SealBucket)
	}
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", cfg.SealBucket, err)
	}
	return kv, nil
}

// Partitions returns how many streams the store spreads the games over.
func (s *Store) Partitions() events.GamePartitions { return s.cfg.Partitions }

// Conn returns the store's NATS connection.
func (s *Store) Conn() *nats.Conn { return s.nc }

// Append appends the events of one command to an aggregate, as writer, if
// the aggregate's head is still expected; all events or none.
//
// Concurrency: the check is over the whole aggregate (every writer's
// subject, through the wildcard "<kind>.<id>.>"), so that the games, clocks
// and arbiter services share one version per game. If another command
// landed since expected, Append returns ErrConflict: reload, decide again,
// append again with the same key.
//
// Idempotency: key is the command's idempotency key (Nats-Msg-Id of the
// first event, and IdempotencyKey of every event). If a command with this key
// already landed right after expected, or among the aggregate's last
// Config.WalkBack events, Append returns its original envelopes and the head
// just after them, and writes nothing, whatever the server answered
// ("duplicate" or "wrong last sequence").
//
// It returns the appended envelopes (with their versions) and the new head.
func (s *Store) Append(ctx context.Context, agg events.Aggregate, writer events.Writer, expected events.Head, key string, meta events.Meta, evs ...events.Event) ([]events.Envelope, events.Head, error) {
	envs, err := s.build(agg, writer, expected, key, meta, evs)
	if err != nil {
		return nil, events.Head{}, err
	}
	// The envelopes were just built here: their data is json.Marshal's.
	return s.appendEnvelopesOf(ctx, expected, envs, true, nil)
}

// AppendWithJSON is Append, and also returns each envelope's JSON as the
// store wrote it, which is what events.AppendJSON writes of it: an answer
// that holds the events takes those bytes rather than encode them again.
// When the command had landed before (its first attempt's envelopes,
// read back), the JSON is nil.
func (s *Store) AppendWithJSON(ctx context.Context, agg events.Aggregate, writer events.Writer, expected events.Head, key string, meta events.Meta, evs ...events.Event) ([]events.Envelope, [][]byte, events.Head, error) {
	envs, err := s.build(agg, writer, expected, key, meta, evs)
	if err != nil {
		return nil, nil, events.Head{}, err
	}
	stored := make([][]byte, len(envs))
	written, head, err := s.appendEnvelopesOf(ctx, expected, envs, true, stored)
	if err != nil || len(written) != len(envs) || &written[0] != &envs[0] {
		return written, nil, head, err // not these envelopes: read back
	}
	return written, stored, head, nil
}

// build is Append's envelopes of evs, stamped now when meta is not.
func (s *Store) build(agg events.Aggregate, writer events.Writer, expected events.Head, key string, meta events.Meta, evs []events.Event) ([]events.Envelope, error) {
	if meta.RecordedAt.IsZero() {
		meta.RecordedAt = s.cfg.Now()
	}
	envs, err := events.Build(agg, writer, expected, key, meta, evs...)
	if err != nil {
		return nil, err
	}
	if err := checkHead(expected); err != nil {
		return nil, err
	}
	return envs, nil
}

// checkHead refuses a head no load returns: a version without a stream
// sequence or hash, or a hash without a version. Version 0 with a stream
// sequence is the head LoadTolerant gives an aggregate whose subject holds
// only set-aside messages (no event yet): its first event is appended
// over them.
func checkHead(h events.Head) error {
	if (h.Version > 0 && h.Seq == 0) || (h.Version == 0) != (h.Hash == "") {
		return fmt.Errorf("events: expected head %+v: give the zero Head or one returned by Load or Append", h)
	}
	return nil
}

// AppendEnvelopes appends one command's envelopes, made by Build or read
// from elsewhere (a migration, a test of an old version), on top of
// expected; see Append. It refuses envelopes that are not one command
// chained on expected with correct hashes.
func (s *Store) AppendEnvelopes(ctx context.Context, expected events.Head, envs []events.Envelope) ([]events.Envelope, events.Head, error) {
	if len(envs) == 0 {
		return nil, events.Head{}, errors.New("events: nothing to append")
	}
	if err := checkHead(expected); err != nil {
		return nil, events.Head{}, err
	}
	prev := expected.Hash
	for i := range envs {
		e := &envs[i]
		if err := e.Aggregate.Check(); err != nil {
			return nil, events.Head{}, err
		}
		if err := e.Aggregate.CheckWriter(e.Writer); err != nil {
			return nil, events.Head{}, err
		}
		if e.IdempotencyKey == "" || e.Type == "" || e.Version < 1 {
			return nil, events.Head{}, fmt.Errorf("events: event %d: missing idempotency key, type or version", i)
		}
		if e.PrevHash != prev {
			return nil, events.Head{}, fmt.Errorf("events: event %d is not chained on %.12s…", i, prev)
		}
		h, err := events.ComputeHash(e)
		if err != nil {
			return nil, events.Head{}, err
		}
		if h != e.Hash {
			return nil, events.Head{}, fmt.Errorf("events: event %d: hash %.12s… does not match its content (%.12s…)", i, e.Hash, h)
		}
		prev = e.Hash
	}
	return s.appendEnvelopes(ctx, expected, envs)
}

func (s *Store) appendEnvelopes(ctx context.Context, expected events.Head, envs []events.Envelope) ([]events.Envelope, events.Head, error) {
	return s.appendEnvelopesOf(ctx, expected, envs, false, nil)
}

// appendEnvelopesOf is appendEnvelopes; dataMarshalled says the envelopes'
// data is json.Marshal's output (envelopes from build); stored, if not
// nil, receives each envelope's encoding as sent (one slot an envelope).
func (s *Store) appendEnvelopesOf(ctx context.Context, expected events.Head, envs []events.Envelope, dataMarshalled bool, stored [][]byte) ([]events.Envelope, events.Head, error) {
	if s.cfg.Keys == nil {
		return s.appendBound(ctx, expected, envs, dataMarshalled, stored)
	}
	bound, err := s.cfg.Keys.Bind(&envs[0])
	if err != nil {
		return nil, events.Head{}, err
	}
	written, head, err := s.appendBound(ctx, expected, envs, dataMarshalled, stored)
	if err != nil && bound {
		s.cfg.Keys.Unbind(&envs[0])
	}
	return written, head, err
}

// appendBound is appendEnvelopesOf once the command's key is bound.
func (s *Store) appendBound(ctx context.Context, expected events.Head, envs []events.Envelope, dataMarshalled bool, stored [][]byte) ([]events.Envelope, events.Head, error) {
	// A context without a deadline (an HTTP request's) gets no child
	// context with one: publish bounds the wait for the acknowledgement
	// with Config.AckTimeout itself, and the reads of recover bound
	// theirs, without a context, its timer and its registration with the
	// parent (four allocations) per append.
	agg, key := envs[0].Aggregate, envs[0].IdempotencyKey
	if s.cfg.Guard != nil {
		if err := s.cfg.Guard(agg.Kind); err != nil {
			return nil, events.Head{}, err
		}
	}
	msgs := make([]*nats.Msg, len(envs))
	for i := range envs {
		e := &envs[i]
		if e.Aggregate != agg || e.IdempotencyKey != key || e.Seq != expected.Version+uint64(i)+1 {
			return nil, events.Head{}, errors.New("events: envelopes are not one command on top of the expected head")
		}
		if s.cfg.Signer != nil && e.Sig == "" {
			if err := s.cfg.Signer.Sign(e); err != nil {
				return nil, events.Head{}, err
			}
		}
		// Not json.Marshal: that would validate and compact it again.
		body, err := events.EncodeStored(e, dataMarshalled)
		if err != nil {
			return nil, events.Head{}, err
		}
		if stored != nil {
			stored[i] = body // the client library copies it: not written to again
		}
		m := nats.NewMsg(s.cfg.Partitions.Subject(agg, e.Writer))
		m.Data = body
		if len(envs) > 1 {
			m.Header[hdrIndex] = []string{strconv.Itoa(i)}
			m.Header[hdrCount] = []string{strconv.Itoa(len(envs))}
		}
		if i == 0 {
			// Stored with the message, the expected sequence is also the
			// stream sequence of the aggregate's previous event. (One
			// array for the three values: one allocation, not three.)
			id := key
			if s.msgID != nil {
				id = s.msgID(agg, key)
			}
			v := [...]string{id, strconv.FormatUint(expected.Seq, 10), s.cfg.Partitions.Filter(agg)}
			m.Header[hdrMsgID] = v[0:1:1]
			m.Header[hdrExpLastSubjSeq] = v[1:2:2]
			m.Header[hdrExpLastSubjSub] = v[2:3:3]
		}
		msgs[i] = m
	}
	var ack pubAck
	var err error
	if len(msgs) == 1 {
		ack, err = s.publishOne(ctx, s.cfg.Partitions.Stream(agg), msgs[0])
	} else {
		ack, err = s.publish(ctx, msgs)
	}
	if err != nil {
		return nil, events.Head{}, err
	}
	if ack.Error != nil {
		switch ack.Error.ErrCode {
		case codeWrongLastSeq, codeWrongLastSeqConstant, codeDuplicateInProcess, codeExpectedNotReady:
			return s.recover(ctx, agg, key, 0, ErrConflict)
		case codeBatchDuplicate:
			return s.recover(ctx, agg, key, 0, ErrAlreadyApplied)
		}
		return nil, events.Head{}, &APIError{Code: ack.Error.ErrCode, Status: ack.Error.Code, Description: ack.Error.Description}
	}
	if ack.Duplicate {
		return s.recover(ctx, agg, key, ack.Seq, ErrAlreadyApplied)
	}
	s.trustAppended(envs)
	last := envs[len(envs)-1]
	return envs, events.Head{Version: last.Seq, Seq: ack.Seq, Hash: last.Hash}, nil
}

// recover looks for a command with this key among the aggregate's last
// events (or at hintSeq) and returns its original envelopes; otherwise it
// returns orElse.
func (s *Store) recover(ctx context.Context, agg events.Aggregate, key string, hintSeq uint64, orElse error) ([]events.Envelope, events.Head, error) {
	envs, head, found, err := s.findCommand(ctx, agg, key, hintSeq)
	if err != nil {
		return nil, events.Head{}, fmt.Errorf("%w (and looking for the command failed: %v)", orElse, err)
	}
	if !found {
		return nil, events.Head{}, orElse
	}
	return envs, head, nil
}

// stored is one event as read from the stream.
type stored struct {
	env     events.Envelope
	seq     uint64 // stream sequence
	prevSeq uint64 // stream sequence of the previous event, if known
	index   int
	count   int
}

// findCommand finds the events of the command with key: at hintSeq if
// given, otherwise walking back from the aggregate's last event (as the
// stream leader knows it).
func (s *Store) findCommand(ctx context.Context, agg events.Aggregate, key string, hintSeq uint64) ([]events.Envelope, events.Head, bool, error) {
	stream := s.cfg.Partitions.Stream(agg)
	var at stored
	var err error
	if hintSeq > 0 {
		at, err = s.getSeq(ctx, stream, hintSeq)
		if err != nil {
			return nil, events.Head{}, false, err
		}
		if at.env.Aggregate != agg || at.env.IdempotencyKey != key {
			return nil, events.Head{}, false, nil
		}
	} else {
		at, err = s.leaderGet(ctx, stream, directReq{LastBySubj: s.cfg.Partitions.Filter(agg)})
		if errors.Is(err, errNotFound) {
			return nil, events.Head{}, false, nil
		}
		if err != nil {
			return nil, events.Head{}, false, err
		}
		for n := 0; at.env.IdempotencyKey != key; n++ {
			if n >= s.cfg.WalkBack || at.env.Seq <= 1 {
				return nil, events.Head{}, false, nil
			}
			prev := at.seq - 1
			if at.index == 0 {
				prev = at.prevSeq
			}
			if prev == 0 {
				return nil, events.Head{}, false, nil
			}
			if at, err = s.getSeq(ctx, stream, prev); err != nil {
				return nil, events.Head{}, false, err
			}
		}
	}
	// at is one event of the command; its events are contiguous in the
	// stream (an atomic batch is committed as one block).
	first := at.seq - uint64(at.index)
	out := make([]events.Envelope, at.count)
	var lastSeq uint64
	for i := 0; i < at.count; i++ {
		seq := first + uint64(i)
		e := at
		if seq != at.seq {
			if e, err = s.getSeq(ctx, stream, seq); err != nil {
				return nil, events.Head{}, false, err
			}
		}
		if e.env.IdempotencyKey != key || e.env.Aggregate != agg || e.index != i {
			return nil, events.Head{}, false, fmt.Errorf("events: command %q: event at stream seq %d is not its event %d", key, seq, i)
		}
		out[i], lastSeq = e.env, seq
	}
	last := out[len(out)-1]
	return out, events.Head{Version: last.Seq, Seq: lastSeq, Hash: last.Hash}, true, nil
}
