package refusal

import (
	"errors"
	"testing"
)

func TestSameCommand(t *testing.T) {
	move := CommandKey("g/player:w/1", "0123456789abcdef0000")
	other := CommandKey("g/player:w/1", "fedcba9876543210")
	for _, tc := range []struct {
		name, stored, key string
		same, reused      bool
	}{
		{"the same command", move, move, true, false},
		{"another command, same key", move, other, false, true},
		{"a key written before hashing", "g/player:w/1", move, true, false},
		{"another key", CommandKey("g/player:w/2", "0123456789abcdef"), move, false, false},
		{"a key that looks hashed", "g/player:w/1#0123456789abcdef", CommandKey("g/player:w/1#0123456789abcdef", "1111111111111111"), true, false},
		{"an unhashed command", "flag-1", "flag-1", true, false},
		{"an unhashed command, other key", "flag-1", "flag-2", false, false},
	} {
		same, err := SameCommand(tc.stored, tc.key)
		if same != tc.same || errors.Is(err, ErrKeyReused) != tc.reused {
			t.Errorf("%s: SameCommand(%q, %q) = %v, %v; want %v, reused %v", tc.name, tc.stored, tc.key, same, err, tc.same, tc.reused)
		}
	}
}
