package events

import (
	"os"
	"path/filepath"
)

// WriteFileSynced writes a file of the data folder (credentials, signing
// keys, the keyring) so that a power cut leaves either the old file or the
// whole new one: the bytes go to a temporary file that is synced to disk,
// renamed over path, and the folder is synced so that the rename holds. A
// plain os.WriteFile may leave an empty file after a power cut, and an
// empty credentials file stops the server from starting again.
func WriteFileSynced(path string, data []byte, perm os.FileMode) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
