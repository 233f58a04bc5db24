package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/services/backup"
	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"
)

// natsFlags are how hakem backup and promote reach a running server.
type natsFlags struct {
	url, creds string
}

func (f *natsFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.url, "nats", "", "URL of the running server's NATS listener (HAKEM_NATS_LISTEN of hakem serve); a user and password may be in it: nats://user:password@host:4222; also HAKEM_NATS")
	cmd.Flags().StringVar(&f.creds, "creds", "", "NATS credentials file (JWT and NKey seed) to connect with; also HAKEM_NATS_CREDS")
}

// connect opens a connection as the flags (or HAKEM_NATS, HAKEM_NATS_CREDS)
// say.
func (f *natsFlags) connect(name string) (*nats.Conn, error) {
	url, creds := f.url, f.creds
	if url == "" {
		url = os.Getenv("HAKEM_NATS")
	}
	if creds == "" {
		creds = os.Getenv("HAKEM_NATS_CREDS")
	}
	if url == "" {
		return nil, exitWith(2, errors.New("--nats: the URL of the running server's NATS listener is needed (start hakem serve with HAKEM_NATS_LISTEN=127.0.0.1:4222)"))
	}
	opts := []nats.Option{nats.Name("hakem " + name), nats.Timeout(10 * time.Second)}
	if creds != "" {
		opts = append(opts, nats.UserCredentials(creds))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, exitWith(2, fmt.Errorf("connecting to the running server: %w", err))
	}
	return nc, nil
}

// progressTo reports a backup's or a restore's progress on w when it is a
// terminal, nothing otherwise.
func progressTo(w io.Writer, verb string) backup.Progress {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if info, err := f.Stat(); err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return func(stream string, n int64, done bool) {
		if done {
			fmt.Fprintf(f, "\r%s %-20s %10.1f MB done\n", verb, stream, float64(n)/1e6)
			return
		}
		fmt.Fprintf(f, "\r%s %-20s %10.1f MB", verb, stream, float64(n)/1e6)
	}
}

func init() {
	var nf natsFlags
	var to, keys string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "backup --to DIR|FILE.tar",
		Short: "Take a consistent copy of a running server's event log while the event goes on",
		Long: `Copy every stream of a running Hakem (the games' and tournaments' events,
the sealed logs, the clocks' buckets) through JetStream's own stream
snapshots: each stream is copied by the server at one instant while moves
go on, never a copy of files in use. The copy goes into the new or empty
folder --to, or into a tar file when --to ends in .tar. Its manifest.json
names the last sequence of every stream it holds and the position of every
consumer group; "hakem restore" brings it back into a fresh data folder.

The running server must listen for NATS clients: start hakem serve with
HAKEM_NATS_LISTEN (e.g. 127.0.0.1:4222) and give that address as --nats.
Where the listener asks for credentials, put the user and password in the
URL (nats://user:password@127.0.0.1:4222) or give a credentials file with
--creds. Progress goes to stderr when it is a terminal; the manifest's
summary to stdout.

--keys names the running server's keys folder (<data>/keys, or its
keys_dir): its keyring.json, the writers' and the checkpoints' public keys,
goes into the backup, so that the events of a restored folder verify
("hakem restore" puts it back). The private keys never go into a backup:
keep a copy of the keys folder apart, as a secret, and give it to
"hakem restore --keys" to sign on with the same keys.`,
		Example: `  hakem backup --nats nats://127.0.0.1:4222 --to backups/round-5
  hakem backup --nats nats://backup:secret@127.0.0.1:4222 --to round-5.tar
  hakem backup --nats "$(hakem nats creds --data ./data)" --keys ./data/keys --to round-5.tar`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if to == "" {
				return exitWith(2, errors.New("--to: name a new folder or a .tar file"))
			}
			nc, err := nf.connect("backup")
			if err != nil {
				return err
			}
			defer nc.Close()
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			if keys == "" {
				fmt.Fprintln(cmd.ErrOrStderr(), "hakem backup: no --keys: the backup holds no keyring; keep the server's keys/keyring.json with it")
			}
			m, err := takeBackup(ctx, nc, to, keys, progressTo(cmd.ErrOrStderr(), "backup"))
			if err != nil {
				return exitWith(1, err)
			}
			printManifest(cmd.OutOrStdout(), "backed up into "+to, m)
			return nil
		},
	}
	nf.add(cmd)
	cmd.Flags().StringVar(&to, "to", "", "new or empty folder, or a file ending in .tar, to write the backup into")
	cmd.Flags().StringVar(&keys, "keys", "", "the running server's keys folder (<data>/keys): its keyring.json of public keys goes into the backup (never a private key)")
	cmd.Flags().DurationVar(&timeout, "timeout", time.Hour, "give up after this long")
	rootCmd.AddCommand(cmd)
}

// takeBackup writes a backup into the folder to, or into a tar file when
// to ends in .tar (the folder is then a temporary one beside it).
func takeBackup(ctx context.Context, nc *nats.Conn, to, keys string, progress backup.Progress) (backup.Manifest, error) {
	if !backup.IsTar(to) {
		return backup.TakeWithKeys(ctx, nc, to, keys, progress)
	}
	if _, err := os.Stat(to); err == nil {
		return backup.Manifest{}, fmt.Errorf("%s exists: a backup goes into a new file", to)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(to), ".hakem-backup-")
	if err != nil {
		return backup.Manifest{}, err
	}
	defer os.RemoveAll(tmp)
	m, err := backup.TakeWithKeys(ctx, nc, tmp, keys, progress)
	if err != nil {
		return backup.Manifest{}, err
	}
	return m, backup.Pack(tmp, to)
}

// printManifest prints one line per stream of m.
func printManifest(w io.Writer, what string, m backup.Manifest) {
	fmt.Fprintf(w, "%s (taken %s):\n", what, m.Taken.Format(time.RFC3339))
	for _, s := range m.Streams {
		fmt.Fprintf(w, "  %-20s last seq %d, %d messages, %d bytes, %d consumer groups\n", s.Name, s.LastSeq, s.Messages, s.Bytes, len(s.Consumers))
	}
}
