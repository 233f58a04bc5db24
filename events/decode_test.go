package events

import (
	"reflect"
	"testing"
)

// The fast decoder gives what encoding/json gives for repeated keys (the
// last value wins; a repeated object is merged into the first), and leaves
// what it does not handle to it.
func TestFastDecodeAgreesOnRepeatsAndFallbacks(t *testing.T) {
	const rest = `"type":"game.move_played","v":2,"writer":"games","seq":1,"recorded_at":"2026-11-29T15:00:00.123Z","actor":{"role":"player","id":"p1"},"idempotency_key":"k","prev_hash":"","hash":"h","data":{"ply":1}`
	for _, tc := range []struct {
		in   string
		fast bool // the fast path answers
	}{
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},` + rest + `}`, true},
		{`{"id":"a","id":"b","aggregate":{"kind":"game","id":"g1"},` + rest + `}`, true},
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},"aggregate":{"id":"g2"},` + rest + `}`, true},
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},"aggregate":{"kind":"game"},` + rest + `,"actor":{"id":"p2"}}`, true},
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},` + rest + `,"data":{"ply":2},"hash":"h2"}`, true},
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},` + rest + `,"actor":{"id":"p\u00e9"}}`, false}, // an escape
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},` + rest + `,"actor":{"id":"pé"}}`, true},       // UTF-8 as it is
		{`{"id":"a","aggregate":{"kind":"game","id":"g1"},` + rest + `,"actor":{"role":"coach","id":"c"}}`, false},
		{`{"id":"a","type":"x.unknown","aggregate":{"kind":"game","id":"g1"},` + rest + `}`, true},
		{`{"id":"a","type":"x.unknown","aggregate":{"kind":"game","id":"g1"},` + rest + `,"type":"game.ended"}`, true},
		{`{"id":null,"aggregate":{"kind":"game","id":"g1"},` + rest + `}`, false},
	} {
		var slow Envelope
		if err := slow.slowUnmarshal([]byte(tc.in)); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		fast, ok := fastDecode([]byte(tc.in))
		if ok != tc.fast {
			t.Errorf("%s: fast path %v, want %v", tc.in, ok, tc.fast)
		}
		if ok && !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: fast and slow differ:\n%#v\n%#v", tc.in, fast, slow)
		}
		for _, owned := range []bool{false, true} {
			got, err := decodeEnvelope([]byte(tc.in), owned)
			if err != nil {
				t.Fatalf("%s: %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, slow) {
				t.Errorf("%s (owned %v): decoded %#v, want %#v", tc.in, owned, got, slow)
			}
		}
	}
}
