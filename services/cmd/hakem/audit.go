package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/audit"
	"github.com/hakem-chess/hakem/services/audit/report"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"
)

// auditFlags are the flags shared by hakem audit game and tournament.
type auditFlags struct {
	data, natsURL, html, at string
	json                    bool
	// keyring and checkpoints: see witnessFlags
	keyring, checkpoints string
}

var auditOpts auditFlags

var auditCmd = &cobra.Command{
	Use:   "audit",
	Short: "Replay a game or a tournament from its events and check every event against the Laws and the clock",
	Long: `hakem audit folds a game's or a tournament's events through the same code the
services decide with (rules, clock, rules/laws, the games, clocks, arbiter and
pairing domains) and checks every event: the hash chain, each command decided
again on the state before it (moves and their SAN, clock starts, pauses,
adjustments, flag instants to the nanosecond, claims and rulings under the
game's laws profile with their articles, penalties, results, terminations)
and, for a tournament, every round paired again by the same engine and the
standings re-computed. It prints a timeline (one line per event) and a
verdict.

Where the events come from:
  --nats URL   a running Hakem's NATS (JetStream) server; only read (the
               streams must exist; they are opened with their own settings)
  --data DIR   a data folder of hakem serve (default ./data). The folder is
               never modified: it is copied to a temporary folder and an
               embedded server is started on the copy, which is removed
               afterwards. Stop the server using DIR first (or use --nats):
               a folder copied while it is being written may be torn.

Exit status: 0 when every event follows; 1 when one does not (the first is
named on stderr: its seq, type, id and why); 2 when the audit could not run
(no such game, unreadable folder, bad flags).`,
}

var auditGameCmd = &cobra.Command{
	Use:   "game ID",
	Short: "Audit one game; --at shows the position and both clocks at an instant or ply",
	Example: `  hakem audit game g42 --data ./data
  hakem audit game g42 --nats nats://127.0.0.1:4222 --json
  hakem audit game g42 --html g42.html
  hakem audit game g42 --at 31                        # after ply 31
  hakem audit game g42 --at 2026-11-29T15:04:05.250Z  # at that instant
  hakem audit game g42 --at 31 --html ply31.html      # the board as SVG`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		return withSource(cmd.Context(), func(ctx context.Context, src audit.Source) error {
			return auditGame(ctx, cmd.OutOrStdout(), src, args[0])
		})
	},
}

var auditTournamentCmd = &cobra.Command{
	Use:   "tournament ID",
	Short: "Audit a tournament: its events, every round re-paired, every game, the standings",
	Args:  cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		return withSource(cmd.Context(), func(ctx context.Context, src audit.Source) error {
			return auditTournament(ctx, cmd.OutOrStdout(), src, args[0])
		})
	},
}

func init() {
	for _, c := range []*cobra.Command{auditGameCmd, auditTournamentCmd} {
		c.Flags().StringVar(&auditOpts.data, "data", "./data", "data folder of hakem serve (copied, never modified)")
		c.Flags().StringVar(&auditOpts.natsURL, "nats", "", "URL of a running Hakem's NATS server (instead of --data)")
		c.Flags().BoolVar(&auditOpts.json, "json", false, "print the audit as JSON")
		c.Flags().StringVar(&auditOpts.html, "html", "", "also write a self-contained HTML report to this file")
		witnessFlags(c)
		auditCmd.AddCommand(c)
	}
	auditGameCmd.Long, auditTournamentCmd.Long = auditCmd.Long, auditCmd.Long
	auditGameCmd.Flags().StringVar(&auditOpts.at, "at", "", "show the position and both clocks at this ply (a number) or instant (RFC 3339)")
	rootCmd.AddCommand(auditCmd)
}

// withSource opens the events as the flags say and runs fn on them.
func withSource(ctx context.Context, fn func(context.Context, audit.Source) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var nc *nats.Conn
	if auditOpts.natsURL != "" {
		c, err := nats.Connect(auditOpts.natsURL, nats.Name("hakem audit"))
		if err != nil {
			return exitWith(2, fmt.Errorf("audit: %w", err))
		}
		nc = c
	} else {
		info, err := os.Stat(auditOpts.data)
		if err != nil || !info.IsDir() {
			return exitWith(2, fmt.Errorf("audit: data folder %q: not a folder", auditOpts.data))
		}
		tmp, err := os.MkdirTemp("", "hakem-audit-")
		if err != nil {
			return exitWith(2, err)
		}
		defer os.RemoveAll(tmp)
		if err := os.CopyFS(tmp, os.DirFS(auditOpts.data)); err != nil {
			return exitWith(2, fmt.Errorf("audit: copying %s: %w", auditOpts.data, err))
		}
		srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: tmp, Port: -1})
		if err != nil {
			return exitWith(2, fmt.Errorf("audit: %w", err))
		}
		defer srv.Shutdown()
		if nc, err = srv.Connect(); err != nil {
			return exitWith(2, fmt.Errorf("audit: %w", err))
		}
	}
	defer nc.Close()
	cfg := eventstore.Config{}
	if auditOpts.natsURL != "" {
		// eventstore.Open creates or updates the streams to its configuration:
		// against a live server, open with the streams' own (replicas,
		// duplicate window), so that nothing there changes, and refuse a
		// server without them.
		var err error
		if cfg, err = liveConfig(ctx, nc); err != nil {
			return exitWith(2, fmt.Errorf("audit: %w", err))
		}
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	// the server's own layout: one stream of games or N partitions
	if cfg.Partitions, err = eventstore.DetectPartitions(ctx, js); err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	st, err := eventstore.Open(ctx, nc, cfg)
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	src, err := witnessed(ctx, audit.StoreSource{Store: st})
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	return fn(ctx, src)
}

