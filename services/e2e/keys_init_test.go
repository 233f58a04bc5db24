package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestKeysInit: hakem keys init creates the data folder's signing keys up
// front (the private ones mode 0600) and prints every public key; run
// again it keeps them; hakem serve on the folder then signs with them: a
// game's events carry the games key id it printed, and the audit verifies
// them with the keyring.
func TestKeysInit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem")
	}
	data := t.TempDir()
	out := runHakem(t, "keys", "init", "--data", data)
	ring, err := events.ReadKeyring(filepath.Join(data, "keys", events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(ring.Keys) != len(events.Writers) || len(ring.Checkpoints) != 1 {
		t.Fatalf("keyring after keys init: %d keys, %d checkpoint keys", len(ring.Keys), len(ring.Checkpoints))
	}
	ids := map[events.Writer]string{}
	for _, k := range ring.Keys {
		ids[k.Writer] = k.ID
		if !strings.Contains(out, k.ID) {
			t.Errorf("keys init did not print %s's key %s:\n%s", k.Writer, k.ID, out)
		}
		info, err := os.Stat(filepath.Join(data, "keys", string(k.Writer)+".key"))
		if err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s's private key: %v %v", k.Writer, info, err)
		}
	}
	if again := runHakem(t, "keys", "init", "--data", data); again != out {
		t.Errorf("keys init again changed the keys:\n%s\nwas\n%s", again, out)
	}
	s := start(t, data)
	id := startedGame(t, s, map[string]any{"id": "k", "white": "w", "black": "b", "time_control": "600+5", "idempotency_key": "g-k"})
	s.move(id, "w", "e4", "1-"+id)
	for _, e := range s.eventLog(id) {
		w := events.Writer(e["writer"].(string))
		if sig, _ := e["sig"].(string); !strings.HasPrefix(sig, "ed25519:"+ids[w]+":") {
			t.Errorf("%v by %s signed %q, want with the key %s keys init made", e["type"], w, sig, ids[w])
		}
	}
	s.stop()
	if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
		t.Errorf("audit: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}
