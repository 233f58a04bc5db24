package standby

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// promotedFile records, in the data folder, that the standby was promoted:
// started again with --standby still set, the process runs as the primary
// instead of following the old one.
const promotedFile = "standby-promoted.json"

// Promotion is the content of the promotion record.
type Promotion struct {
	// At is when the promotion happened; Primary the URL (its password
	// redacted) of the primary it followed until then.
	At      time.Time `json:"at"`
	Primary string    `json:"primary"`
	// By is who promoted it (the request's by, from the bearer token).
	By string `json:"by,omitempty"`
	// LastSeq is each stream's last sequence at the promotion: what the
	// standby held of the old primary's log.
	LastSeq map[string]uint64 `json:"last_seq"`
}

// WritePromoted records p in the data folder dir.
func WritePromoted(dir string, p Promotion) error {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, promotedFile)
	// synced: after a power cut the promoted standby must still know it
	// is the primary
	if err := events.WriteFileSynced(path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("standby: %w", err)
	}
	return nil
}

// ReadPromoted reads the promotion record of the data folder dir; ok is
// false when the folder's standby was never promoted.
func ReadPromoted(dir string) (p Promotion, ok bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, promotedFile))
	if errors.Is(err, os.ErrNotExist) {
		return Promotion{}, false, nil
	}
	if err != nil {
		return Promotion{}, false, fmt.Errorf("standby: %w", err)
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return Promotion{}, false, fmt.Errorf("standby: %s: %w", filepath.Join(dir, promotedFile), err)
	}
	return p, true, nil
}
