package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/witness"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"
	"go.uber.org/zap"
)

// migrateSignCmd is hakem migrate sign.
func migrateSignCmd() *cobra.Command {
	var data, keys string
	var lines bool
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "sign --data DIR",
		Short: "Attest the logs of a data folder written before events were signed (offline)",
		Long: `hakem migrate sign brings a stopped hakem serve's data folder written before
events were signed into the signed world. The events already in the log
cannot be signed after the fact (the streams refuse deletes, and a rewrite
would defeat the hash chain), so each log is attested instead: to every
game and tournament whose log holds unsigned events it appends one signed
event, game.log_attested (signed by the games service) or
tournament.log_attested (by the pairing service), naming the chain head it
attests (event number and hash) and the reason,
"` + events.AttestationReason + `".
Then it publishes a signed checkpoint of every head changed since the last
one (<data>/` + witness.FileName + ` and the stream ` + events.CheckpointStream + `).

The keys: those of --keys, the keys folder hakem serve signs with (default
<data>/keys; give keys_dir / HAKEM_KEYS_DIR's folder when serve is given
another), made there when missing, as serve makes them on its first
start: the attestations must be signed by keys of the keyring serve and the
audit verify with.

hakem serve, and hakem audit, then take an unsigned event at or before an
attested head; hakem audit reports it ("events 1..N written before signing,
attested at seq N+1 by key K (games) on DATE"), and fails an unsigned event
after the attestation, an attestation whose head is not the log's, and one
not signed by its writer's key.

It refuses, exit 1 naming the game or tournament and the event, a folder it
cannot vouch for: a message that is not an event, a log that does not
chain, a signature the keyring refuses, an unsigned event after an
attestation (written since by a server that does not sign), a partition
migration stopped halfway. Exit 2: wrong arguments.

The run is resumable and idempotent: each attestation is one atomic append
on the log's head; killed at any point, run it again and each log is
attested once; a third run has nothing to attest. Stop the server using DIR
first: the folder is opened by an embedded server of its own. Copy the
folder first if you want a way back. A progress line is written on stderr
when it is a terminal.`,
		Example: `  cp -a ./data ./data-before-signing
  hakem migrate sign --data ./data
  hakem audit all --data ./data --checkpoints ./data/checkpoints.ndjson
  hakem serve --data ./data`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if data == "" {
				return exitWith(2, errors.New("migrate sign: --data: the stopped server's data folder is required"))
			}
			if info, err := os.Stat(data); err != nil || !info.IsDir() {
				return exitWith(2, fmt.Errorf("migrate sign: --data %q: not a folder", data))
			}
			if info, err := os.Stat(filepath.Join(data, "jetstream")); err != nil || !info.IsDir() {
				return exitWith(1, fmt.Errorf("migrate sign: --data %q holds no jetstream folder: not the data folder of a hakem serve", data))
			}
			if keys == "" {
				keys = filepath.Join(data, "keys")
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			return migrateSign(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), data, keys, lines)
		},
	}
	c.Flags().StringVar(&data, "data", "", "the stopped server's data folder (modified in place)")
	c.Flags().StringVar(&keys, "keys", "", "the keys folder hakem serve signs with (default <data>/keys; made when missing)")
	c.Flags().BoolVar(&lines, "progress", false, "write the progress on stderr even when it is not a terminal, a line per ten logs")
	c.Flags().DurationVar(&timeout, "timeout", 24*time.Hour, "give up after this long (a later run resumes)")
	return c
}

// signActor is who appends the attestations.
var signActor = events.Actor{Role: "system", ID: "migrate-sign"}

// attestingWriter is the writer that attests each kind's logs: the one
// that repairs them.
var attestingWriter = map[events.Kind]events.Writer{events.KindGame: events.WriterGames, events.KindTournament: events.WriterPairing}

// signMigration is hakem migrate sign's run on a stopped server's folder.
type signMigration struct {
	st     *eventstore.Store
	ring   *events.Keyring
	now    time.Time
	report func(done, total, attested int) // nil: no progress

	aggs                                []events.Aggregate
	attested, already, signed, resealed int
}

