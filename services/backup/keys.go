package backup

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hakem-chess/hakem/events"
)

// copyKeyring copies the keyring of the keys folder keysDir into the
// backup folder dir, synced.
func copyKeyring(dir, keysDir string) error {
	in, err := os.Open(filepath.Join(keysDir, events.KeyringFile))
	if err != nil {
		return fmt.Errorf("the keyring: %w", err)
	}
	defer in.Close()
	if _, err := events.ReadKeyring(in.Name()); err != nil {
		return err
	}
	out, err := os.OpenFile(filepath.Join(dir, events.KeyringFile), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// RestoreKeys brings the signing keys of a restored data folder back into
// its keys folder keysDir: the backup's keyring (the public keys its events
// were signed with, so that they verify), and, when privateDir is not "",
// the writers' and the checkpoints' private keys (<writer>.key,
// checkpoints.key) of that folder and its keyring, so that hakem serve
// signs on with the same keys. Without them serve makes new keys on its
// first start and adds them to the keyring: the old events still verify.
func RestoreKeys(dir, keysDir, privateDir string) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	if m.Keyring != "" {
		if err := events.MergeKeyringInto(keysDir, filepath.Join(dir, m.Keyring)); err != nil {
			return fmt.Errorf("the backup's keyring: %w", err)
		}
	}
	if privateDir == "" {
		return nil
	}
	entries, err := os.ReadDir(privateDir)
	if err != nil {
		return fmt.Errorf("--keys: %w", err)
	}
	copied := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".key") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(privateDir, e.Name()))
		if err != nil {
			return fmt.Errorf("--keys: %w", err)
		}
		if err := os.MkdirAll(keysDir, 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(keysDir, e.Name()), b, 0o600); err != nil {
			return err
		}
		copied++
	}
	ring := filepath.Join(privateDir, events.KeyringFile)
	if _, err := os.Stat(ring); err == nil {
		if err := events.MergeKeyringInto(keysDir, ring); err != nil {
			return fmt.Errorf("--keys: %w", err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("--keys: %w", err)
	}
	if copied == 0 {
		return fmt.Errorf("--keys %s: no private key (<writer>.key) in it", privateDir)
	}
	return nil
}
