package wiring

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

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

// Keys is Signer and the keyring of cfg.KeysDir, which the process's loads
// verify the events' signatures with (eventstore.Config.Keyring), for every
// writer it holds a key for (nil when there is no keyring yet: a gateway
// alone on a fresh folder). complete says the keyring is the whole
// deployment's: the process runs every writer on the embedded server of
// its own data folder, so that a signature by a key not in it is a
// forgery (eventstore.Config.KeyringComplete), or HAKEM_KEYRING_COMPLETE=true
// says every process signs with the keys of this keyring. A process that
// joins an embedded server with --nats must sign with the same keys
// (keys_dir: a copy of its keys).
func Keys(cfg Config, embedded bool) (s *events.Signer, ring *events.Keyring, complete bool, err error) {
	if s, err = Signer(cfg); err != nil {
		return nil, nil, false, err
	}
	ring, err = events.ReadKeyring(filepath.Join(cfg.KeysDir, events.KeyringFile))
	if errors.Is(err, os.ErrNotExist) {
		return s, nil, false, nil
	}
	if err != nil {
		return nil, nil, false, fmt.Errorf("keys_dir: %w", err)
	}
	complete = embedded
	for _, w := range events.Writers {
		complete = complete && cfg.Runs(string(w))
	}
	// a deployment whose every copy of a service signs with the keys of
	// one keys folder (a Secret) says so: its keyring is then complete
	complete = complete || os.Getenv("HAKEM_KEYRING_COMPLETE") == "true"
	return s, ring, complete, nil
}