// migrateSign attests, on an embedded server of its own on the folder data,
// every game and tournament whose log holds events written before signing,
// then publishes a checkpoint of the heads.
func migrateSign(ctx context.Context, out, errOut io.Writer, data, keysDir string, lines bool) error {
	fail := func(err error) error { return exitWith(1, fmt.Errorf("migrate sign: %w", err)) }
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: data, Port: -1, SyncAlways: true})
	if err != nil {
		return fail(fmt.Errorf("%w (is a server still using %s?)", err, data))
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		return fail(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fail(err)
	}
	parts, err := signableLayout(ctx, js, data)
	if err != nil {
		return fail(err)
	}
	signer, err := events.LoadOrCreateKeys(keysDir, events.Writers...)
	if err != nil {
		return fail(fmt.Errorf("--keys: %w", err))
	}
	cpKey, err := events.LoadOrCreateCheckpointKey(keysDir)
	if err != nil {
		return fail(fmt.Errorf("--keys: %w", err))
	}
	ring, err := events.ReadKeyring(filepath.Join(keysDir, events.KeyringFile))
	if err != nil {
		return fail(fmt.Errorf("--keys: %w", err))
	}
	st, err := eventstore.Open(ctx, nc, eventstore.Config{Partitions: parts, Signer: signer})
	if err != nil {
		return fail(err)
	}
	m := &signMigration{st: st, ring: ring, now: time.Now().UTC()}
	m.report = signProgress(errOut, lines, "attested")
	if err := m.run(ctx); err != nil {
		return fail(err)
	}
	if _, err := js.Stream(ctx, events.CheckpointStream); errors.Is(err, jetstream.ErrStreamNotFound) {
		if _, err := js.CreateStream(ctx, witness.StreamConfig(1)); err != nil {
			return fail(fmt.Errorf("stream %s: %w", events.CheckpointStream, err))
		}
	} else if err != nil {
		return fail(fmt.Errorf("stream %s: %w", events.CheckpointStream, err))
	}
	c := &witness.Checkpointer{Store: st, JS: js, Signer: cpKey, File: filepath.Join(data, witness.FileName), Log: zap.NewNop()}
	published, err := c.Once(ctx)
	if err != nil {
		return fail(fmt.Errorf("every log is attested, but the checkpoint was not published (run again): %w", err))
	}
	cp := "no head changed since the last checkpoint"
	if published {
		cp = "a checkpoint of every head changed published (" + witness.FileName + ", stream " + events.CheckpointStream + ")"
	}
	if m.attested == 0 && m.already == 0 {
		fmt.Fprintf(out, "migrate sign: %s: every event of its %d logs is signed; nothing to attest; %s\n", data, len(m.aggs), cp)
		return nil
	}
	fmt.Fprintf(out, "migrate sign: %s: %d logs written before signing attested by this run, %d attested before, %d signed throughout (%d sealed again); %s. The keys are in %s: serve the folder with them\n",
		data, m.attested, m.already, m.signed, m.resealed, cp, keysDir)
	return nil
}

// signableLayout checks that data is a hakem serve data folder with its
// event streams in one layout, and returns its game partitions.
func signableLayout(ctx context.Context, js jetstream.JetStream, data string) (events.GamePartitions, error) {
	if _, err := js.Stream(ctx, events.KindTournament.StreamName()); errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, fmt.Errorf("%s holds no stream %s: not the data folder of a hakem serve", data, events.KindTournament.StreamName())
	} else if err != nil {
		return 0, err
	}
	on, err := eventstore.GameStreamsOn(ctx, js)
	if err != nil {
		return 0, err
	}
	if _, single := on[events.KindGame.StreamName()]; single && len(on) > 1 {
		return 0, fmt.Errorf("%s holds GAMES and game partitions: a hakem migrate partitions was stopped halfway; run it again to its end first", data)
	}
	return eventstore.DetectPartitions(ctx, js)
}

