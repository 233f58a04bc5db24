package wiring

import (
	"fmt"

	"github.com/hakem-chess/hakem/events"
)

// Signer loads, or creates on first start, the signing keys of the writers
// among the services this process runs (in cfg.KeysDir, each private key
// mode 0600, the public keys in its keyring.json, which the audit reads):
// every event the process appends is signed with its writer's key. Nil
// when it runs no writer (a gateway alone).
func Signer(cfg Config) (*events.Signer, error) {
	var writers []events.Writer
	for _, w := range events.Writers {
		if cfg.Runs(string(w)) {
			writers = append(writers, w)
		}
	}
	if len(writers) == 0 {
		return nil, nil
	}
	s, err := events.LoadOrCreateKeys(cfg.KeysDir, writers...)
	if err != nil {
		return nil, fmt.Errorf("keys_dir: %w", err)
	}
	return s, nil
}
