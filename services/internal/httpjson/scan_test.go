package httpjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// tokenDuplicateKey is duplicateKey as it was written first, on
// encoding/json's Token: the reference the byte scanner must agree with.
func tokenDuplicateKey(body []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].key {
			if k, ok := tok.(string); ok {
				f := strings.ToLower(k)
				if stack[n-1].keys[f] {
					return k, true
				}
				stack[n-1].keys[f], stack[n-1].key = true, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].key = true
		}
	}
}

// manyKeys is an object of n keys k0..k(n-1), then extra members.
func manyKeys(n int, extra string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	b.WriteString(extra + "}")
	return b.String()
}

var keyBodies = []string{
	`{"move":"e4","player":"p1","idempotency_key":"3"}`,
	" \n{ \"move\" : \"e4\" ,\t\"move\" : \"d4\" }\r\n",
	`{"move":"e4","Move":"d4"}`,
	`{"move":"e4","MOVE":"d4"}`,
	`{"\u006dove":"e4","move":"d4"}`,
	`{"m\"ove":"e4","m\"ove":"d4"}`,
	`{"m\\ove":"e4","m\\Ove":"d4"}`,
	`{"é":1,"É":2}`,
	`{"k":1,"\u212a":2}`,
	`{"s":"a,\"b\":1","b":2}`,
	`{"s":"}{][,:","t":"\\","s":0}`,
	`{"a":{"x":1,"y":[1,{"x":2}],"x":3}}`,
	`{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}],"d":[[],[{}],{"a":[null,true,false,-1.5e3]}]}`,
	`{"list":[{"id":"p1","id":"p2"}]}`,
	`{"a":[],"b":{},"c":null,"a":0}`,
	`[{"a":1},{"a":2,"b":3,"A":4}]`,
	`"just a string"`,
	`12`,
	`{}`,
	manyKeys(40, `"k0":"again"`),
	manyKeys(40, `"K39":"again"`),
	manyKeys(40, `"z":{"k1":1,"k1":2}`),
	manyKeys(17, `"last":1`),
	manyKeys(16, `"k15":1`),
}

// TestDuplicateKeyAsTokens: the byte scanner finds the same key as the
// Token reader, on keys with escapes, capitals, non-ASCII, at any depth
// and in objects of more keys than it compares one by one.
func TestDuplicateKeyAsTokens(t *testing.T) {
	for _, in := range keyBodies {
		if !json.Valid([]byte(in)) {
			t.Fatalf("not valid JSON: %s", in)
		}
		wantKey, want := tokenDuplicateKey([]byte(in))
		key, dup := duplicateKey([]byte(in))
		if dup != want || key != wantKey {
			t.Errorf("%s: %q %v, want %q %v", in, key, dup, wantKey, want)
		}
	}
}

// FuzzDuplicateKey: on any valid JSON text both readers agree.
func FuzzDuplicateKey(f *testing.F) {
	for _, in := range keyBodies {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return
		}
		wantKey, want := tokenDuplicateKey([]byte(in))
		key, dup := duplicateKey([]byte(in))
		if dup != want || key != wantKey {
			t.Errorf("%q: %q %v, want %q %v", in, key, dup, wantKey, want)
		}
	})
}

// BenchmarkDuplicateKey: a move's body.
func BenchmarkDuplicateKey(b *testing.B) {
	body := []byte(`{"move":"e2e4","player":"w-load-17","idempotency_key":"12"}`)
	b.ReportAllocs()
	for b.Loop() {
		duplicateKey(body)
	}
}

// BenchmarkDuplicateKeyTokens: the same body through the Token reader,
// for comparison.
func BenchmarkDuplicateKeyTokens(b *testing.B) {
	body := []byte(`{"move":"e2e4","player":"w-load-17","idempotency_key":"12"}`)
	b.ReportAllocs()
	for b.Loop() {
		tokenDuplicateKey(body)
	}
}
