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
// every event the process appends is signed with its writer's key (the
// nonces of each key prepared at once: events.Signer.Prepare). Nil
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
	// each key's nonces prepared before the first append (a few
	// milliseconds for every writer), so that even the first signatures
	// after a start need no point multiplication
	for _, w := range writers {
		s.Prepare(w)
	}
	return s, nil
}

// Keys is Signer and the keyring of cfg.KeysDir, which the process's loads
// verify the events' signatures with (eventstore.Config.Keyring), for every
// writer it holds a key for (nil when there is no keyring yet: a gateway
// alone on a fresh folder).
//
// complete says the keyring holds every key its writers sign with, so that
// an event signed by a key not in it (a forger's own) is refused on load
// and quarantines its game: the default, and the only safe setting, since
// an insider with a writer's NATS password can sign with any key he likes.
// It holds when every copy of a writer signs with the keys of one keys
// folder: serve's own data folder, a copy of it given to a process that
// joins with --nats or to a standby, or a Kubernetes Secret mounted on
// every copy of a service (deploy/README.md). HAKEM_KEYRING_COMPLETE=false
// turns it off, for a deployment whose copies of a service each sign with
// keys of their own: their loads then let an unknown key through (the
// audit, given the deployment's whole keyring, still judges it), and still
// refuse unsigned events, another writer's keys and signatures that do
// not verify.
func Keys(cfg Config) (s *events.Signer, ring *events.Keyring, complete bool, err error) {
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
	switch v := os.Getenv("HAKEM_KEYRING_COMPLETE"); v {
	case "", "true":
		complete = true
	case "false":
		complete = false
	default:
		return nil, nil, false, fmt.Errorf("HAKEM_KEYRING_COMPLETE: %q, want true (the default) or false", v)
	}
	return s, ring, complete, nil
}
