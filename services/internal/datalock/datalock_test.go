package datalock

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestAcquire(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock: Acquire takes no lock (see the package doc)")
	}
	me := os.Getpid()
	cases := []struct {
		name string
		// before prepares the folder; it may return a lock to release after
		before func(t *testing.T, dir string) *Lock
		// held: Acquire refused with a HeldError; known: naming its holder
		held, known bool
		wantErr     string // another error, containing this
	}{
		{name: "fresh folder", before: func(*testing.T, string) *Lock { return nil }},
		{name: "stale file of a killed holder", before: func(t *testing.T, dir string) *Lock {
			write(t, dir, `{"pid":999999,"command":"hakem serve --data x","since":"2026-01-01T00:00:00Z"}`)
			return nil
		}},
		{name: "garbage in an unheld file", before: func(t *testing.T, dir string) *Lock {
			write(t, dir, "not json")
			return nil
		}},
		{name: "held", held: true, known: true, before: func(t *testing.T, dir string) *Lock {
			return mustAcquire(t, dir, "hakem serve --data "+dir)
		}},
		{name: "held, file not yet written", held: true, before: func(t *testing.T, dir string) *Lock {
			l := mustAcquire(t, dir, "hakem serve")
			write(t, dir, "")
			return l
		}},
		{name: "released", before: func(t *testing.T, dir string) *Lock {
			l := mustAcquire(t, dir, "hakem serve")
			if err := l.Release(); err != nil {
				t.Fatal(err)
			}
			return nil
		}},
		{name: "no folder", wantErr: "no such file", before: func(t *testing.T, dir string) *Lock {
			if err := os.Remove(dir); err != nil {
				t.Fatal(err)
			}
			return nil
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			first := c.before(t, dir)
			defer first.Release()
			l, err := Acquire(dir, "hakem migrate sign --data "+dir)
			var held *HeldError
			switch {
			case c.wantErr != "":
				if err == nil || errors.As(err, &held) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("Acquire: %v, want an error containing %q", err, c.wantErr)
				}
			case c.held:
				if !errors.As(err, &held) {
					t.Fatalf("Acquire: %v, want a HeldError", err)
				}
				if held.Dir != dir || held.Known != c.known {
					t.Errorf("HeldError %+v: want dir %s, known %v", held, dir, c.known)
				}
				msg := err.Error()
				if !strings.Contains(msg, "data folder "+dir+" is in use") {
					t.Errorf("message %q names not the folder", msg)
				}
				if c.known && (held.Holder.PID != me || !strings.Contains(msg, "hakem serve --data "+dir) || !strings.Contains(msg, "pid ")) {
					t.Errorf("message %q names not the holder (pid %d)", msg, me)
				}
			default:
				if err != nil {
					t.Fatalf("Acquire: %v", err)
				}
				defer l.Release()
				if !l.Held() {
					t.Error("Held() false on a system with flock")
				}
				h, ok := ReadHolder(dir)
				if !ok || h.PID != me || h.Command != "hakem migrate sign --data "+dir {
					t.Errorf("lock file names %+v (%v), want pid %d and the command", h, ok, me)
				}
			}
		})
	}
}

// TestReleaseEmptiesTheFile: a cleanly stopped holder leaves no name behind.
func TestReleaseEmptiesTheFile(t *testing.T) {
	dir := t.TempDir()
	l := mustAcquire(t, dir, "hakem serve")
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second Release: %v", err)
	}
	if h, ok := ReadHolder(dir); ok {
		t.Errorf("after Release the file still names %+v", h)
	}
}

func mustAcquire(t *testing.T, dir, command string) *Lock {
	t.Helper()
	l, err := Acquire(dir, command)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func write(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
