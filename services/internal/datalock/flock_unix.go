//go:build unix

package datalock

import (
	"errors"
	"os"
	"syscall"
)

// errWouldBlock is lock's answer when another open file holds the lock.
var errWouldBlock = syscall.EWOULDBLOCK

// lock takes flock(2) LOCK_EX|LOCK_NB on f (retried on EINTR).
func lock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		return err == nil, err
	}
}
