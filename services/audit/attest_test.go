package audit

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// logs is a Source of logs held in memory.
type logs map[events.Aggregate][]events.Envelope

// Load implements Source.
func (l logs) Load(_ context.Context, agg events.Aggregate) ([]events.Envelope, error) {
	return l[agg], nil
}

// TestAttestedGame: a game written before signing and attested (hakem
// migrate sign's game.log_attested of its head, signed by the games key)
// audits clean against the keyring, the attestation reported; an unsigned
// event after it, an attestation of another head, one signed by a key not
// in the keyring and one written as another writer fail, each named.
func TestAttestedGame(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	forger, err := events.LoadOrCreateKeys(t.TempDir(), events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	system := events.Actor{Role: "system", ID: "migrate-sign"}
	cases := []struct {
		name string
		// attest appends the attestation to p (unsigned) and returns it
		attest func(p *played) *events.Envelope
		sign   *events.Signer
		after  bool // an unsigned move after the attestation
		seq    uint64
		why    string // "" clean
	}{
		{"attested", func(p *played) *events.Envelope {
			h := p.head
			return &p.append(events.WriterGames, system, "", []events.Event{events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}})[0]
		}, signer, false, 0, ""},
		{"unsigned after", func(p *played) *events.Envelope {
			h := p.head
			return &p.append(events.WriterGames, system, "", []events.Event{events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}})[0]
		}, signer, true, 13, "signature: unsigned"},
		{"another head", func(p *played) *events.Envelope {
			h := p.head
			return &p.append(events.WriterGames, system, "", []events.Event{events.LogAttested{Seq: h.Version - 1, Hash: h.Hash, Reason: events.AttestationReason}})[0]
		}, signer, false, 1, "the attestation at seq 12 does not hold: it attests seq 10"},
		{"a forger's key", func(p *played) *events.Envelope {
			h := p.head
			return &p.append(events.WriterGames, system, "", []events.Event{events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}})[0]
		}, forger, false, 1, "not in the keyring"},
		{"written as the clocks", func(p *played) *events.Envelope {
			h := p.head
			p.append(events.WriterGames, system, "", []events.Event{events.LogAttested{Seq: h.Version, Hash: h.Hash, Reason: events.AttestationReason}})
			p.log[len(p.log)-1].Writer = events.WriterClocks // and signed with the clocks key
			rehash(t, p.log)
			return &p.log[len(p.log)-1]
		}, signer, false, 1, "game.log_attested is written by games"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPlayed(t, "old", events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30", LawsProfile: "fide-2023"})
			p.startClock()
			p.randomPlies(3, 9) // events 1..11, unsigned
			c.attest(p)
			att := &p.log[len(p.log)-1]
			if err := c.sign.Sign(att); err != nil {
				t.Fatal(err)
			}
			if c.after {
				p.randomPlies(4, 1)
			}
			rep, _, err := AuditGame(context.Background(), Witnessed{Source: logs{events.Game("old"): p.log}, Ring: ring}, "old")
			if err != nil {
				t.Fatal(err)
			}
			if c.why == "" {
				if !rep.OK || len(rep.Attested) != 1 || !strings.Contains(rep.Verdict, "events 1..11 written before signing, attested at seq 12 by key "+signer.KeyID(events.WriterGames)+" (games)") {
					t.Fatalf("%v %d: %s", rep.OK, len(rep.Attested), rep.Verdict)
				}
				if says := rep.Entries[11].Says; !strings.HasPrefix(says, "log attested: events 1..11") {
					t.Errorf("the attestation's entry says %q", says)
				}
				return
			}
			if rep.OK || rep.First == nil || rep.First.Seq != c.seq || !strings.Contains(rep.First.Reason, c.why) {
				t.Fatalf("want a finding at seq %d: %s; got %s", c.seq, c.why, rep.Verdict)
			}
		})
	}
}
