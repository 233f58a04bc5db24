package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"
)

func init() {
	var data string
	var lines bool
	var timeout time.Duration
	migrate := &cobra.Command{
		Use:   "migrate",
		Short: "Bring a stopped server's data folder to another layout, or into the signed world",
		Long: `hakem migrate changes a stopped hakem serve's data folder in place, each
subcommand resumable after a kill and idempotent when run again:

  partitions N   move the games into N partition streams
  sign           attest the logs of a folder written before events were signed

Upgrading a folder written before signing: its events carry no signature,
and the events already in the append-only log cannot be signed after the
fact. Stop the server, copy the folder, then run hakem migrate sign --data
DIR: it makes the writers' keys (or uses those in --keys), appends to every
game and tournament whose log holds unsigned events one signed
game.log_attested / tournament.log_attested (by the games / pairing
service) naming the chain head it attests, and publishes a checkpoint of
the heads. Serve the folder as before; hakem audit reports the unsigned
events at or before the head as "written before signing, attested", and
fails any unsigned event after it.`,
	}
	partitions := &cobra.Command{
		Use:   "partitions N --data DIR",
		Short: "Move the games of a single-stream data folder into N partition streams (offline)",
		Long: `hakem migrate partitions N moves every game of a stopped hakem serve's data
folder from the single stream GAMES into the N streams GAMES_0 .. GAMES_{N-1}
(a game in the partition its id's FNV-1a hash names), so that the folder
serves with HAKEM_GAME_PARTITIONS=N. Tournaments stay in TOURNAMENTS.

Each command is appended to its partition as it was (the same events, hashes
and signatures, one atomic batch per command): a game's log and its audit
are the same before and after; only stream sequences change. The run is
resumable and idempotent: killed at any point, run it again and each event is
copied once. Only when every game's head in its partition equals its head in
GAMES is GAMES deleted (with its consumer groups; hakem serve makes them
again per partition), the sealed copies of finished games made again and
the clock watcher's checkpoint dropped (it is rebuilt from the partitions).
Copy the folder first if you want a way back.

Stop the server using DIR first: the folder is opened by an embedded server
of its own. A progress line is written on stderr when it is a terminal.`,
		Example: `  hakem migrate partitions 3 --data ./data
  HAKEM_GAME_PARTITIONS=3 hakem serve --data ./data`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 2 || n > int(events.MaxGamePartitions) {
				return exitWith(2, fmt.Errorf("migrate partitions: N %q: want a number from 2 to %d", args[0], int(events.MaxGamePartitions)))
			}
			if data == "" {
				return exitWith(2, errors.New("migrate partitions: --data: the stopped server's data folder is required"))
			}
			if info, err := os.Stat(data); err != nil || !info.IsDir() {
				return exitWith(2, fmt.Errorf("migrate partitions: --data %q: not a folder", data))
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			return migratePartitions(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), data, events.GamePartitions(n), lines)
		},
	}
	partitions.Flags().StringVar(&data, "data", "", "the stopped server's data folder (modified in place)")
	partitions.Flags().BoolVar(&lines, "progress", false, "write the progress on stderr even when it is not a terminal, a line per hundred events")
	partitions.Flags().DurationVar(&timeout, "timeout", 24*time.Hour, "give up after this long (a later run resumes)")
	migrate.AddCommand(partitions, migrateSignCmd())
	rootCmd.AddCommand(migrate)
}

// migratePartitions runs eventstore.MigratePartitions on an embedded server of
// its own on the folder data.
func migratePartitions(ctx context.Context, out, errOut io.Writer, data string, n events.GamePartitions, lines bool) error {
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: data, Port: -1, SyncAlways: true})
	if err != nil {
		return exitWith(1, fmt.Errorf("migrate partitions: %w (is a server still using %s?)", err, data))
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		return exitWith(1, fmt.Errorf("migrate partitions: %w", err))
	}
	defer nc.Close()
	var progress func(eventstore.MigrationProgress)
	start, end := "", "\n"
	if f, ok := errOut.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			start, end, lines = "\r", "", true // one line, rewritten
		}
	}
	if lines {
		progress = func(p eventstore.MigrationProgress) {
			pct := 100.0
			if p.Total > 0 {
				pct = 100 * float64(p.Read) / float64(p.Total)
			}
			fmt.Fprintf(errOut, "%smigrate partitions: %d of %d events read (%.0f%%), %d copied, %d games%s", start, p.Read, p.Total, pct, p.Copied, p.Games, end)
		}
	}
	rep, err := eventstore.MigratePartitions(ctx, nc, eventstore.Config{Partitions: n}, progress)
	if progress != nil && start != "" {
		fmt.Fprintln(errOut)
	}
	if err != nil {
		return exitWith(1, fmt.Errorf("migrate partitions: %w", err))
	}
	if rep.AlreadyDone {
		fmt.Fprintf(out, "migrate partitions: %s already holds its games in %d partitions; nothing to do\n", data, int(n))
		return nil
	}
	// The clock watcher's checkpoint names a position in GAMES: a cache,
	// dropped so that the watcher folds the partitions from the start.
	js, err := jetstream.New(nc)
	if err != nil {
		return exitWith(1, err)
	}
	if kv, err := js.KeyValue(ctx, wiring.ClockWatchBucket); err == nil {
		keys, err := kv.ListKeys(ctx)
		if err != nil {
			return exitWith(1, fmt.Errorf("migrate partitions: the clock watcher's checkpoint: %w", err))
		}
		for key := range keys.Keys() {
			if err := kv.Delete(ctx, key); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
				return exitWith(1, fmt.Errorf("migrate partitions: dropping the clock watcher's checkpoint: %w", err))
			}
		}
	}
	fmt.Fprintf(out, "migrate partitions: %d events of %d games moved into %d partitions (%d copied by this run), %d sealed games sealed again; GAMES removed. Serve with HAKEM_GAME_PARTITIONS=%d\n",
		rep.Total, rep.Games, int(n), rep.Copied, rep.Resealed, int(n))
	return nil
}
