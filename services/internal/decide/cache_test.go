package decide

import (
	"testing"

	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestCachedHas: the cache's marks send a command to the log whenever
// refusal.SameCommand of a stored key and the command's says the same
// command or a reused key, and keep it off the log for another key.
func TestCachedHas(t *testing.T) {
	const h1, h2 = "0123456789abcdef", "fedcba9876543210"
	cases := []struct {
		stored, key string
	}{
		{"g1/player:w/1#" + h1, "g1/player:w/1#" + h1}, // the very command
		{"g1/player:w/1#" + h1, "g1/player:w/1#" + h2}, // the key reused
		{"g1/player:w/1", "g1/player:w/1#" + h1},       // stored before hashes
		{"g1/player:w/1", "g1/player:w/1"},
		{"g1/player:w/1#" + h1, "g1/player:w/2#" + h1}, // another key
		{"g1/player:w/1", "g1/player:w/10"},
		{"g1/player:w/1#" + h1, "g1/player:b/1#" + h1}, // another player's
		{"g1/player:w/" + h1, "g1/player:w/" + h1 + "#" + h2},
	}
	for _, c := range cases {
		same, err := refusal.SameCommand(c.stored, c.key)
		want := same || err != nil
		var cached cached[any]
		cached.keys = logKeys(nil, []Recorded{{}, {}})
		cached.keys = append(cached.keys, markOf("other"), markOf(c.stored))
		if got := cached.has(c.key); got != want {
			t.Errorf("stored %q, command %q: has %v, SameCommand same %v err %v", c.stored, c.key, got, same, err)
		}
	}
}
