package main

import (
	"encoding/base64"
	"fmt"
	"path/filepath"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/spf13/cobra"
)

func init() {
	keysCmd := &cobra.Command{Use: "keys", Short: "The signing keys of a data folder"}
	var asJSON bool
	initCmd := &cobra.Command{
		Use:   "init",
		Short: "Create the data folder's signing keys now and print the public keys",
		Long: `Every writer of events (games, clocks, arbiter, scoring, pairing) signs each
event it appends with a key of its own (Ed25519), and the checkpoints of the
chain heads are signed with the checkpoints' key. hakem serve creates the keys
it needs on its first start; hakem keys init creates all of them up front, in
the keys folder (keys_dir, HAKEM_KEYS_DIR; default <data>/keys): the private
keys <writer>.key and checkpoints.key (mode 0600), and keyring.json, the
public keys the audit verifies with. Keys already there are kept, never
replaced. It prints every public key, to publish or to hand to an appeals
committee with the checkpoints.

Keep the private keys secret (a copy apart, e.g. a Kubernetes Secret mounted
as keys_dir on every copy of a service): whoever holds a writer's key can
sign events as that writer. The keyring is public.`,
		Example: `  hakem keys init --data ./data
  hakem keys init --data ./data --json > keyring-published.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := wiring.LoadConfig(cmd.Flags(), nil)
			if err != nil {
				return exitWith(2, err)
			}
			if _, err := events.LoadOrCreateKeys(cfg.KeysDir, events.Writers...); err != nil {
				return exitWith(1, err)
			}
			if _, err := events.LoadOrCreateCheckpointKey(cfg.KeysDir); err != nil {
				return exitWith(1, err)
			}
			path := filepath.Join(cfg.KeysDir, events.KeyringFile)
			ring, err := events.ReadKeyring(path)
			if err != nil {
				return exitWith(1, err)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(out, ring)
			}
			fmt.Fprintf(out, "signing keys in %s (private: <writer>.key, checkpoints.key, mode 0600; keep them secret)\n", cfg.KeysDir)
			fmt.Fprintf(out, "public keys (%s):\n", path)
			for _, k := range ring.Keys {
				state := "in use"
				if k.Retired != nil {
					state = "retired " + k.Retired.UTC().Format("2006-01-02")
				}
				fmt.Fprintf(out, "  %-8s ed25519 %s  %s  (%s)\n", k.Writer, k.ID, encodeKey(k.Key), state)
			}
			for _, v := range ring.Checkpoints {
				fmt.Fprintf(out, "  checkpoints  %s\n", v)
			}
			return nil
		},
	}
	initCmd.Flags().String("data", "data", "the data folder (its keys folder is <data>/keys unless keys_dir says otherwise); also HAKEM_DATA")
	initCmd.Flags().String("config", "", "configuration file (YAML, TOML or JSON); also HAKEM_CONFIG")
	initCmd.Flags().BoolVar(&asJSON, "json", false, "print the keyring (keyring.json) instead")
	keysCmd.AddCommand(initCmd)
	rootCmd.AddCommand(keysCmd)
}

// encodeKey is a public key as keyring.json writes it (standard base64).
func encodeKey(k []byte) string { return base64.StdEncoding.EncodeToString(k) }