// liveConfig returns the store configuration a running server's streams
// already have.
func liveConfig(ctx context.Context, nc *nats.Conn) (eventstore.Config, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return eventstore.Config{}, err
	}
	var cfg eventstore.Config
	parts, err := eventstore.DetectPartitions(ctx, js)
	if err != nil {
		return eventstore.Config{}, err
	}
	for _, k := range events.Kinds() {
		name := parts.Streams(k)[0] // the partitions share one configuration
		s, err := js.Stream(ctx, name)
		if err != nil {
			return eventstore.Config{}, fmt.Errorf("stream %s on this server: %w (is it a Hakem server?)", name, err)
		}
		info, err := s.Info(ctx)
		if err != nil {
			return eventstore.Config{}, err
		}
		want := eventstore.StreamConfig(k, eventstore.Config{Replicas: info.Config.Replicas, DuplicateWindow: info.Config.Duplicates})
		if info.Config.Replicas != want.Replicas || info.Config.Duplicates != want.Duplicates || info.Config.DenyDelete != want.DenyDelete ||
			info.Config.DenyPurge != want.DenyPurge || info.Config.AllowDirect != want.AllowDirect || info.Config.AllowAtomicPublish != want.AllowAtomicPublish {
			return eventstore.Config{}, fmt.Errorf("stream %s is not configured as this hakem would open it; not touching it", name)
		}
		cfg.Replicas, cfg.DuplicateWindow = info.Config.Replicas, info.Config.Duplicates
	}
	if _, err := js.KeyValue(ctx, audit.SealBucket); err != nil {
		return eventstore.Config{}, fmt.Errorf("bucket %s on this server: %w", audit.SealBucket, err)
	}
	return cfg, nil
}

func auditGame(ctx context.Context, out io.Writer, src audit.Source, id string) error {
	if err := events.Game(id).Check(); err != nil {
		return exitWith(2, err)
	}
	rep, log, err := audit.AuditGame(ctx, src, id)
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: game %s: %w", id, err))
	}
	if len(log) == 0 {
		return exitWith(2, fmt.Errorf("audit: game %s: no events", id))
	}
	if auditOpts.at != "" {
		return auditAt(out, id, log)
	}
	names := gameRoster(ctx, src, log)
	if auditOpts.html != "" {
		if err := writeFile(auditOpts.html, func(w io.Writer) error { return report.Game(w, rep, names) }); err != nil {
			return exitWith(2, err)
		}
	}
	if auditOpts.json {
		if err := writeJSON(out, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "game %s: white %s, black %s, control %q, laws %s\n", id, names.Label(rep.White), names.Label(rep.Black), rep.TimeControl, rep.Profile)
		if s, ok := names.Seat(id); ok {
			fmt.Fprintf(out, "%s, round %d, board %d\n", names.Event, s.Round, s.Board)
		}
		printTimeline(out, rep.Entries, names)
		fmt.Fprintf(out, "verdict: %s\n", rep.Verdict)
	}
	if !rep.OK {
		if rep.First == nil { // a damaged log, not repaired: the verdict says where
			return exitWith(1, fmt.Errorf("game %s: %s", id, rep.Verdict))
		}
		return exitWith(1, fmt.Errorf("game %s: %s", id, rep.First))
	}
	return nil
}

func auditAt(out io.Writer, id string, log []events.Envelope) error {
	var m *audit.Moment
	var err error
	if ply, perr := strconv.Atoi(auditOpts.at); perr == nil {
		m, err = audit.AtPly(id, log, ply)
	} else if t, terr := time.Parse(time.RFC3339Nano, auditOpts.at); terr == nil {
		m, err = audit.At(id, log, t)
	} else {
		return exitWith(2, fmt.Errorf("--at %q: neither a ply number nor an RFC 3339 instant", auditOpts.at))
	}
	if err != nil {
		return exitWith(2, err)
	}
	if auditOpts.html != "" {
		if err := writeFile(auditOpts.html, func(w io.Writer) error { return report.Moment(w, m) }); err != nil {
			return exitWith(2, err)
		}
	}
	if auditOpts.json {
		return writeJSON(out, m)
	}
	fmt.Fprintf(out, "game %s at %s (after event seq %d, ply %d", id, m.At.UTC().Format(time.RFC3339Nano), m.Seq, m.Ply)
	if m.LastMove != "" {
		fmt.Fprintf(out, ", last move %s", m.LastMove)
	}
	fmt.Fprintf(out, "), %s to move, result %s\nFEN %s\n%s", m.Turn, m.Result, m.FEN, report.TextBoard(m.FEN))
	if c := m.Clocks; c != nil {
		fmt.Fprintf(out, "clocks: white %s, black %s", clockText(c.WhiteMs), clockText(c.BlackMs))
		if c.Running != "" {
			fmt.Fprintf(out, " (%s's running)", c.Running)
		}
		if c.Paused {
			out.Write([]byte(" (paused)"))
		}
		if c.Flag != "" {
			fmt.Fprintf(out, " (%s's flag down)", c.Flag)
		}
		fmt.Fprintln(out)
	} else {
		fmt.Fprintln(out, "clocks: not running")
	}
	return nil
}

