package eventstore

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

// TestSignedAppend: a store with a signer signs every event it appends;
// the keyring verifies them, and names an unsigned event, one signed with
// another writer's key, one whose signature does not verify, and one of a
// type its writer may not write.
func TestSignedAppend(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	again, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil || again.KeyID(events.WriterGames) != signer.KeyID(events.WriterGames) {
		t.Fatalf("keys not kept: %v", err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil || len(ring.Keys) != len(events.Writers) {
		t.Fatalf("keyring: %v %+v", err, ring)
	}
	ctx := testCtx(t)
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir(), Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	s, err := Open(ctx, nc, Config{Signer: signer})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, events.Game("g"), events.WriterGames, events.Head{}, "k", meta(), events.GameCreated{}); err != nil {
		t.Fatal(err)
	}
	log, _, err := s.Load(ctx, events.Game("g"))
	if err != nil || len(log) != 1 {
		t.Fatalf("load: %v %d", err, len(log))
	}
	if p := ring.Check(&log[0]); p != "" {
		t.Fatalf("a signed event: %s", p)
	}
	cases := map[string]func(e *events.Envelope){
		"unsigned": func(e *events.Envelope) { e.Sig = "" },
		"clocks's key": func(e *events.Envelope) {
			e.Writer = events.WriterClocks
			_ = signer.Sign(e)
			e.Writer = events.WriterGames
		},
		"does not verify":          func(e *events.Envelope) { e.Hash = strings.Repeat("0", 64) },
		"is written by games, but": func(e *events.Envelope) { e.Writer = events.WriterClocks; _ = signer.Sign(e) },
	}
	for want, edit := range cases {
		e := log[0]
		edit(&e)
		if p := ring.Check(&e); !strings.Contains(p, want) {
			t.Errorf("%s: got %q", want, p)
		}
	}
}
