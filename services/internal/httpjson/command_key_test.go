package httpjson

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"
)

// mapCommandHash is CommandHash as it was written first (the command's JSON
// read into a map and written again): the reference the in-place reading
// must agree with, byte for byte, so that a key given before a restart on
// the new code is still bound to the same hash.
func mapCommandHash(pattern, path string, req any) string {
	h := sha256.New()
	h.Write([]byte(pattern))
	h.Write([]byte{0})
	h.Write([]byte(path))
	h.Write([]byte{0})
	if b, err := json.Marshal(req); err == nil {
		var fields map[string]json.RawMessage
		if json.Unmarshal(b, &fields) == nil {
			delete(fields, "idempotency_key")
			b, _ = json.Marshal(fields)
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestCommandHashAsMap: the hash is the map's for commands of every shape a
// port decodes: nested values, lists, omitted fields, HTML characters and
// non-ASCII in strings, keys in any order, no key at all, and values that
// are not objects.
func TestCommandHashAsMap(t *testing.T) {
	type inner struct {
		Name string `json:"name"`
		Seat int    `json:"seat,omitempty"`
	}
	type move struct {
		Move           string `json:"move"`
		Player         string `json:"player"`
		IdempotencyKey string `json:"idempotency_key"`
	}
	type wide struct {
		Zeta           float64           `json:"zeta"`
		IdempotencyKey string            `json:"idempotency_key,omitempty"`
		Alpha          []inner           `json:"alpha"`
		Mid            map[string]string `json:"mid,omitempty"`
		At             time.Time         `json:"at"`
		Flag           *bool             `json:"flag"`
		B              json.RawMessage   `json:"b,omitempty"`
		Quote          string            `json:"quote"`
	}
	yes := true
	tests := []any{
		move{Move: "e2e4", Player: "w-1", IdempotencyKey: "3"},
		move{},
		wide{Zeta: 1.5e-7, Alpha: []inner{{Name: "<a&b>"}, {Name: "é\u2028", Seat: 2}}, Mid: map[string]string{"b": "1", "a": "{\"x\":1}"}, At: time.Date(2026, 12, 5, 3, 0, 0, 1, time.UTC), Flag: &yes, B: json.RawMessage(`{"k":[1,2]}`), Quote: `a"b\c`},
		wide{IdempotencyKey: "k"},
		map[string]any{"idempotency_key": "x", "\u00e9": 1, "b<": 2, "a": nil},
		[]int{1, 2},
		"text",
		nil,
		struct{}{},
	}
	for _, req := range tests {
		r := httptest.NewRequest("POST", "/api/games/g-1/moves", nil)
		r.Pattern = "POST /api/games/{id}/moves"
		if got, want := CommandHash(r, req), mapCommandHash(r.Pattern, r.URL.Path, req); got != want {
			b, _ := json.Marshal(req)
			t.Errorf("%s: hash %s, the map's %s", b, got, want)
		}
	}
}

// BenchmarkCommandHash: a move's command.
func BenchmarkCommandHash(b *testing.B) {
	type move struct {
		Move           string `json:"move"`
		Player         string `json:"player"`
		IdempotencyKey string `json:"idempotency_key"`
	}
	r := httptest.NewRequest("POST", "/api/games/g-1/moves", nil)
	r.Pattern = "POST /api/games/{id}/moves"
	req := move{Move: "e2e4", Player: "w-load-17", IdempotencyKey: "12"}
	b.ReportAllocs()
	for b.Loop() {
		CommandHash(r, req)
	}
}

// BenchmarkCommandHashMap: the same command through the map, for
// comparison.
func BenchmarkCommandHashMap(b *testing.B) {
	type move struct {
		Move           string `json:"move"`
		Player         string `json:"player"`
		IdempotencyKey string `json:"idempotency_key"`
	}
	req := move{Move: "e2e4", Player: "w-load-17", IdempotencyKey: "12"}
	b.ReportAllocs()
	for b.Loop() {
		mapCommandHash("POST /api/games/{id}/moves", "/api/games/g-1/moves", req)
	}
}
