package events

import (
	"strings"
	"testing"
)

// attestedLog is an unsigned log of n moves of game g, then a
// game.log_attested of its head signed with the games key of keys.
func attestedLog(t *testing.T, n int, s *Signer, attest func(log []Envelope) LogAttested) []Envelope {
	t.Helper()
	log := chainOf(t, n)
	last := log[len(log)-1]
	envs, err := Build(Game("g"), WriterGames, Head{Version: last.Seq, Hash: last.Hash}, "migrate-sign", meta(), attest(log))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Sign(&envs[0]); err != nil {
		t.Fatal(err)
	}
	return append(log, envs...)
}

func TestAttested(t *testing.T) {
	dir := t.TempDir()
	s, err := LoadOrCreateKeys(dir, Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := ReadKeyring(dir + "/" + KeyringFile)
	if err != nil {
		t.Fatal(err)
	}
	good := func(t *testing.T) []Envelope {
		return attestedLog(t, 5, s, func(l []Envelope) LogAttested {
			return LogAttested{Seq: 5, Hash: l[4].Hash, Reason: AttestationReason}
		})
	}
	cases := []struct {
		name    string
		log     func(t *testing.T) []Envelope
		covered uint64
		found   int
		bad     string // in the first attestation that does not hold; "" none
	}{
		{"no attestation", func(t *testing.T) []Envelope { return chainOf(t, 4) }, 0, 0, ""},
		{"the head attested", good, 5, 1, ""},
		{"a tail after the head attested", func(t *testing.T) []Envelope { return good(t)[5:] }, 0, 1, ""},
		{"a tail holding the head", func(t *testing.T) []Envelope { return good(t)[3:] }, 5, 1, ""},
		{"another head's hash", func(t *testing.T) []Envelope {
			return attestedLog(t, 5, s, func([]Envelope) LogAttested { return LogAttested{Seq: 4, Hash: "0000", Reason: AttestationReason} })
		}, 0, 0, "the log's seq 4 is"},
		{"a head not before it", func(t *testing.T) []Envelope {
			return attestedLog(t, 5, s, func([]Envelope) LogAttested { return LogAttested{Seq: 6, Hash: "0000", Reason: AttestationReason} })
		}, 0, 0, "not an event before it"},
		{"unsigned", func(t *testing.T) []Envelope {
			l := good(t)
			l[5].Sig = ""
			return l
		}, 0, 0, "signature: unsigned"},
		{"signed by the clocks key", func(t *testing.T) []Envelope {
			l := good(t)
			l[5].Writer = WriterClocks
			if err := s.Sign(&l[5]); err != nil {
				t.Fatal(err)
			}
			return l
		}, 0, 0, "game.log_attested is written by games"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			covered, found, bad := Attested(c.log(t), ring.Check)
			if covered != c.covered || len(found) != c.found {
				t.Errorf("covered %d, %d found; want %d, %d", covered, len(found), c.covered, c.found)
			}
			switch {
			case c.bad == "" && bad != nil:
				t.Errorf("unexpected: %v", bad)
			case c.bad != "" && (bad == nil || !strings.Contains(bad.Error(), c.bad)):
				t.Errorf("got %v, want one saying %q", bad, c.bad)
			}
			if len(found) == 1 && c.bad == "" && !strings.Contains(found[0].String(), "events 1..5 written before signing, attested at seq 6 by key "+s.KeyID(WriterGames)) {
				t.Errorf("said: %s", found[0])
			}
		})
	}
}
