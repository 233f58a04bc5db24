package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/audit"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"
)

var auditAllCmd = &cobra.Command{
	Use:   "all",
	Short: "Audit every game and tournament of a data folder (or a server) against the checkpoints",
	Long: `hakem audit all audits every aggregate of the log: each game (as hakem audit
game does) and each tournament (as hakem audit tournament does), the
signatures with --keyring, and, with --checkpoints, that the log holds every
head the signed checkpoints witnessed: an aggregate they witnessed that has
fewer events (a cut tail), other hashes (a rewrite, re-hashed or not) or no
events at all (a deleted or recreated stream), and a stream that ends
before, or starts after, what a checkpoint read (a trimmed or recreated
stream), are each named with the first sequence that differs.

It prints one line per aggregate, "<kind> <id>: ok" or "<kind> <id>: FAILS:
<why>" (a log of a folder written before signing and attested by hakem
migrate sign: "ok (events 1..N written before signing, attested at seq
N+1 by key K (games) on DATE: reason)"), and exits 0 when every aggregate passes, 1 when one fails (each is
named on stderr), 2 when the audit could not run.`,
	Example: `  hakem audit all --data ./copy-of-data --checkpoints checkpoints.ndjson --keyring keyring.json
  hakem audit all --data ./copy --checkpoints https://hakem.example.org/api/checkpoints`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, args []string) error {
		return withSource(cmd.Context(), func(ctx context.Context, src audit.Source) error {
			return auditAll(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), src)
		})
	},
}

func init() {
	c := auditAllCmd
	c.Flags().StringVar(&auditOpts.data, "data", "./data", "data folder of hakem serve (copied, never modified)")
	c.Flags().StringVar(&auditOpts.natsURL, "nats", "", "URL of a running Hakem's NATS server (instead of --data)")
	witnessFlags(c)
	auditCmd.AddCommand(c)
}

// auditAll audits every aggregate of src's store and of the checkpoints.
func auditAll(ctx context.Context, out, errOut io.Writer, src audit.Source) error {
	w, _ := src.(audit.Witnessed)
	ss, ok := w.Source.(audit.StoreSource)
	if !ok {
		return exitWith(2, fmt.Errorf("audit all: no store"))
	}
	a := &allAudit{out: out, st: ss.Store, seen: map[events.Aggregate]bool{}}
	for _, k := range events.Kinds() {
		// every stream of the kind: TOURNAMENTS, GAMES or each game partition
		for p, name := range a.st.Partitions().Streams(k) {
			if err := a.readStream(ctx, k, p, name); err != nil {
				return err
			}
		}
	}
	if w.Checkpoints != nil {
		a.witnessed(ctx, w.Checkpoints)
	}
	aggs := make([]events.Aggregate, 0, len(a.seen))
	for agg := range a.seen {
		aggs = append(aggs, agg)
	}
	sort.Slice(aggs, func(i, j int) bool { return aggs[i].String() < aggs[j].String() })
	for _, agg := range aggs {
		what := agg.String()
		ok, why, err := auditAggregate(ctx, src, agg)
		switch {
		case err != nil:
			a.fail(what, err.Error())
		case !ok:
			a.fail(what, why)
		case why != "":
			fmt.Fprintf(out, "%s: ok (%s)\n", what, why)
		default:
			fmt.Fprintf(out, "%s: ok\n", what)
		}
	}
	if len(a.failures) > 0 {
		return exitWith(1, fmt.Errorf("%d failing:\n%s", len(a.failures), strings.Join(a.failures, "\n")))
	}
	return nil
}

// allAudit is the state of hakem audit all: the aggregates the log holds
// and the failures found so far.
type allAudit struct {
	out      io.Writer
	st       *eventstore.Store
	seen     map[events.Aggregate]bool
	failures []string
}

// fail prints and records what's failure.
func (a *allAudit) fail(what, why string) {
	fmt.Fprintf(a.out, "%s: FAILS: %s\n", what, why)
	a.failures = append(a.failures, what+": "+why)
}

// readStream marks the aggregates of stream name (partition p of kind k)
// seen. A message that is not an event marks its aggregate (by its
// subject), whose audit names the damage, and the read goes on past it; a
// missing stream fails.
func (a *allAudit) readStream(ctx context.Context, k events.Kind, p int, name string) error {
	read := func(from uint64, fn func(eventstore.Record) error) error {
		if k == events.KindGame {
			_, err := a.st.ReadPartition(ctx, p, from, fn)
			return err
		}
		_, err := a.st.Read(ctx, k, from, fn)
		return err
	}
	for from := uint64(1); ; {
		err := read(from, func(r eventstore.Record) error {
			a.seen[r.Envelope.Aggregate] = true
			return nil
		})
		if err == nil {
			return nil
		}
		var bad *eventstore.UndecodableError
		if errors.As(err, &bad) {
			if agg, ok := subjectOf(ctx, a.st, k, name, bad.StreamSeq); ok {
				a.seen[agg] = true
			} else {
				a.fail("stream", fmt.Sprintf("stream %s: seq %d is not an event, on no aggregate's subject: %v", name, bad.StreamSeq, bad.Err))
			}
			from = bad.StreamSeq + 1
			continue
		}
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			a.fail("stream", fmt.Sprintf("stream %s is missing (deleted)", name))
			return nil
		}
		return exitWith(2, fmt.Errorf("audit all: reading %s: %w", name, err))
	}
}

