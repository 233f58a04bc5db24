package events

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSignedAppend: a store with a signer signs every event it appends;
// the keyring verifies them, and names an unsigned event, one signed with
// another writer's key, one whose signature does not verify, and one of a
// type its writer may not write.
func TestSignedAppend(t *testing.T) {
	dir := t.TempDir()
	signer, err := LoadOrCreateKeys(dir, Writers...)
	if err != nil {
		t.Fatal(err)
	}
	again, err := LoadOrCreateKeys(dir, Writers...)
	if err != nil || again.ids[WriterGames] != signer.ids[WriterGames] {
		t.Fatalf("keys not kept: %v", err)
	}
	ring, err := ReadKeyring(filepath.Join(dir, KeyringFile))
	if err != nil || len(ring.Keys) != len(Writers) {
		t.Fatalf("keyring: %v %+v", err, ring)
	}
	ctx := testCtx(t)
	srv, err := StartEmbedded(EmbeddedConfig{Dir: t.TempDir(), Port: -1})
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
	if _, _, err := s.Append(ctx, Game("g"), WriterGames, Head{}, "k", meta(), GameCreated{}); err != nil {
		t.Fatal(err)
	}
	log, _, err := s.Load(ctx, Game("g"))
	if err != nil || len(log) != 1 {
		t.Fatalf("load: %v %d", err, len(log))
	}
	if p := ring.Check(&log[0]); p != "" {
		t.Fatalf("a signed event: %s", p)
	}
	cases := map[string]func(e *Envelope){
		"unsigned":                 func(e *Envelope) { e.Sig = "" },
		"clocks's key":             func(e *Envelope) { e.Writer = WriterClocks; _ = signer.Sign(e); e.Writer = WriterGames },
		"does not verify":          func(e *Envelope) { e.Hash = strings.Repeat("0", 64) },
		"is written by games, but": func(e *Envelope) { e.Writer = WriterClocks; _ = signer.Sign(e) },
	}
	for want, edit := range cases {
		e := log[0]
		edit(&e)
		if p := ring.Check(&e); !strings.Contains(p, want) {
			t.Errorf("%s: got %q", want, p)
		}
	}
}
