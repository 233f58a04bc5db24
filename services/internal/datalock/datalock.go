// Package datalock keeps a data folder to one writer process: hakem serve
// (its embedded JetStream server), hakem migrate and hakem restore each hold
// an exclusive advisory lock on the folder's lock file, <data>/hakem.lock,
// for as long as they write the folder. Two JetStream servers on one store,
// or a migration under a live server, would corrupt the event log; the
// second process is refused at once with a HeldError naming the folder and,
// when the lock file can be read, the pid and command line of the holder.
//
// The lock, not the file's content, is what counts. On Unix it is flock(2)
// (LOCK_EX|LOCK_NB), released by the kernel when its holder exits, killed
// or not: a lock file left behind by a SIGKILLed process never blocks the
// next start. The holder writes its pid and command into the file after
// locking, for the refusal's message only; the file is never removed (a
// process that removed it could let two holders lock two different files).
// The lock is advisory: only processes that take it are kept out, and it
// does not reach across machines sharing a network file system that does
// not pass flock on. On systems without flock (Windows) Acquire takes no
// lock (Lock.Held reports false): one writer per folder is the operator's
// care there.
package datalock

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// FileName is the lock file's name in the data folder.
const FileName = "hakem.lock"

// Holder is what the lock file says about the process holding the lock.
type Holder struct {
	PID     int       `json:"pid"`
	Command string    `json:"command"`
	Since   time.Time `json:"since"`
}

// HeldError is the refusal of Acquire on a folder another process holds.
type HeldError struct {
	// Dir is the data folder.
	Dir string
	// Holder is the holder the lock file names; Known is false when the
	// file could not be read (the holder is between locking and writing it).
	Holder Holder
	Known  bool
}

func (e *HeldError) Error() string {
	who := "another process (its lock file " + filepath.Join(e.Dir, FileName) + " names none yet)"
	if e.Known {
		who = fmt.Sprintf("another process: pid %d, %q, since %s", e.Holder.PID, e.Holder.Command, e.Holder.Since.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("data folder %s is in use by %s; one data folder has one writer: stop that process first (nothing was changed)", e.Dir, who)
}

// Lock is a held lock on a data folder; Release gives it back.
type Lock struct {
	f    *os.File
	held bool
}

// Held reports whether the lock is held: false on a system without flock.
func (l *Lock) Held() bool { return l != nil && l.held }

// Acquire takes the exclusive lock of the data folder dir (which must
// exist) for the process whose command line is command, and writes the
// holder's pid and command into the lock file. When another process holds
// it, Acquire returns a *HeldError at once, without waiting.
func Acquire(dir, command string) (*Lock, error) {
	path := filepath.Join(dir, FileName)
	// no O_TRUNC: the holder's content is the refusal's message
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data folder %s: lock file: %w", dir, err)
	}
	held, err := lock(f)
	if errors.Is(err, errWouldBlock) {
		f.Close()
		h, known := ReadHolder(dir)
		return nil, &HeldError{Dir: dir, Holder: h, Known: known}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("data folder %s: locking %s: %w", dir, path, err)
	}
	b, _ := json.Marshal(Holder{PID: os.Getpid(), Command: command, Since: time.Now().UTC()})
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt(append(b, '\n'), 0)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("data folder %s: writing %s: %w", dir, path, err)
	}
	return &Lock{f: f, held: held}, nil
}

// ReadHolder reads the holder the lock file of dir names; false when there
// is none or the file cannot be read. A file naming a holder says nothing
// of whether the lock is held: only Acquire knows.
func ReadHolder(dir string) (Holder, bool) {
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil || len(strings.TrimSpace(string(b))) == 0 {
		return Holder{}, false
	}
	var h Holder
	if err := json.Unmarshal(b, &h); err != nil || h.PID <= 0 {
		return Holder{}, false
	}
	return h, true
}

// Release empties the lock file and gives the lock back (closing the file
// releases it). Release of a nil Lock, or a second Release, does nothing.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	terr := f.Truncate(0)
	return errors.Join(terr, f.Close())
}

// CommandLine is this process's command line, as the lock file records it.
func CommandLine() string { return strings.Join(os.Args, " ") }
