package eventstore

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// TestAttestedLogLoads: a game written unsigned (a store without a
// signer, as before signing) is refused by a store with the keyring until
// a signed game.log_attested of its head is appended; then Load, LoadStream
// and LoadAfter take it, and an event appended unsigned after the
// attestation, or an attestation of another head, is refused again,
// naming its seq.
func TestAttestedLogLoads(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		attest func(head events.Head) events.LogAttested
		after  bool // an unsigned event appended after the attestation
		seq    uint64
		why    string // "" loads
		// tailSeq, tailWhy: LoadAfter's, from event 1 (when other: the
		// tail does not hold the head attested, which covers none of it)
		tailSeq uint64
		tailWhy string
	}{
		{"attested", func(h events.Head) events.LogAttested {
			return events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}
		}, false, 0, "", 0, ""},
		{"unsigned after", func(h events.Head) events.LogAttested {
			return events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}
		}, true, 4, "unsigned", 0, ""},
		{"another head", func(h events.Head) events.LogAttested {
			return events.LogAttested{Seq: h.Version, Hash: strings.Repeat("0", 64), Reason: events.AttestationReason}
		}, false, 3, "attestation: it attests seq 2", 0, ""},
		{"an earlier head", func(h events.Head) events.LogAttested {
			return events.LogAttested{Seq: 1, Hash: h.Hash, Reason: events.AttestationReason}
		}, false, 3, "attestation: it attests seq 1", 2, "unsigned"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old := openStore(t, Config{})
			ctx := testCtx(t)
			signed, err := Open(ctx, old.nc, Config{Signer: signer, Keyring: ring, KeyringComplete: true})
			if err != nil {
				t.Fatal(err)
			}
			g := events.Game("old")
			_, head, err := old.Append(ctx, g, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{White: "a", Black: "b"})
			if err != nil {
				t.Fatal(err)
			}
			first := head
			if _, head, err = old.Append(ctx, g, events.WriterClocks, head, "s", meta(), events.ClockStarted{}); err != nil {
				t.Fatal(err)
			}
			var se *SignatureError
			if _, _, err := signed.Load(ctx, g); !errors.As(err, &se) || se.Seq != 1 || se.Reason != "unsigned" {
				t.Fatalf("before the attestation: %v, want unsigned at seq 1", err)
			}
			if _, head, err = signed.Append(ctx, g, events.WriterGames, head, "migrate-sign", meta(), c.attest(head)); err != nil {
				t.Fatal(err)
			}
			if c.after {
				if _, head, err = old.Append(ctx, g, events.WriterGames, head, "late", meta(), events.Resigned{By: events.White}); err != nil {
					t.Fatal(err)
				}
			}
			// LoadTolerant's damage is given as a signature error
			for name, load := range map[string]func() error{
				"Load":       func() error { _, _, err := signed.Load(ctx, g); return err },
				"LoadStream": func() error { _, _, err := signed.LoadStream(ctx, g); return err },
				"LoadAfter":  func() error { _, _, err := signed.LoadAfter(ctx, g, first); return err },
				"LoadTolerant": func() error {
					_, _, damage, err := signed.LoadTolerant(ctx, g)
					if damage != nil {
						return &SignatureError{Aggregate: g, Seq: damage.Seq, Reason: damage.Reason}
					}
					return err
				},
			} {
				err := load()
				seq, why := c.seq, c.why
				if name == "LoadAfter" && c.tailWhy != "" {
					seq, why = c.tailSeq, c.tailWhy
				}
				if name == "LoadTolerant" && strings.HasPrefix(c.why, "attestation") {
					// the events it would vouch for are the damage
					seq, why = 1, "signature: unsigned"
				}
				switch {
				case why == "" && err != nil:
					t.Errorf("%s: %v", name, err)
				case why != "" && (!errors.As(err, &se) || se.Seq != seq || !strings.Contains(se.Reason, why)):
					t.Errorf("%s: %v, want a signature error at seq %d: %s", name, err, seq, why)
				}
			}
		})
	}
}

// TestAttestedLogRepaired: an attested log (unsigned events, then the
// signed attestation) that a message that is not an event damages later is
// read message by message: the unsigned events the attestation covers are
// good, the message is the damage, and a signed repair voiding it ends the
// damage, the log whole again.
func TestAttestedLogRepaired(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	old := openStore(t, Config{})
	ctx := testCtx(t)
	signed, err := Open(ctx, old.nc, Config{Signer: signer, Keyring: ring, KeyringComplete: true})
	if err != nil {
		t.Fatal(err)
	}
	g := events.Game("attested")
	_, head, err := old.Append(ctx, g, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, head, err = signed.Append(ctx, g, events.WriterGames, head, "migrate-sign", meta(),
		events.LogAttested{Seq: head.Version, Hash: head.Hash, Reason: events.AttestationReason}); err != nil {
		t.Fatal(err)
	}
	js, _ := jetstream.New(old.nc)
	if _, err := js.Publish(ctx, "game.attested.games", []byte(`garbage{`)); err != nil {
		t.Fatal(err)
	}
	log, h, d, err := signed.LoadTolerant(ctx, g)
	if err != nil || len(log) != 2 || d == nil || d.Seq != 3 || !strings.HasPrefix(d.Reason, "does not decode") {
		t.Fatalf("damaged: %d events, damage %+v, %v", len(log), d, err)
	}
	if _, _, err := signed.Append(ctx, g, events.WriterGames, h, "repair", meta(),
		events.LogRepaired{Voided: d.Voided, Found: d.Reason, Reason: "a message published by hand"}); err != nil {
		t.Fatal(err)
	}
	log, _, d, err = signed.LoadTolerant(ctx, g)
	if err != nil || d != nil || len(log) != 3 || log[0].Sig != "" || !events.IsRepair(log[2].Type) {
		t.Fatalf("repaired: %d events, damage %+v, %v", len(log), d, err)
	}
}
