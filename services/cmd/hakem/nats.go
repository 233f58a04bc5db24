package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"

	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/spf13/cobra"
)

// natsCmd is hakem nats: the NATS users, of the embedded server (creds) and
// of an external cluster (accounts).
var natsCmd = &cobra.Command{Use: "nats", Short: "The NATS users: the embedded server's credentials, a cluster's accounts.conf"}

func init() {
	var user string
	var context bool
	creds := &cobra.Command{
		Use:   "creds",
		Short: "Print the embedded NATS server's admin credentials (a URL for natscli)",
		Long: `hakem serve's embedded NATS server refuses anonymous clients: it requires the
deployment's per-service users (games, clocks, arbiter, scoring, pairing,
gateway), its admin user and the in-process user "hakem", whose passwords
hakem serve creates on first start in <data>/nats-users.json (mode 0600).

hakem nats creds prints the admin's URL, nats://admin:<password>@<listen>
(HAKEM_NATS_LISTEN, else where hakem serve last listened with it, as
recorded in <data>/nats-listen, else 127.0.0.1:4222), for

  nats --server "$(hakem nats creds --data ./data)" stream ls

--context prints a natscli context (JSON) instead, for
~/.config/nats/context/hakem.json. --user prints another user's (a service
process joining the embedded server with --nats). The admin may call every
JetStream API but publish on no event subject; no service user may edit or
delete a stream. --user standby, with HAKEM_STANDBY_LISTEN, prints the URL a
standby machine runs hakem serve --standby with.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := wiring.LoadConfig(cmd.Flags(), nil)
			if err != nil {
				return exitWith(2, err)
			}
			b, err := os.ReadFile(embedded.UsersPath(cfg.Data))
			if err != nil {
				return exitWith(2, fmt.Errorf("nats creds: %w (start hakem serve --data %s once first)", err, cfg.Data))
			}
			var users embedded.Users
			if err := json.Unmarshal(b, &users); err != nil {
				return exitWith(2, fmt.Errorf("nats creds: %s: %w", embedded.UsersPath(cfg.Data), err))
			}
			pw, ok := users[user]
			if !ok {
				return exitWith(2, errors.New("nats creds: no NATS user "+user))
			}
			addr := cfg.NATSListen
			if user == embedded.StandbyUser && cfg.StandbyListen != "" {
				addr = cfg.StandbyListen // the standby's URL, for hakem serve --standby
			}
			if addr == "" {
				addr = wiring.RecordedListen(cfg.Data) // where serve last listened
			}
			if addr == "" {
				addr = "127.0.0.1:4222"
			}
			u := url.URL{Scheme: "nats", User: url.UserPassword(user, pw), Host: addr}
			out := cmd.OutOrStdout()
			if context {
				return writeJSON(out, map[string]string{
					"description": "Hakem embedded NATS (" + cfg.Data + ")", "url": "nats://" + addr, "user": user, "password": pw,
				})
			}
			_, err = fmt.Fprintln(out, u.String())
			return err
		},
	}
	wiring.AddFlags(creds.Flags())
	creds.Flags().StringVar(&user, "user", embedded.AdminUser, "the NATS user whose credentials to print")
	creds.Flags().BoolVar(&context, "context", false, "print a natscli context (JSON) instead of a URL")
	natsCmd.AddCommand(creds)
	rootCmd.AddCommand(natsCmd) // once: nats_accounts.go adds its command to natsCmd
}
