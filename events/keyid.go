package events

// Key ids, as a signature names them ("ed25519:<key id>:<signature>"), for
// a store that verifies loaded events (package eventstore).

// Holds reports whether the keyring holds the key of this id.
func (r *Keyring) Holds(keyID string) bool { return r.find(keyID) != nil }

// KeyID returns the id of the key s signs writer w's events with ("" if it
// holds none).
func (s *Signer) KeyID(w Writer) string {
	if k, ok := s.keys[w]; ok {
		return k.id
	}
	return ""
}
