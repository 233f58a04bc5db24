package events

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecodeEnvelope: any bytes decode to an envelope or a precise error,
// never a panic; a decoded envelope writes back to JSON that decodes to the
// same envelope with the same hash.
func FuzzDecodeEnvelope(f *testing.F) {
	for _, ev := range samples[:5] {
		info, _ := Lookup(ev.EventType())
		envs, _ := Build(Aggregate{Kind: info.Kind, ID: "x"}, info.Writer, Head{}, "k", meta(), ev)
		b, _ := json.Marshal(envs[0])
		f.Add(b)
	}
	f.Add([]byte(`{"id":"x","type":"game.move_played","v":1,"aggregate":{"kind":"game","id":"g"},"seq":1,"recorded_at":"2026-01-01T00:00:00Z","data":{"move":"e4"},"extra":[1,2]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var all map[string]json.RawMessage
		if json.Unmarshal(b, &all) == nil && onlyKnownKeys(b) {
			for k := range all {
				if !knownFields[k] {
					t.Fatalf("onlyKnownKeys missed the unknown key %q", k)
				}
			}
		}
		// The fast decoder, when it answers, agrees with encoding/json.
		if fast, ok := fastDecode(b); ok {
			var slow Envelope
			if err := slow.slowUnmarshal(b); err != nil {
				t.Fatalf("fast decode accepted what encoding/json refuses (%v): %q", err, b)
			}
			if !reflect.DeepEqual(fast, slow) {
				t.Fatalf("fast and slow decodes differ:\n%#v\n%#v", fast, slow)
			}
		}
		e, err := DecodeEnvelope(b)
		if err != nil {
			return
		}
		// The fast encoder, when it answers, writes what encoding/json writes.
		if fast, ok := fastEncode(&e); ok {
			slow, err := e.slowMarshal()
			if err != nil || string(fast) != string(slow) {
				t.Fatalf("fast and slow encodes differ (%v):\n%s\n%s", err, fast, slow)
			}
		}
		// AppendJSON writes after a buffer's content what MarshalJSON writes.
		whole, errM := e.MarshalJSON()
		appended, errA := AppendJSON([]byte("prefix:"), &e)
		if (errM == nil) != (errA == nil) || (errM == nil && string(appended) != "prefix:"+string(whole)) {
			t.Fatalf("AppendJSON %q (%v), MarshalJSON %q (%v)", appended, errA, whole, errM)
		}
		h1, err1 := ComputeHash(&e)
		out, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("decoded but cannot encode: %v", err)
		}
		back, err := DecodeEnvelope(out)
		if err != nil {
			t.Fatalf("re-decode of %s: %v", out, err)
		}
		h2, err2 := ComputeHash(&back)
		if (err1 == nil) != (err2 == nil) || h1 != h2 {
			t.Fatalf("hash changed across read→write: %s %v / %s %v", h1, err1, h2, err2)
		}
		_, _ = Decode(back)
	})
}

// FuzzValidEnd: validEnd accepts a document exactly when json.Valid does.
func FuzzValidEnd(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e+3,true,false,null,"x\u00e9\n"]}`, ` [ ] `, `{}`, `"\ud800"`, `01`, `1.`, `-`, `{"a" 1}`, `[1,]`, "\"\x01\"", "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		end := validEnd(b, skipSpace(b, 0))
		got := end >= 0 && skipSpace(b, end) == len(b)
		if want := json.Valid(b); got != want {
			t.Fatalf("validEnd %v (end %d), json.Valid %v: %q", got, end, want, b)
		}
	})
}
