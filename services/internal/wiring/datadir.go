package wiring

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// DataFormat is the format of the data folder this Hakem writes and reads:
// the layout of its streams, buckets and events. A folder written by a
// newer format is refused at start.
const DataFormat = 1

// DataVersionFile names the data folder's version file, written on first
// start.
const DataVersionFile = "hakem-data.json"

// MinFreeBytes is the free space a data folder's disk must have for hakem
// serve to start.
const MinFreeBytes = 32 << 20

// dataVersion is the content of DataVersionFile.
type dataVersion struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
}

// CheckDataFolder makes sure hakem serve can keep its event log in dir
// before the embedded server starts: the folder exists (it is created) and
// is writable, its disk has MinFreeBytes free, and it was not written by a
// newer Hakem; it writes the version file on first start. Each refusal
// says what to do.
func CheckDataFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return dataFolderError(dir, err)
	}
	b, err := os.ReadFile(filepath.Join(dir, DataVersionFile))
	switch {
	case err == nil:
		var v dataVersion
		if err := json.Unmarshal(b, &v); err != nil || v.Format < 1 {
			return fmt.Errorf("data folder %s: %s is unreadable (%q): restore it from a backup, or remove it if the folder is otherwise sound", dir, DataVersionFile, b)
		}
		if v.Format > DataFormat {
			return fmt.Errorf("data folder %s was written by a newer Hakem (data format %d; this one reads format %d): run that newer hakem on it, or restore a backup into a new folder with a Hakem that reads it; nothing was changed", dir, v.Format, DataFormat)
		}
	case errors.Is(err, os.ErrNotExist):
	default:
		return dataFolderError(dir, err)
	}
	// a probe, written and synced as JetStream writes: a read-only folder
	// or a full disk fails here, before anything starts
	probe, err := os.CreateTemp(dir, ".hakem-probe-")
	if err != nil {
		return dataFolderError(dir, err)
	}
	_, werr := probe.Write(make([]byte, 4096))
	serr := probe.Sync()
	probe.Close()
	os.Remove(probe.Name())
	if err := errors.Join(werr, serr); err != nil {
		return dataFolderError(dir, err)
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err == nil {
		if free := st.Bavail * uint64(st.Bsize); free < MinFreeBytes {
			return fmt.Errorf("data folder %s: its disk is full (%d MB free, at least %d MB needed to start): free space on it or move the folder to a larger disk (hakem backup, hakem restore), then start again; nothing acknowledged was lost",
				dir, free>>20, MinFreeBytes>>20)
		}
	}
	if b == nil {
		v, _ := json.Marshal(dataVersion{Format: DataFormat, Created: time.Now().UTC()})
		if err := writeSynced(filepath.Join(dir, DataVersionFile), append(v, '\n')); err != nil {
			return dataFolderError(dir, err)
		}
	}
	return nil
}

// dataFolderError says what to do about err on the data folder dir.
func dataFolderError(dir string, err error) error {
	switch {
	case errors.Is(err, syscall.EROFS), errors.Is(err, os.ErrPermission):
		return fmt.Errorf("data folder %s is read-only (%v): remount its disk read-write, give this user write access, or point --data (HAKEM_DATA) at a writable folder", dir, err)
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("data folder %s: its disk is full (%v): free space on it or move the folder to a larger disk, then start again; nothing acknowledged was lost", dir, err)
	}
	return fmt.Errorf("data folder %s: %w", dir, err)
}

// writeSynced writes a new file and syncs it and its folder.
func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
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
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
