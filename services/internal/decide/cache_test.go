package decide

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/hakem-chess/hakem/events"
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

// TestKeyMarkSize: a command's mark takes 8 bytes in every live game's
// cache entry (issue 21's memory per game); a wider mark is a choice to
// measure, not a drift.
func TestKeyMarkSize(t *testing.T) {
	if n := unsafe.Sizeof(keyMark{}); n != 8 {
		t.Errorf("keyMark takes %d bytes, want 8", n)
	}
}

type tally struct{ n int }

func (t *tally) Evolve(*events.Envelope, events.Event) error { t.n++; return nil }

// TestCacheGenerations: at its bound the cache forgets the aggregates not
// used during a generation (half the bound), and keeps those in use.
func TestCacheGenerations(t *testing.T) {
	d := &Decider[tally, *tally]{Config: Config{Cache: 4}}
	keep := func(id string) { d.remember(id, &cached[*tally]{state: &tally{}, folded: true}) }
	has := func(id string) bool { return d.cached(id) != nil }
	keep("a")
	keep("b")
	keep("c")      // a and b are the old generation now
	if !has("a") { // a used again: young again
		t.Fatal("a forgotten")
	}
	keep("d") // c and a old, b forgotten
	for id, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if got := has(id); got != want {
			t.Errorf("%s cached: %v, want %v", id, got, want)
		}
	}
	for i := range 100 {
		keep(fmt.Sprint(i))
		if n := len(d.cache) + len(d.older); n > 4 {
			t.Fatalf("%d aggregates cached, bound 4", n)
		}
	}
	d.forget("99")
	if has("99") {
		t.Error("99 not forgotten")
	}
}

// TestCacheDone: an aggregate done with leaves the cache.
func TestCacheDone(t *testing.T) {
	d := &Decider[tally, *tally]{Config: Config{Cache: 4}, Done: func(s *tally) bool { return s.n > 0 }}
	d.remember("live", &cached[*tally]{state: &tally{}, folded: true})
	d.remember("over", &cached[*tally]{state: &tally{}, folded: true})
	d.remember("over", &cached[*tally]{state: &tally{n: 1}, folded: true})
	if d.cached("live") == nil || d.cached("over") != nil {
		t.Errorf("live cached %v, over cached %v", d.cached("live") != nil, d.cached("over") != nil)
	}
}

// forgetful is a state that can drop what only an export reads.
type forgetful struct {
	tally
	forgot bool
}

func (f *forgetful) ForgetMoves() { f.forgot = true }

// TestCacheForgetsMoves: a state is cached without what only an export
// reads (ForgetMoves, a game's clock record); a state without
// ForgetMoves is cached as it is.
func TestCacheForgetsMoves(t *testing.T) {
	d := &Decider[forgetful, *forgetful]{Config: Config{Cache: 4}}
	s := &forgetful{}
	d.keep("g1", &cached[*forgetful]{}, nil, s, nil, events.Head{}, "g1/player:w/1")
	if c := d.cached("g1"); c == nil || !c.state.forgot {
		t.Fatalf("cached %v, moves forgotten %v", c != nil, s.forgot)
	}
	plain := &Decider[tally, *tally]{Config: Config{Cache: 4}}
	plain.keep("g2", &cached[*tally]{}, nil, &tally{}, nil, events.Head{}, "g2/player:w/1")
	if plain.cached("g2") == nil {
		t.Fatal("a state without ForgetMoves not cached")
	}
}

// TestCacheHoldsNoEnvelopeText: the head's hash and the last event's id a
// cached aggregate keeps are copies, not slices of the decoded envelope's
// text they were read from (which would keep all of it, some 500 bytes,
// in the cache for every live game).
func TestCacheHoldsNoEnvelopeText(t *testing.T) {
	text := strings.Repeat("0123456789abcdef", 32) // an envelope's fields, in one string
	within := func(s string) bool {
		p, base := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(text)))
		return p >= base && p < base+uintptr(len(text))
	}
	d := &Decider[tally, *tally]{Config: Config{Cache: 4}}
	c := &cached[*tally]{head: events.Head{Version: 3, Seq: 9, Hash: text[100:164]}, lastID: text[200:236], state: &tally{}, folded: true}
	d.remember("g1", c)
	got := d.cached("g1")
	if got == nil {
		t.Fatal("not cached")
	}
	if got.head.Hash != text[100:164] || got.lastID != text[200:236] {
		t.Fatalf("head hash %q, last id %q", got.head.Hash, got.lastID)
	}
	if within(got.head.Hash) || within(got.lastID) {
		t.Errorf("the cache holds the envelope's text: hash within %v, id within %v", within(got.head.Hash), within(got.lastID))
	}
}
