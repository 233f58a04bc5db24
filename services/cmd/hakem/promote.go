package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/services/standby"
	"github.com/spf13/cobra"
)

func init() {
	var to, token, by string
	var force bool
	var wait time.Duration
	cmd := &cobra.Command{
		Use:   "promote",
		Short: "Make a standby (hakem serve --standby) the primary, when the primary is gone",
		Long: `hakem promote asks a standby, over its HTTP API (POST /api/standby/promote on
--http, the standby's gateway address, not NATS), to become the primary: its
mirrors of the primary's streams become normal streams (a JetStream stream
update that removes the mirror; every message it had copied stays), the
promotion is recorded in its data folder, and the process starts the
services on the same address. It waits until the new primary is ready.

Only promote a standby once the primary is really gone: a standby still
connected to its primary refuses (409 primary_connected) unless --force, and
the old primary must not be started again on its data folder (it would take
writes of its own). What the standby had not copied yet when the primary died is lost:
its lag (GET /api/standby, /readyz, the metric hakem_standby_lag_messages).
Then point the venue's address (the name or IP the consoles and the pages
use) at this machine: the pages retry the same address.

With an authorisation tokens file, --token (or HAKEM_TOKEN) is an
organiser's or arbiter's bearer token. Exit status: 0 promoted (or already
the primary), 1 refused or failed, 2 bad flags or unreachable.`,
		Example: `  hakem promote --http http://10.0.0.2:8080 --token "$HAKEM_TOKEN"`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if token == "" {
				token = os.Getenv("HAKEM_TOKEN")
			}
			base := strings.TrimRight(to, "/")
			if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
				return exitWith(2, fmt.Errorf("--http %q: want the standby's gateway URL, http://host:port", to))
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), wait)
			defer cancel()
			body, _ := json.Marshal(standby.PromoteRequest{By: by, Force: force})
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/standby/promote", bytes.NewReader(body))
			if err != nil {
				return exitWith(2, err)
			}
			req.Header.Set("Content-Type", "application/json")
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return exitWith(2, fmt.Errorf("promote: %w", err))
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			switch {
			case resp.StatusCode == http.StatusConflict && strings.Contains(string(raw), `"not_standby"`):
				fmt.Fprintf(cmd.OutOrStdout(), "%s is already the primary\n", base)
				return nil
			case resp.StatusCode != http.StatusOK:
				return exitWith(1, fmt.Errorf("promote: %s: %s", resp.Status, strings.TrimSpace(string(raw))))
			}
			var st standby.Status
			if err := json.Unmarshal(raw, &st); err != nil {
				return exitWith(1, fmt.Errorf("promote: the answer is not a status: %w", err))
			}
			for _, s := range st.Streams {
				fmt.Fprintf(cmd.OutOrStdout(), "%-22s last sequence %d\n", s.Stream, s.LastSeq)
			}
			if err := waitPrimary(ctx, base); err != nil {
				return exitWith(1, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "promoted: %s is the primary (old primary %s); point the venue's address at it\n", base, st.Primary)
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "http", "http://127.0.0.1:8080", "the standby's HTTP address (its --http)")
	cmd.Flags().StringVar(&token, "token", "", "an organiser's or arbiter's bearer token (also HAKEM_TOKEN); needed with a tokens file")
	cmd.Flags().StringVar(&by, "by", "", "who promotes (recorded; a token's subject is used when there is one)")
	cmd.Flags().BoolVar(&force, "force", false, "promote even while the primary is still connected to the standby (then stop the old primary at once)")
	cmd.Flags().DurationVar(&wait, "wait", 2*time.Minute, "how long to wait for the promotion and the new primary's readiness")
	rootCmd.AddCommand(cmd)
}

// waitPrimary polls base until its /readyz is ready as the primary.
func waitPrimary(ctx context.Context, base string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var r struct {
				Role string `json:"role"`
			}
			_ = json.Unmarshal(raw, &r)
			if resp.StatusCode == http.StatusOK && r.Role != standby.RoleStandby {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return errors.New("promote: the promoted machine did not become ready as the primary in time (see its log)")
		case <-time.After(200 * time.Millisecond):
		}
	}
}
