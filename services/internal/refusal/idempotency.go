package refusal

import "fmt"

// ErrKeyReused is the kind of refusal of a command whose idempotency key
// an earlier, different command used: a key means one command (the
// endpoint, the aggregate and the body), so the new command is refused
// (409 idempotency_key_reused) and nothing is appended.
var ErrKeyReused = fmt.Errorf("idempotency key reused")

// ErrLogDamaged is the kind of refusal of a command on a game whose log
// holds a message that does not decode or chain, not yet repaired (409
// log_damaged).
var ErrLogDamaged = fmt.Errorf("log damaged")

// ErrLogIntact is the kind of refusal of a repair of a log that is not
// damaged (409 log_intact).
var ErrLogIntact = fmt.Errorf("log not damaged")

// hashLen is the length of a command hash in a stored key (CommandKey).
const hashLen = CommandHashLen

// CommandHashLen is how many hex digits of a command's hash CommandKey
// keeps: a caller that encodes only these gives CommandKey a hash short
// enough to stay off the heap.
const CommandHashLen = 16

// CommandKey is the key a command is stored under given the client's key
// and the hash of the command: key#hash. An empty key stays empty (the
// handlers refuse it), an empty hash adds nothing.
func CommandKey(key, hash string) string {
	if key == "" || hash == "" {
		return key
	}
	if len(hash) > hashLen {
		hash = hash[:hashLen]
	}
	return key + "#" + hash
}

// clientKey returns the key a stored key was made from by CommandKey
// (the whole key when it carries no command hash).
func clientKey(stored string) string {
	n := len(stored) - hashLen - 1
	if n <= 0 || stored[n] != '#' {
		return stored
	}
	for _, c := range stored[n+1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return stored
		}
	}
	return stored[:n]
}

// SameCommand compares a key found in the log (stored) with the key of
// the command at hand (both scoped as the handler stores them): same when
// it is the very command (or the stored key carries no hash, as keys
// written before commands were hashed); an ErrKeyReused refusal when the
// client's key is the same but the command differs.
func SameCommand(stored, key string) (same bool, err error) {
	if stored == key {
		return true, nil
	}
	base := clientKey(key)
	if base == key {
		return false, nil // the command carries no hash: keys compare whole
	}
	if stored == base {
		return true, nil
	}
	if clientKey(stored) == base {
		return false, &Refusal{Kind: ErrKeyReused, Reason: fmt.Sprintf(
			"idempotency_key: already used for a different command (%s); a key names one command: send a new key", describeKey(base))}
	}
	return false, nil
}

// describeKey shortens a scoped key for a message.
func describeKey(k string) string {
	if len(k) > 200 {
		return k[:200] + "…"
	}
	return k
}

// SplitCommandKey splits a key made by CommandKey (and then scoped) into
// what came before the command hash and the hash (hashLen lowercase hex
// digits); found is false for a key without one.
func SplitCommandKey(stored string) (key, hash string, found bool) {
	base := clientKey(stored)
	if base == stored {
		return stored, "", false
	}
	return base, stored[len(base)+1:], true
}
