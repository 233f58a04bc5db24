package eventstore

import (
	"strings"
	"sync"

	"github.com/hakem-chess/hakem/events"
)

// verifiedCap bounds the cache of verified signatures (about 200 bytes an
// entry): past it the cache starts again.
const verifiedCap = 1 << 16

// verifier checks the signatures of loaded events with a keyring,
// remembering those already verified (a game is loaded again at every
// command that misses the cache).
type verifier struct {
	ring *events.Keyring
	// writers are those the keyring holds a key for: the events of the
	// others are not checked (a process of one service holds its own
	// writers' keys only, unless it is given the deployment's keyring).
	writers map[events.Writer]bool
	// complete: the keyring holds every key of its writers (every
	// signature by a key it does not hold is refused); otherwise a
	// signature by a key it does not know is let through (another copy of
	// the service, with keys of its own: the audit, given the
	// deployment's keyring, judges it), and unsigned events, another
	// writer's keys and signatures that do not verify are still refused.
	complete bool

	mu sync.Mutex
	// seen maps an event's hash to the signature verified for it (the
	// last one, if ever two were): an event is taken as verified only
	// with that very signature.
	seen map[string]string
}

func newVerifier(ring *events.Keyring, complete bool) *verifier {
	if ring == nil {
		return nil
	}
	v := &verifier{ring: ring, writers: map[events.Writer]bool{}, complete: complete, seen: map[string]string{}}
	for _, k := range ring.Keys {
		v.writers[k.Writer] = true
	}
	return v
}

// Verifies reports whether events of writer w are checked.
func (s *Store) Verifies(w events.Writer) bool { return s.verify != nil && s.verify.writers[w] }

// check says what is wrong with e's signature ("" when nothing, or when
// e's writer is not checked).
func (v *verifier) check(e *events.Envelope) string {
	if v == nil || !v.writers[e.Writer] {
		return ""
	}
	v.mu.Lock()
	sig, ok := v.seen[e.Hash]
	v.mu.Unlock()
	if ok && sig == e.Sig {
		return ""
	}
	if !v.complete && e.Sig != "" && !v.ring.Holds(sigKeyID(e.Sig)) {
		return ""
	}
	if reason := v.ring.Check(e); reason != "" {
		return reason
	}
	// A loaded event's strings share one allocation with its other
	// fields: copies keep only these alive.
	v.trust(strings.Clone(e.Hash), strings.Clone(e.Sig))
	return ""
}

// trust records sig as a verified signature of the event whose hash is
// hash.
func (v *verifier) trust(hash, sig string) {
	v.mu.Lock()
	if len(v.seen) >= verifiedCap {
		clear(v.seen)
	}
	v.seen[hash] = sig
	v.mu.Unlock()
}

// trustAppended records the events this store signed (with its own
// Signer's keys) and appended as verified: the process's own signatures
// need no check when it loads them. Envelopes appended signed by another
// key are checked at their load as any other. (Their Hash and Sig are
// kept as they are, without a copy: those of envelopes Append built are
// strings of their own.)
func (s *Store) trustAppended(envs []events.Envelope) {
	if s.verify == nil || s.cfg.Signer == nil {
		return
	}
	for i := range envs {
		e := &envs[i]
		if e.Sig != "" && s.verify.writers[e.Writer] && sigKeyID(e.Sig) == s.cfg.Signer.KeyID(e.Writer) {
			s.verify.trust(e.Hash, e.Sig)
		}
	}
}

// verifyLog checks the signature of every event of a loaded log of agg.
// It looks ahead for attestations first (game.log_attested,
// tournament.log_attested: hakem migrate sign's, on a log written before
// signing): an unsigned event at or before a head an attestation signed
// by its writer's key vouches for is taken; an attestation that does not
// hold, and an unsigned event after the last attested head, are refused.
func (s *Store) verifyLog(agg events.Aggregate, log []events.Envelope) error {
	if s.verify == nil {
		return nil
	}
	covered, _, bad := events.Attested(log, s.verify.checkAttestation)
	if bad != nil {
		return &SignatureError{Aggregate: agg, Seq: bad.Seq, Reason: "attestation: " + bad.Reason}
	}
	for i := range log {
		if log[i].Sig == "" && log[i].Seq <= covered {
			continue // written before signing, attested
		}
		if reason := s.verify.check(&log[i]); reason != "" {
			return &SignatureError{Aggregate: agg, Seq: log[i].Seq, Reason: reason}
		}
	}
	return nil
}

// sigKeyID is the key id of a signature "ed25519:<key id>:<signature>"
// ("" when it is not one).
func sigKeyID(sig string) string {
	rest, ok := strings.CutPrefix(sig, "ed25519:")
	if !ok {
		return ""
	}
	id, _, ok := strings.Cut(rest, ":")
	if !ok {
		return ""
	}
	return id
}

// checkAttestation checks an attestation's signature against the whole
// keyring: it vouches for unsigned events, so a key the keyring does not
// hold, or a writer this process does not check, never counts.
func (v *verifier) checkAttestation(e *events.Envelope) string {
	if !v.writers[e.Writer] {
		return "no key of " + string(e.Writer) + " in this process's keyring to verify it with"
	}
	return v.ring.Check(e)
}