func auditTournament(ctx context.Context, out io.Writer, src audit.Source, id string) error {
	if err := events.Tournament(id).Check(); err != nil {
		return exitWith(2, err)
	}
	rep, err := audit.Tournament(ctx, src, id)
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	log, err := src.Load(ctx, events.Tournament(id))
	if t, ok := src.(audit.Tolerant); ok && err != nil {
		log, _, err = t.LoadTolerant(ctx, events.Tournament(id)) // a damaged log: its good events name the players
	}
	if err != nil {
		return exitWith(2, fmt.Errorf("audit: %w", err))
	}
	names := report.RosterOf(log)
	if auditOpts.html != "" {
		if err := writeFile(auditOpts.html, func(w io.Writer) error { return report.Tournament(w, rep, names) }); err != nil {
			return exitWith(2, err)
		}
	}
	if auditOpts.json {
		if err := writeJSON(out, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "tournament %s: %s (%s)\n", id, rep.Name, rep.System)
		printTimeline(out, rep.Entries, names)
		for _, r := range rep.Rounds {
			same := "re-paired: the same"
			if !r.Repaired {
				same = "re-paired: DIFFERENT: " + r.Problem
			}
			fmt.Fprintf(out, "round %d (%s, %d boards): %s\n", r.Round, r.Engine, r.Boards, same)
		}
		for _, g := range rep.Games {
			fmt.Fprintf(out, "game %s: %s - %s %s: %s\n", g.GameID, names.Name(g.White), names.Name(g.Black), g.Result, g.Verdict)
		}
		fmt.Fprintln(out, "standings (re-computed):")
		for _, s := range rep.Standings {
			fmt.Fprintf(out, "  %2d. %-32s %g\n", s.Rank, names.Label(s.PlayerID), s.Points)
		}
		fmt.Fprintf(out, "verdict: %s\n", rep.Verdict)
	}
	if !rep.OK {
		where := "tournament " + id
		if rep.FirstGame != "" {
			where = "game " + rep.FirstGame
		}
		if rep.First == nil { // a damaged log, not repaired: the verdict says where
			return exitWith(1, fmt.Errorf("%s: %s", where, rep.Verdict))
		}
		return exitWith(1, fmt.Errorf("%s: %s", where, rep.First))
	}
	return nil
}

func printTimeline(out io.Writer, entries []audit.Entry, names *report.Roster) {
	for _, e := range entries {
		var b strings.Builder
		fmt.Fprintf(&b, "%4d  %s  %-18s %-26s", e.Seq, e.At.UTC().Format("2006-01-02T15:04:05.000Z"), names.Actor(e.Actor), e.Type)
		if e.Clocks != nil {
			fmt.Fprintf(&b, " W %s B %s ", clockText(e.Clocks.WhiteMs), clockText(e.Clocks.BlackMs))
		}
		if e.Article != "" {
			fmt.Fprintf(&b, " [article %s", e.Article)
			if e.Profile != "" {
				fmt.Fprintf(&b, ", %s", e.Profile)
			}
			b.WriteString("]")
		}
		fmt.Fprintf(&b, " %s", names.Says(e))
		if e.Problem != "" {
			fmt.Fprintf(&b, "  <<< DOES NOT FOLLOW: %s", e.Problem)
		} else if e.Checked != "re-derived" {
			fmt.Fprintf(&b, "  (%s)", e.Checked)
		}
		fmt.Fprintln(out, b.String())
	}
}

// gameRoster names the players of a tournament game from its
// tournament's log (nil, naming them by id, for a game outside a
// tournament or one whose tournament cannot be read).
func gameRoster(ctx context.Context, src audit.Source, log []events.Envelope) *report.Roster {
	for len(log) > 0 && events.AboutTheLog(log[0].Type) { // a repair voiding what was published before the creation
		log = log[1:]
	}
	if len(log) == 0 {
		return nil
	}
	ev, err := events.Decode(log[0])
	if err != nil {
		return nil
	}
	c, ok := ev.(*events.GameCreated)
	if !ok || c.TournamentID == "" {
		return nil
	}
	tlog, err := src.Load(ctx, events.Tournament(c.TournamentID))
	if err != nil || len(tlog) == 0 {
		return nil
	}
	return report.RosterOf(tlog)
}

func clockText(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	return fmt.Sprintf("%d:%02d:%02d.%03d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60, ms%1000)
}

func writeJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeFile(path string, fn func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