// witnessed fails each stream that lost what the checkpoints read of it and
// each aggregate they witnessed that the log no longer holds.
func (a *allAudit) witnessed(ctx context.Context, cps *events.Checkpoints) {
	for _, why := range streamsAgainst(ctx, a.st, cps) {
		a.fail("stream", why)
	}
	for _, agg := range cps.Aggregates() {
		if !a.seen[agg] {
			hs := cps.Heads(agg)
			a.fail(agg.String(), fmt.Sprintf("witnessed: seq 1 is missing: a checkpoint witnessed %d events, the log has none (deleted, or its stream recreated)", hs[len(hs)-1].Version))
		}
	}
}

// auditAggregate audits one game (as hakem audit game) or tournament (as
// hakem audit tournament): whether it passes, and why not (when it passes,
// its attestations: events written before signing, attested).
func auditAggregate(ctx context.Context, src audit.Source, agg events.Aggregate) (ok bool, why string, err error) {
	if agg.Kind == events.KindGame {
		rep, _, err := audit.AuditGame(ctx, src, agg.ID)
		if err != nil {
			return false, "", err
		}
		ok, why = rep.OK, rep.Verdict
		if ok {
			why = attestedNote(rep.Attested)
		}
		if rep.First != nil {
			why = rep.First.String()
		}
		return ok, why, nil
	}
	rep, err := audit.Tournament(ctx, src, agg.ID)
	if err != nil {
		return false, "", err
	}
	ok, why = rep.OK, rep.Verdict
	if ok {
		why = attestedNote(rep.Attested)
	}
	if rep.First != nil {
		why = rep.First.String()
		if rep.FirstGame != "" {
			why = "game " + rep.FirstGame + ": " + why
		}
	}
	return ok, why, nil
}

// subjectOf is the aggregate whose subject the message at stream sequence
// seq of kind's stream was published on.
func subjectOf(ctx context.Context, st *eventstore.Store, k events.Kind, stream string, seq uint64) (events.Aggregate, bool) {
	js, err := jetstream.New(st.Conn())
	if err != nil {
		return events.Aggregate{}, false
	}
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return events.Aggregate{}, false
	}
	m, err := s.GetMsg(ctx, seq)
	if err != nil {
		return events.Aggregate{}, false
	}
	agg, _, err := events.ParseSubject(m.Subject)
	return agg, err == nil && agg.Kind == k
}

// streamsAgainst names each stream that ends before what a checkpoint read
// of it, or no longer starts at sequence 1 (trimmed or recreated).
func streamsAgainst(ctx context.Context, st *eventstore.Store, cps *events.Checkpoints) []string {
	js, err := jetstream.New(st.Conn())
	if err != nil {
		return []string{err.Error()}
	}
	read := map[string]uint64{}
	for _, c := range cps.List {
		for n, s := range c.Streams {
			read[n] = max(read[n], s)
		}
	}
	var out []string
	names := make([]string, 0, len(read))
	for n := range read {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s, err := js.Stream(ctx, n)
		if err != nil {
			out = append(out, fmt.Sprintf("stream %s: %v (a checkpoint read it up to seq %d)", n, err, read[n]))
			continue
		}
		info, err := s.Info(ctx)
		if err != nil {
			out = append(out, fmt.Sprintf("stream %s: %v", n, err))
			continue
		}
		st := info.State
		switch {
		case st.LastSeq < read[n]:
			out = append(out, fmt.Sprintf("stream %s ends at seq %d, but a checkpoint read it up to seq %d (recreated, or its tail cut)", n, st.LastSeq, read[n]))
		case st.FirstSeq > 1 || st.Msgs < st.LastSeq-st.FirstSeq+1:
			out = append(out, fmt.Sprintf("stream %s holds %d messages of seq %d..%d: %d were trimmed or removed (its limits were changed, or messages deleted)", n, st.Msgs, st.FirstSeq, st.LastSeq, st.LastSeq-st.Msgs))
		}
	}
	return out
}

// attestedNote says what attestations vouch for ("" for none).
func attestedNote(atts []events.Attestation) string {
	says := make([]string, len(atts))
	for i, a := range atts {
		says[i] = a.String()
	}
	return strings.Join(says, "; ")
}
