package httpjson

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// flatCommand is a player's command as a port declares it, read by
// decodeFlat; plainCommand is the same without Member, read by
// encoding/json.
type flatCommand struct {
	Player string `json:"player" bounds:"len=64"`
	Move   string `json:"move,omitempty" bounds:"len=16"`
	Key    string `json:"idempotency_key" bounds:"len=128"`
}

type plainCommand struct {
	Player string `json:"player" bounds:"len=64"`
	Move   string `json:"move,omitempty" bounds:"len=16"`
	Key    string `json:"idempotency_key" bounds:"len=128"`
}

func (c *flatCommand) Member(key []byte) *string {
	switch string(key) {
	case "player":
		return &c.Player
	case "move":
		return &c.Move
	case "idempotency_key":
		return &c.Key
	}
	return nil
}

// decodeBoth decodes body as both commands: their answers (status and
// body) and decoded values.
func decodeBoth(body string) (flat, plain plainCommand, fastOK, slowOK bool, fastAnswer, slowAnswer string) {
	w := httptest.NewRecorder()
	var f flatCommand
	fastOK = Decode(w, httptest.NewRequest("POST", "/", strings.NewReader(body)), &f)
	fastAnswer = w.Result().Status + " " + w.Body.String()
	w = httptest.NewRecorder()
	slowOK = Decode(w, httptest.NewRequest("POST", "/", strings.NewReader(body)), &plain)
	slowAnswer = w.Result().Status + " " + w.Body.String()
	return plainCommand(f), plain, fastOK, slowOK, fastAnswer, slowAnswer
}

// flatBodies are bodies of every kind decodeFlat meets: those it reads
// and those it leaves to encoding/json (each with its error, if any).
var flatBodies = []string{
	`{"player":"p1","move":"e4","idempotency_key":"k1"}`,
	" \n{ \"move\" : \"Nf3\" ,\t\"player\":\"p1\" }\r\n",
	`{}`,
	`{"player":"Ğülşen","move":"e4","idempotency_key":"k"}`,
	`{"player":"p\u00e91","move":"e4"}`,
	`{"player":"p1","move":"e4","move":"d4"}`,
	`{"player":"p1","Move":"e4"}`,
	`{"player":"p1","MOVE":"e4","move":"d4"}`,
	`{"player":"p1","mvoe":"e4"}`,
	`{"player":"p1","move":null}`,
	`{"player":1}`,
	`{"player":"p1",}`,
	`{"player":"p1"} x`,
	`{"player":"p1"}{}`,
	`{"player":"p1"`,
	`{"player":"p1\x01"}`,
	"{\"player\":\"p1\xff\"}",
	"{\"player\":\"\xed\xa0\x80\"}",
	`{"player":"` + strings.Repeat("a", 65) + `"}`,
	`{"move":"` + strings.Repeat("a", 16) + `"}`,
	`{"player":"p1","move":"e4","idempotency_key":"k","player":"p2"}`,
	`[]`,
	``,
	`   `,
	`{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8","i":"9"}`,
	`{"player":"","move":"","idempotency_key":""}`,
	`{"player":"p1","move":"e4","idempotency_key":"k","player":"p1","move":"e4","idempotency_key":"k","player":"p1"}`,
}

// TestDecodeFlatAsEncodingJSON: a Flat command decodes every body as
// encoding/json decodes its twin: the same values, or the same refusal,
// byte for byte.
func TestDecodeFlatAsEncodingJSON(t *testing.T) {
	for _, body := range flatBodies {
		flat, plain, fastOK, slowOK, fastAnswer, slowAnswer := decodeBoth(body)
		if fastOK != slowOK || flat != plain || fastAnswer != slowAnswer {
			t.Errorf("%q: flat %v %+v %q; encoding/json %v %+v %q", body, fastOK, flat, fastAnswer, slowOK, plain, slowAnswer)
		}
	}
}

// TestDecodeFlatReadsTheCommonBody: the common bodies are read by
// decodeFlat itself (not handed on), and what it leaves to encoding/json
// it leaves untouched.
func TestDecodeFlatReadsTheCommonBody(t *testing.T) {
	tests := []struct {
		body string
		read bool
		want flatCommand
	}{
		{`{"player":"p1","move":"e4","idempotency_key":"k1"}`, true, flatCommand{"p1", "e4", "k1"}},
		{" { \"move\":\"Nf3\" } ", true, flatCommand{Move: "Nf3"}},
		{`{"player":"Ğülşen"}`, true, flatCommand{Player: "Ğülşen"}},
		{`{}`, true, flatCommand{}},
		{`{"player":"p\u00e91"}`, false, flatCommand{}},
		{`{"Player":"p1"}`, false, flatCommand{}},
		{`{"player":"p1","player":"p2"}`, false, flatCommand{}},
		{`{"player":"p1"} {}`, false, flatCommand{}},
		{`{"player":"p1","move":1}`, false, flatCommand{}},
	}
	for _, tt := range tests {
		var c flatCommand
		if read := decodeFlat([]byte(tt.body), &c); read != tt.read || c != tt.want {
			t.Errorf("%q: read %v %+v, want %v %+v", tt.body, read, c, tt.read, tt.want)
		}
	}
}

// FuzzDecodeFlat: for any body, a Flat command and its twin read by
// encoding/json decode the same values or give the same answer.
func FuzzDecodeFlat(f *testing.F) {
	for _, b := range flatBodies {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body string) {
		flat, plain, fastOK, slowOK, fastAnswer, slowAnswer := decodeBoth(body)
		if fastOK != slowOK || flat != plain || fastAnswer != slowAnswer {
			t.Fatalf("%q: flat %v %+v %q; encoding/json %v %+v %q", body, fastOK, flat, fastAnswer, slowOK, plain, slowAnswer)
		}
	})
}

// BenchmarkDecodeMove: a move's body read as a Flat command beside the
// same body read by encoding/json (one request, its body rewound).
func BenchmarkDecodeMove(b *testing.B) {
	const body = `{"player":"p-0042","move":"Nf3","idempotency_key":"load-0042-17"}`
	w := httptest.NewRecorder()
	var rb rewound
	r := httptest.NewRequest("POST", "/", &rb)
	r.ContentLength = int64(len(body))
	b.Run("flat", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c flatCommand
			rb.Reset(body)
			if !Decode(w, r, &c) {
				b.Fatal(w.Body.String())
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c plainCommand
			rb.Reset(body)
			if !Decode(w, r, &c) {
				b.Fatal(w.Body.String())
			}
		}
	})
}

// rewound is a request body read again from its start after Reset.
type rewound struct{ strings.Reader }

func (*rewound) Close() error { return nil }
