package httpjson

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	type body struct {
		Move   string `json:"move"`
		Player string `json:"player"`
		Round  int    `json:"round"`
	}
	tests := []struct {
		name, in string
		status   int
		message  string
	}{
		{"ok", `{"move":"e4","player":"p1"}`, 0, ""},
		{"empty", "  ", 400, "empty body"},
		{"cut short", `{"move":"e4"`, 400, "ends early"},
		{"syntax", `{"move" "e4"}`, 400, "invalid JSON at byte"},
		{"unknown field", `{"mvoe":"e4"}`, 400, `unknown field "mvoe"`},
		{"wrong type", `{"round":"two"}`, 400, `field "round": expected int`},
		{"array", `[1]`, 400, "expected a JSON object"},
		{"trailing", `{"move":"e4"} x`, 400, "trailing data"},
		{"key twice", `{"move":"d4","player":"p1","move":"e4"}`, 400, `field "move": given twice`},
		{"key twice, other case", `{"move":"e4","Move":"d4"}`, 400, `field "Move": given twice`},
		{"same key in two objects", `{"move":"e4","player":"p1","round":1}`, 0, ""},
		{"too large", `{"move":"` + strings.Repeat("a", MaxBody) + `"}`, 413, "over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("POST", "/", strings.NewReader(tt.in))
			var b body
			ok := Decode(w, r, &b)
			if tt.status == 0 {
				if !ok || b.Move != "e4" {
					t.Fatalf("refused: %s", w.Body.String())
				}
				return
			}
			if ok || w.Code != tt.status {
				t.Fatalf("ok %v, status %d, want %d", ok, w.Code, tt.status)
			}
			var e ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("error body %q: %v", w.Body.String(), err)
			}
			if !strings.Contains(e.Error.Message, tt.message) || e.Error.Code == "" {
				t.Errorf("error %+v does not say %q", e.Error, tt.message)
			}
		})
	}
}

func TestCorrelation(t *testing.T) {
	var seen string
	h := WithCorrelation(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = CorrelationID(r) }))
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("X-Correlation-Id", "abc")
	h.ServeHTTP(w, r)
	if seen != "abc" || w.Header().Get("X-Correlation-Id") != "abc" {
		t.Errorf("client id not kept: %q %q", seen, w.Header().Get("X-Correlation-Id"))
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if len(seen) != 26 || w.Header().Get("X-Correlation-Id") != seen {
		t.Errorf("no ULID given: %q", seen)
	}
}

// TestRoleOfRequest: the ports read the authorised role, or their own
// when the request carries none.
func TestRoleOfRequest(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/games", nil)
	if got := Role(r, "organiser"); got != "organiser" {
		t.Errorf("without the header: %q", got)
	}
	r.Header.Set(RoleHeader, "arbiter")
	if got := Role(r, "organiser"); got != "arbiter" {
		t.Errorf("with the header: %q", got)
	}
}

// TestDuplicateKey: a key given twice in one object is found at any depth;
// the same key in two objects, or in an object inside an array, is not a
// duplicate.
func TestDuplicateKey(t *testing.T) {
	tests := []struct {
		in  string
		key string
	}{
		{`{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}`, ""},
		{`{"a":{"x":1,"y":[1,{"x":2}],"x":3}}`, "x"},
		{`{"list":[{"id":"p1","id":"p2"}]}`, "id"},
		{`{"a":[],"b":{},"c":null,"a":0}`, "a"},
		{`{"s":"a,\"b\":1","b":2}`, ""},
	}
	for _, tt := range tests {
		key, dup := duplicateKey([]byte(tt.in))
		if dup != (tt.key != "") || key != tt.key {
			t.Errorf("%s: %q %v, want %q", tt.in, key, dup, tt.key)
		}
	}
}
