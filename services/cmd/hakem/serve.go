package main

import (
	"os/signal"
	"syscall"

	"github.com/hakem-chess/hakem/services/internal/serve"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/spf13/cobra"
)

func init() {
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run Hakem's services and the HTTP gateway on JetStream",
		Long: `Run Hakem's services (games, clocks, arbiter, scoring, pairing, gateway) in
one process. Without --nats, an embedded JetStream server stores the event
log in the --data folder; with --nats, the services use that server. Every
flag can also be set as HAKEM_<FLAG> (HAKEM_DATA, HAKEM_HTTP, HAKEM_NATS,
HAKEM_ONLY, HAKEM_LOG_LEVEL) or in a --config file. Stops gracefully on
SIGINT or SIGTERM.

One data folder, one writer: without --nats, serve holds an exclusive lock
on <data>/hakem.lock (flock) while it runs, as hakem migrate and hakem
restore do; a second one on the folder exits 1 at once, naming the folder
and the holder's pid and command. The kernel releases the lock when the
process ends, SIGKILL included: a lock file left behind never blocks.

Every process serves /livez, /readyz and /metrics on --http; the process
that runs the gateway also serves the API and the web pages. With
HAKEM_AUTH_TOKENS_FILE (key auth.tokens_file) the API needs bearer tokens
for everything but reads (roles player, arbiter, organiser; see package
services/authz); without it the gateway runs open, and only on a loopback
address unless HAKEM_AUTH_MODE=open; a changed tokens file is read again
within a second, without a restart. Other keys: HAKEM_NATS_LISTEN,
HAKEM_STREAM_REPLICAS, HAKEM_SYNC_INTERVAL, HAKEM_SHUTDOWN_TIMEOUT,
HAKEM_COMMAND_RETRIES, HAKEM_NATS_USER, HAKEM_NATS_PASSWORD,
HAKEM_NATS_CREDS, HAKEM_NATS_TLS_CA, HAKEM_NATS_TLS_CERT,
HAKEM_NATS_TLS_KEY, and HAKEM_NATS_PROVISIONED (true: create no stream,
bucket or consumer, bind to what "hakem provision" made; needs --nats).
HAKEM_PPROF_ADDR (environment only, a loopback address) serves Go's
profiles.

HAKEM_SYNC_INTERVAL is "always" (the default: the embedded server syncs
every write to disk before acknowledging it, so a power cut loses nothing
acknowledged) or a duration such as 2m (sync that often: faster, but a
power cut may lose that long of acknowledged events). HAKEM_BACKUP_EVERY
("round", or a duration such as 30m) has this process take backups into
HAKEM_BACKUP_DIR (default <data>-backups); see hakem backup.

A standby machine: HAKEM_STANDBY_LISTEN=host:port on the primary accepts
its standby's connection (as the NATS user standby: hakem nats creds
--user standby prints its URL); --standby URL (HAKEM_STANDBY) on a second
machine, on a fresh data folder with a copy of the primary's keys folder,
mirrors every stream of that primary, serves the reads and the pages,
refuses every write (503, error code standby) and reports its lag on
/readyz, GET /api/standby, /standby and the metric
hakem_standby_lag_messages. hakem promote makes it the primary.

Written so far (see services/README.md): games, clocks, the gateway (GET
/livez, /readyz, /metrics; the API under /api/games and /api/tournaments),
the arbiter's rulings (flag falls, draw claims, illegal moves, and by
hand: penalties, late arrival, annulment, both players at fault, result
overrides), round-robin and FIDE Dutch Swiss tournaments (pairing) and
published standings and rating changes (scoring).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := wiring.LoadConfig(cmd.Flags(), nil)
			if err != nil {
				return exitWith(2, err)
			}
			log, err := wiring.NewLogger(cfg.LogLevel, cmd.ErrOrStderr())
			if err != nil {
				return exitWith(2, err)
			}
			defer func() { _ = log.Sync() }()
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			return serve.Run(ctx, cfg, log, nil)
		},
	}
	wiring.AddFlags(cmd.Flags())
	rootCmd.AddCommand(cmd)
}
