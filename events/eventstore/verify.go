package eventstore

import (
	"hash/maphash"
	"strings"
	"sync"

	"github.com/hakem-chess/hakem/events"
)

// verifiedGeneration bounds the cache of verified signatures: it keeps
// two generations of at most this many entries each (a 16-byte key an
// entry, some 20-40 bytes with the map's own: under 1.3 MB full, for
// ever, however long the event), and when the newer one is full the older
// is dropped whole (its memory with it; a cleared map would keep its
// table). The events verified or appended last are those loaded again
// (a game's next load), so 32,768 of them spare the checks of the
// games in play; an older event is checked again at its next load.
const verifiedGeneration = 1 << 14

// verifiedID names an event's hash and signature in the cache of verified
// signatures: two 64-bit hashes of them with seeds of the process's own,
// not the strings (hash and signature: about 150 bytes, a string each
// entry). A forged signature taken for a verified one would need both
// hashes to collide under seeds it cannot know (2^-128 an attempt).
type verifiedID [2]uint64

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
	// seen and older are the newer and older generations of verified
	// signatures (verifiedGeneration).
	seen, older map[verifiedID]struct{}
	seeds       [2]maphash.Seed
}

// id is the cache's name for e's hash and signature.
func (v *verifier) id(e *events.Envelope) verifiedID {
	var id verifiedID
	for i, seed := range v.seeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.WriteString(e.Hash)
		h.WriteByte(0)
		h.WriteString(e.Sig)
		id[i] = h.Sum64()
	}
	return id
}

func newVerifier(ring *events.Keyring, complete bool) *verifier {
	if ring == nil {
		return nil
	}
	v := &verifier{ring: ring, writers: map[events.Writer]bool{}, complete: complete, seen: map[verifiedID]struct{}{},
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
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
	id := v.id(e)
	if v.known(id) {
		return ""
	}
	if !v.complete && e.Sig != "" && !v.ring.Holds(sigKeyID(e.Sig)) {
		return ""
	}
	if reason := v.ring.Check(e); reason != "" {
		return reason
	}
	v.trust(id)
	return ""
}

// known reports whether id (hash and signature) was verified.
func (v *verifier) known(id verifiedID) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if _, ok := v.seen[id]; ok {
		return true
	}
	_, ok := v.older[id]
	return ok
}

// trust records id (hash and signature) as verified.
func (v *verifier) trust(id verifiedID) {
	v.mu.Lock()
	if len(v.seen) >= verifiedGeneration {
		v.older, v.seen = v.seen, make(map[verifiedID]struct{}, verifiedGeneration/8)
	}
	v.seen[id] = struct{}{}
	v.mu.Unlock()
}

// trustAppended records the events this store signed (with its own
// Signer's keys) and appended as verified: the process's own signatures
// need no check when it loads them. Envelopes appended signed by another
// key are checked at their load as any other.
func (s *Store) trustAppended(envs []events.Envelope) {
	if s.verify == nil || s.cfg.Signer == nil {
		return
	}
	for i := range envs {
		e := &envs[i]
		if e.Sig != "" && s.verify.writers[e.Writer] && sigKeyID(e.Sig) == s.cfg.Signer.KeyID(e.Writer) {
			s.verify.trust(s.verify.id(e))
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
