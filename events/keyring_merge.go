package events

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Merge adds to r the keys and checkpoint verifiers of other that r lacks
// (by key id, and by verifier): a keyring restored from a backup, or handed
// over with a folder of private keys, joins the one in place. A key id of
// other that r holds for another writer is refused.
func (r *Keyring) Merge(other *Keyring) error {
	for _, k := range other.Keys {
		if have := r.find(k.ID); have != nil {
			if have.Writer != k.Writer {
				return fmt.Errorf("events: keyring: key %s is %s's here and %s's in the other keyring", k.ID, have.Writer, k.Writer)
			}
			continue
		}
		r.Keys = append(r.Keys, k)
	}
	for _, v := range other.Checkpoints {
		if !slices.Contains(r.Checkpoints, v) {
			r.Checkpoints = append(r.Checkpoints, v)
		}
	}
	return nil
}

// MergeKeyringInto merges the keyring file from into the keyring of the
// keys folder dir (created, mode 0700, with its keyring, when missing).
func MergeKeyringInto(dir, from string) error {
	add, err := ReadKeyring(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("events: keys: %w", err)
	}
	path := filepath.Join(dir, KeyringFile)
	ring, err := ReadKeyring(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		ring = &Keyring{}
	case err != nil:
		return err
	}
	if err := ring.Merge(add); err != nil {
		return err
	}
	return ring.Write(path)
}
