// Package ratingfile is the FIDE rating list of a data folder: the file
// `hakem ratinglist import` writes and the pairing service reads to fill a
// registration given by FIDE id.
package ratingfile

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/ratings/ratinglist"
)

// Name is where `hakem ratinglist import` keeps the FIDE rating list in
// the data folder: one JSON player a line (ratinglist.Player), sorted by
// FIDE id, every list imported merged by FIDE id.
const Name = "ratinglist/players.jsonl"

// List is the rating list of a data folder, read on first use and again
// when the file changes (another import).
type List struct {
	Path string

	mu      sync.Mutex
	modTime time.Time
	size    int64
	players map[string]ratinglist.Player
}

// In is the rating list of data folder dir.
func In(dir string) *List {
	return &List{Path: filepath.Join(dir, Name)}
}

// Lookup finds a player by FIDE id; ok is false when the list has no such
// player or there is no list.
func (l *List) Lookup(fideID string) (p ratinglist.Player, ok bool, err error) {
	if l == nil {
		return p, false, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	st, err := os.Stat(l.Path)
	if errors.Is(err, os.ErrNotExist) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	if l.players == nil || !st.ModTime().Equal(l.modTime) || st.Size() != l.size {
		f, err := os.Open(l.Path)
		if err != nil {
			return p, false, err
		}
		players, err := Read(f)
		f.Close()
		if err != nil {
			return p, false, fmt.Errorf("%s: %w", l.Path, err)
		}
		l.players, l.modTime, l.size = players, st.ModTime(), st.Size()
	}
	p, ok = l.players[fideID]
	return p, ok, nil
}

// Read reads a rating list file (Name's format).
func Read(r io.Reader) (map[string]ratinglist.Player, error) {
	out := map[string]ratinglist.Player{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var p ratinglist.Player
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out[p.FideID] = p
	}
	return out, sc.Err()
}
