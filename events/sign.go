package events

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// sigDomain prefixes what a writer signs: an event's Hash, the SHA-256 of
// its canonical encoding, which covers every field and the previous event's
// hash (so a signature pins the event and its place in the chain).
const sigDomain = "hakem-event-sig-v1\n"

// Writers lists every writer of events: each has a signing key of its own.
var Writers = []Writer{WriterGames, WriterClocks, WriterArbiter, WriterScoring, WriterPairing}

// KeyringFile is the name of the keyring (public keys) in a keys folder;
// a writer's private key is <writer>.key beside it.
const KeyringFile = "keyring.json"

// PublicKey is one writer's verification key in a keyring.
type PublicKey struct {
	// Writer is the service the key signs for.
	Writer Writer `json:"writer"`
	// ID is the key's id: the first 16 hex digits of the SHA-256 of the
	// public key.
	ID string `json:"id"`
	// Key is the Ed25519 public key, base64.
	Key []byte `json:"key"`
	// Since is when the key was made; Retired, if set, when it was rotated
	// out (events it signed before then still verify).
	Since   time.Time  `json:"since"`
	Retired *time.Time `json:"retired,omitempty"`
}

// Keyring is the public keys the audit verifies signatures with.
type Keyring struct {
	Keys []PublicKey `json:"keys"`
	// Checkpoints are the note verifier keys of the checkpoints' signer
	// (golang.org/x/mod/sumdb/note: "hakem-checkpoints+<hash>+<key>").
	Checkpoints []string `json:"checkpoints,omitempty"`
}

// keyID is the id of public key pub.
func keyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// Signer signs the events its process writes, with one private key per
// writer (Config.Signer). It is safe for concurrent use: each key keeps a
// pool of nonces prepared in the background (sign_nonce.go), so that an
// append's signature costs a hash and a scalar multiply-add, not a point
// multiplication.
type Signer struct {
	keys map[Writer]*signingKey
}

// Sign sets e.Sig to e.Writer's signature of e.Hash,
// "ed25519:<key id>:<signature, base64 without padding>"; without a key
// for that writer it leaves e unsigned and says so.
func (s *Signer) Sign(e *Envelope) error {
	k, ok := s.keys[e.Writer]
	if !ok {
		return fmt.Errorf("events: no signing key for writer %s", e.Writer)
	}
	sig, _ := k.sign(e.Hash)
	const prefix = "ed25519:"
	var b strings.Builder
	b.Grow(len(prefix) + len(k.id) + 1 + base64.RawStdEncoding.EncodedLen(len(sig)))
	b.WriteString(prefix)
	b.WriteString(k.id)
	b.WriteByte(':')
	var enc [88]byte
	base64.RawStdEncoding.Encode(enc[:], sig[:])
	b.Write(enc[:base64.RawStdEncoding.EncodedLen(len(sig))])
	e.Sig = b.String()
	return nil
}

// Prepare fills the pool of nonces of writer w's key now (after a refill
// under way): its next signatures need no point multiplication. Sign
// refills the pools by itself, in the background; Prepare is for a
// process that wants them full before its first appends, or a benchmark
// that counts the preparation of the nonces it used (bench/signing.sh).
func (s *Signer) Prepare(w Writer) {
	if k, ok := s.keys[w]; ok {
		k.prepare()
	}
}

// Has reports whether s holds writer w's key.
func (s *Signer) Has(w Writer) bool { _, ok := s.keys[w]; return ok }

// LoadOrCreateKeys reads the private keys of writers from the keys folder
// dir, creating each missing one (<writer>.key, mode 0600, the Ed25519 seed
// in base64) and recording its public key in dir/keyring.json.
func LoadOrCreateKeys(dir string, writers ...Writer) (*Signer, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("events: keys: %w", err)
	}
	ring, err := ReadKeyring(filepath.Join(dir, KeyringFile))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if ring == nil {
		ring = &Keyring{}
	}
	s := &Signer{keys: map[Writer]*signingKey{}}
	changed := false
	for _, w := range writers {
		path := filepath.Join(dir, string(w)+".key")
		b, err := os.ReadFile(path)
		var k ed25519.PrivateKey
		switch {
		case err == nil:
			seed, derr := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
			if derr != nil || len(seed) != ed25519.SeedSize {
				return nil, fmt.Errorf("events: key %s: not a base64 Ed25519 seed", path)
			}
			k = ed25519.NewKeyFromSeed(seed)
		case errors.Is(err, os.ErrNotExist):
			_, k, err = ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return nil, err
			}
			if err := WriteFileSynced(path, []byte(base64.StdEncoding.EncodeToString(k.Seed())+"\n"), 0o600); err != nil {
				return nil, fmt.Errorf("events: key %s: %w", path, err)
			}
		default:
			return nil, fmt.Errorf("events: key %s: %w", path, err)
		}
		sk, err := newSigningKey(k)
		if err != nil {
			return nil, fmt.Errorf("events: key %s: %w", path, err)
		}
		s.keys[w] = sk
		if ring.find(sk.id) == nil {
			ring.Keys = append(ring.Keys, PublicKey{Writer: w, ID: sk.id, Key: k.Public().(ed25519.PublicKey), Since: time.Now().UTC()})
			changed = true
		}
	}
	if changed {
		if err := ring.Write(filepath.Join(dir, KeyringFile)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// ReadKeyring reads a keyring file.
func ReadKeyring(path string) (*Keyring, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Keyring
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("events: keyring %s: %w", path, err)
	}
	return &r, nil
}

// Write writes the keyring to path (replacing it whole).
func (r *Keyring) Write(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := WriteFileSynced(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("events: keyring: %w", err)
	}
	return nil
}

func (r *Keyring) find(id string) *PublicKey {
	for i := range r.Keys {
		if r.Keys[i].ID == id {
			return &r.Keys[i]
		}
	}
	return nil
}

// Check verifies e's signature: "" when e is signed, by a key of the
// keyring that belongs to the writer of its type and its subject, over its
// hash; otherwise what is wrong (unsigned, an unknown key, another
// writer's key, a signature that does not verify, a writer that may not
// write the type).
func (r *Keyring) Check(e *Envelope) string {
	if t, ok := Lookup(e.Type); ok && t.Writer != e.Writer {
		return fmt.Sprintf("%s is written by %s, but this event was written on %s's subject", e.Type, t.Writer, e.Writer)
	}
	if e.Sig == "" {
		return "unsigned"
	}
	parts := strings.SplitN(e.Sig, ":", 3)
	if len(parts) != 3 || parts[0] != "ed25519" {
		return fmt.Sprintf("signature %.24q… is not ed25519:<key>:<signature>", e.Sig)
	}
	k := r.find(parts[1])
	if k == nil {
		return "signed by key " + parts[1] + ", which is not in the keyring"
	}
	if k.Writer != e.Writer {
		return fmt.Sprintf("signed with %s's key %s, but written as %s", k.Writer, k.ID, e.Writer)
	}
	sig, err := base64.RawStdEncoding.DecodeString(parts[2])
	if err != nil || len(k.Key) != ed25519.PublicKeySize || !ed25519.Verify(k.Key, []byte(sigDomain+e.Hash), sig) {
		return fmt.Sprintf("the signature does not verify with %s's key %s", k.Writer, k.ID)
	}
	return ""
}