// run lists every aggregate of the store and attests each that needs it.
func (m *signMigration) run(ctx context.Context) error {
	seen := map[events.Aggregate]bool{}
	for _, k := range events.Kinds() {
		err := m.st.ReadEvery(ctx, k, func(r eventstore.Record) error {
			if agg := r.Envelope.Aggregate; !seen[agg] {
				seen[agg] = true
				m.aggs = append(m.aggs, agg)
			}
			return nil
		})
		var bad *eventstore.UndecodableError
		if errors.As(err, &bad) {
			return fmt.Errorf("the %s stream's message at seq %d is not an event (%v): not attesting a damaged log; serve the folder and have an arbiter repair it first", k, bad.StreamSeq, bad.Err)
		}
		if err != nil {
			return fmt.Errorf("reading the %s stream: %w", k, err)
		}
	}
	for i, agg := range m.aggs {
		if err := m.attest(ctx, agg); err != nil {
			return err
		}
		if m.report != nil && (i%10 == 9 || i == len(m.aggs)-1) {
			m.report(i+1, len(m.aggs), m.attested)
		}
	}
	return nil
}

// attest appends a signed attestation of agg's head when its log holds
// unsigned events no attestation covers, and refuses a log it cannot
// vouch for: one that does not chain, a signed event whose signature the
// keyring does not accept, an attestation that does not hold, an unsigned
// event after an attestation (written since by a server that does not
// sign).
func (m *signMigration) attest(ctx context.Context, agg events.Aggregate) error {
	log, head, from, err := m.st.LoadFrom(ctx, agg)
	if err != nil {
		return fmt.Errorf("%s: %w: not attesting a damaged log; serve the folder and have an arbiter repair it first", agg, err)
	}
	if err := events.Verify(log); err != nil {
		return fmt.Errorf("%s: %w: not attesting a log that does not chain", agg, err)
	}
	covered, atts, bad := events.Attested(log, m.ring.Check)
	if bad != nil {
		return fmt.Errorf("%s: %w", agg, bad)
	}
	unsigned := false
	for i := range log {
		e := &log[i]
		switch {
		case e.Sig == "" && e.Seq <= covered:
		case e.Sig == "" && len(atts) > 0:
			return fmt.Errorf("%s: event %d (%s) is unsigned and after the attestation at seq %d: written since by a server that does not sign; not attesting it", agg, e.Seq, e.Type, atts[len(atts)-1].Seq)
		case e.Sig == "":
			unsigned = true
		default:
			if p := m.ring.Check(e); p != "" {
				return fmt.Errorf("%s: event %d (%s): signature: %s: not attesting a log with a signature the keyring refuses (hakem audit names it)", agg, e.Seq, e.Type, p)
			}
		}
	}
	switch {
	case len(atts) > 0:
		m.already++
		return nil
	case !unsigned:
		m.signed++
		return nil
	}
	ev := events.Event(events.LogAttested{Seq: head.Version, Hash: head.Hash, Reason: events.AttestationReason})
	if agg.Kind == events.KindTournament {
		ev = events.TournamentLogAttested{Seq: head.Version, Hash: head.Hash, Reason: events.AttestationReason}
	}
	key := "migrate-sign/" + agg.String()
	if _, _, err := m.st.Append(ctx, agg, attestingWriter[agg.Kind], head, key, events.Meta{Actor: signActor, RecordedAt: m.now}, ev); err != nil {
		return fmt.Errorf("%s: appending its attestation: %w", agg, err)
	}
	m.attested++
	if from == eventstore.FromSealed {
		// a finished game's sealed copy, made again so that its loads
		// stay one lookup (a failure leaves them on the stream)
		if _, err := m.st.Seal(ctx, agg); err == nil {
			m.resealed++
		}
	}
	return nil
}

// signProgress is a progress reporter on errOut: one line rewritten when
// it is a terminal, a line each report when lines, else none.
func signProgress(errOut io.Writer, lines bool, what string) func(done, total, n int) {
	start, end := "", "\n"
	if f, ok := errOut.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			start, end, lines = "\r", "", true
		}
	}
	if !lines {
		return nil
	}
	return func(done, total, n int) {
		fmt.Fprintf(errOut, "%smigrate sign: %d of %d logs read, %d %s%s", start, done, total, n, what, end)
		if start != "" && done == total {
			fmt.Fprintln(errOut)
		}
	}
}
