package main

import (
	"fmt"
	"io"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/spf13/cobra"
)

func init() { natsCmd.AddCommand(natsAccountsCmd()) }

// natsAccountsCmd is hakem nats accounts --partitions N: deploy/nats/
// accounts.conf widened to N game partitions for an external cluster.
func natsAccountsCmd() *cobra.Command {
	var partitions int
	cmd := &cobra.Command{
		Use:   "accounts --partitions N",
		Short: "Print deploy/nats/accounts.conf widened to N game partitions (an external cluster's users)",
		Long: `deploy/nats/accounts.conf, the NATS users and permissions of docker compose
and Kubernetes, grants the per-service users the subjects of the single game
stream: game.*.<writer> and the consumer APIs of GAMES. With
HAKEM_GAME_PARTITIONS=N > 1 the games are in the streams GAMES_0 ..
GAMES_{N-1} on the subjects game-<p>.*.<writer>, which a NATS wildcard cannot
name (wildcards are whole tokens: "game-*" matches nothing of them).

hakem nats accounts --partitions N prints accounts.conf (the copy built into
this binary, the one hakem serve's embedded server runs) with each allowed and
denied subject of every user followed by its N partition copies: game-<p> for
a first token game, GAMES_<p> for a token GAMES. It is the rule the embedded
server applies to its own users, and the output is checked against it before
it is printed. Comments and layout are kept; the passwords stay environment
variables. Write it over deploy/nats/accounts.conf (both compose and the
Kubernetes ConfigMap include that file) on a cluster serving N partitions.
--partitions 1 prints the file unchanged. N outside 1..64 exits 2 printing
nothing.`,
		Example: `  hakem nats accounts --partitions 3 > deploy/nats/accounts.conf
  HAKEM_GAME_PARTITIONS=3 hakem provision --nats nats://admin:PASSWORD@nats:4222 --replicas 3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("partitions") {
				return exitWith(2, fmt.Errorf("nats accounts: --partitions: required, the cluster's HAKEM_GAME_PARTITIONS (1 to %d)", int(events.MaxGamePartitions)))
			}
			n := events.GamePartitions(partitions)
			if err := n.Valid(); err != nil {
				return exitWith(2, fmt.Errorf("nats accounts: --partitions %d: want 1 to %d", partitions, int(events.MaxGamePartitions)))
			}
			conf, err := embedded.PartitionedAccountsConf(n)
			if err != nil {
				return fmt.Errorf("nats accounts: %w", err)
			}
			_, err = io.WriteString(cmd.OutOrStdout(), conf)
			return err
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return exitWith(2, fmt.Errorf("nats accounts: %w", err))
	})
	cmd.Flags().IntVar(&partitions, "partitions", 0, "the cluster's game partitions (HAKEM_GAME_PARTITIONS), 1 to 64")
	return cmd
}
