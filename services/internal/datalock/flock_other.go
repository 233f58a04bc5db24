//go:build !unix

package datalock

import (
	"errors"
	"os"
)

// errWouldBlock is never returned here: there is no flock to refuse.
var errWouldBlock = errors.New("datalock: would block")

// lock takes no lock on a system without flock(2): the folder's one
// writer is the operator's care (see the package doc).
func lock(*os.File) (bool, error) { return false, nil }
