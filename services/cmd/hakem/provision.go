package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"
	"go.uber.org/zap"
)

// provisionLong is hakem provision's help text.
const provisionLong = `Create or update, on the external NATS server of --nats, everything the
services need: the event streams (GAMES, TOURNAMENTS), the sealed-log
bucket (KV_HAKEM_SEALED), the poison stream (HAKEM_POISON) and the durable
consumer of every consumer group. Run it as the NATS admin user (user and
password in the URL, HAKEM_NATS_USER and HAKEM_NATS_PASSWORD, or
HAKEM_NATS_CREDS; TLS keys as for hakem serve), before the services start
and after an upgrade. The services then run with HAKEM_NATS_PROVISIONED=true
and only bind to what it made, so that their own NATS users need no right
to create, update or delete a stream or a consumer group.

--replicas (or HAKEM_STREAM_REPLICAS) is the streams' replica count: 3 in a
3-node cluster. A stream that already has more is not scaled down. Running
it again is harmless.`

func init() {
	var replicas int
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "provision",
		Short: "Create the streams, bucket and consumer groups on a NATS server, as its admin user",
		Long:  provisionLong,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return provision(cmd, replicas, timeout)
		},
	}
	cmd.Flags().String("config", "", "configuration file (YAML, TOML or JSON); also HAKEM_CONFIG")
	cmd.Flags().String("nats", "", "URL of the NATS server, as the admin user; also HAKEM_NATS")
	cmd.Flags().String("log-level", "info", "log level: debug, info, warn, error; also HAKEM_LOG_LEVEL")
	cmd.Flags().IntVar(&replicas, "replicas", 1, "replica count of the streams (3 in a 3-node cluster); also HAKEM_STREAM_REPLICAS")
	cmd.Flags().DurationVar(&timeout, "timeout", time.Minute, "how long to wait for the JetStream API (a new cluster elects its leader first)")
	rootCmd.AddCommand(cmd)
}

// provision is hakem provision: it provisions the NATS server of the
// configuration, trying again for up to timeout, and lists what it made.
func provision(cmd *cobra.Command, replicas int, timeout time.Duration) error {
	cfg, err := wiring.LoadConfig(cmd.Flags(), nil)
	if err != nil {
		return exitWith(2, err)
	}
	if f := cmd.Flags().Lookup("replicas"); f.Changed {
		if replicas < 1 || replicas > 5 {
			return exitWith(2, fmt.Errorf("--replicas %d: want 1 to 5", replicas))
		}
		cfg.StreamReplicas = replicas
	}
	if cfg.NATS == "" {
		return exitWith(2, errors.New("provision needs --nats (or HAKEM_NATS): an embedded server is provisioned by hakem serve itself"))
	}
	log, err := wiring.NewLogger(cfg.LogLevel, cmd.ErrOrStderr())
	if err != nil {
		return exitWith(2, err)
	}
	defer func() { _ = log.Sync() }()
	n, err := wiring.StartNATS(cfg, log)
	if err != nil {
		return err
	}
	nc, err := n.Connect("provision")
	if err != nil {
		return err
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
	defer cancel()
	got, err := provisionUntil(ctx, nc, cfg, log)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "streams (R%d): %s\n", got.Replicas, strings.Join(got.Streams, ", "))
	fmt.Fprintf(out, "consumer groups: %s\n", strings.Join(got.Consumers, ", "))
	return nil
}

// provisionUntil provisions until it succeeds or ctx ends: a cluster that
// has just started answers the JetStream API once it has elected its meta
// leader.
func provisionUntil(ctx context.Context, nc *nats.Conn, cfg wiring.Config, log *zap.Logger) (wiring.Provisioned, error) {
	for {
		try, cancelTry := context.WithTimeout(ctx, 20*time.Second)
		got, err := wiring.Provision(try, nc, cfg.StreamReplicas, events.GamePartitions(cfg.GamePartitions), log)
		cancelTry()
		if err == nil {
			return got, nil
		}
		if ctx.Err() != nil {
			return got, err
		}
		log.Warn("provisioning failed; trying again", zap.Error(err))
		select {
		case <-ctx.Done():
			return got, err
		case <-time.After(time.Second):
		}
	}
}
