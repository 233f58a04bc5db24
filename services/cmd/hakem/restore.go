package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/services/backup"
	"github.com/hakem-chess/hakem/services/internal/datalock"
	"github.com/spf13/cobra"
)

func init() {
	var from, data, keys string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "restore --from DIR|FILE.tar --data DIR",
		Short: "Bring a backup back into a fresh data folder",
		Long: `Restore a backup made by "hakem backup" into the data folder --data, which
must be new or empty: an embedded JetStream server is started on it, every
stream of the backup is created from its snapshot and every consumer group
is moved back to where it stood when the backup began (the events it had
not handled then are handled again once hakem serve starts, and recorded
once), and the server is stopped. Then run hakem serve --data DIR.

The signing keys come back into DIR/keys (hakem serve's default keys_dir):
the backup's keyring (the public keys its events were signed with, taken
with hakem backup --keys), so that hakem audit of the restored folder
verifies every signature; and with --keys FOLDER, a copy of the old keys
folder kept apart, the writers' and the checkpoints' private keys, so that
hakem serve signs on with the same keys. Without --keys, serve makes new
keys on its first start and adds them to the keyring.

Nothing needs to run meanwhile: the restore works offline on the folder.`,
		Example: `  hakem restore --from backups/round-5 --data ./data
  hakem restore --from round-5.tar --data ./data && hakem serve --data ./data
  hakem restore --from round-5.tar --data ./data --keys /secrets/hakem-keys`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if from == "" || data == "" {
				return exitWith(2, errors.New("--from (a backup folder or .tar) and --data (a new or empty folder) are needed"))
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			dir := from
			if backup.IsTar(from) {
				tmp, err := os.MkdirTemp("", "hakem-restore-")
				if err != nil {
					return exitWith(1, err)
				}
				defer os.RemoveAll(tmp)
				if err := backup.Unpack(from, tmp); err != nil {
					return exitWith(1, err)
				}
				dir = tmp
			}
			if _, err := backup.ReadManifest(dir); err != nil {
				return exitWith(1, fmt.Errorf("%s: %w", from, err))
			}
			m, err := restoreInto(ctx, dir, data, progressTo(cmd.ErrOrStderr(), "restore"))
			if err != nil {
				return exitWith(1, err)
			}
			if err := backup.RestoreKeys(dir, filepath.Join(data, "keys"), keys); err != nil {
				return exitWith(1, err)
			}
			if m.Keyring == "" && keys == "" {
				fmt.Fprintln(cmd.ErrOrStderr(), "hakem restore: the backup holds no keyring and no --keys was given: put the old keys/keyring.json into "+filepath.Join(data, "keys")+" for the audit to verify the signatures")
			}
			printManifest(cmd.OutOrStdout(), "restored into "+data, m)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the backup: its folder, or its .tar file")
	cmd.Flags().StringVar(&data, "data", "", "new or empty data folder to restore into")
	cmd.Flags().StringVar(&keys, "keys", "", "a copy of the old keys folder (private <writer>.key files and keyring.json): serve signs on with the same keys")
	cmd.Flags().DurationVar(&timeout, "timeout", time.Hour, "give up after this long")
	rootCmd.AddCommand(cmd)
}

// restoreInto restores the backup in dir into the fresh data folder data
// on an embedded server of its own.
func restoreInto(ctx context.Context, dir, data string, progress backup.Progress) (backup.Manifest, error) {
	if err := os.MkdirAll(data, 0o755); err != nil {
		return backup.Manifest{}, err
	}
	entries, err := os.ReadDir(data)
	// a lock file alone (of a serve that never wrote, or of a restore
	// that failed) leaves the folder empty
	if err == nil && (len(entries) > 1 || len(entries) == 1 && entries[0].Name() != datalock.FileName) {
		err = errors.New("not empty: restore into a new folder, then point hakem serve at it")
	}
	if err != nil {
		return backup.Manifest{}, fmt.Errorf("--data %s: %w", data, err)
	}
	lock, err := datalock.Acquire(data, datalock.CommandLine())
	if err != nil {
		return backup.Manifest{}, err
	}
	defer lock.Release()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: data, Port: -1, SyncAlways: true})
	if err != nil {
		return backup.Manifest{}, err
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		return backup.Manifest{}, err
	}
	defer nc.Close()
	// one embedded server: a cluster's 3-replica streams become 1-replica
	return backup.RestoreReplicas(ctx, nc, dir, 1, progress)
}
