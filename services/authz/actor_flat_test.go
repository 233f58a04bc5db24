package authz

import (
	"encoding/json"
	"reflect"
	"testing"
)

// slowSetActor is bindActor's encoding/json way with a JSON body: parse,
// set the actor, marshal.
func slowSetActor(body []byte, name, subject string) ([]byte, *refusal) {
	obj, f := parseObject(body)
	if f != nil {
		return nil, f
	}
	if f := setActor(obj, name, subject); f != nil {
		return nil, f
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return nil, &refusal{400, "malformed_json", err.Error()}
	}
	return b, nil
}

// actorBodies are bodies of every kind setActorFlat meets.
var actorBodies = []string{
	`{"player":"p1","move":"e4","idempotency_key":"k1"}`,
	`{"move":"e4","idempotency_key":"k1"}`,
	" { \"move\" : \"Nf3\" ,\t\"player\":\"\" }\n",
	`{"player":"p2","move":"e4"}`,
	`{"Player":"p1","move":"e4"}`,
	`{"player":"p1","PLAYER":"p1"}`,
	`{"move":"e4","move":"d4"}`,
	`{"move":"e<4"}`,
	`{"move":"e\u00344"}`,
	`{"move":1}`,
	`{"player":null}`,
	`{}`,
	``,
	`[]`,
	`{"move":"e4"} x`,
	`{"move":"e4",}`,
	`{"z":"1","a":"2","m":"3","player":"p1","b":"4"}`,
	`{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8","i":"9","j":"10","k":"11","l":"12","m":"13","n":"14","o":"15","p":"16","q":"17"}`,
	"{\"move\":\"é\"}",
}

// TestSetActorFlat: the common bodies are rewritten without
// encoding/json, to the bytes it writes, or refused as it refuses them.
func TestSetActorFlat(t *testing.T) {
	fast := 0
	for _, body := range actorBodies {
		for _, subject := range []string{"p1", "p<1>"} {
			got, gotF, ok := setActorFlat([]byte(body), "player", subject)
			if !ok {
				continue
			}
			fast++
			want, wantF := slowSetActor([]byte(body), "player", subject)
			if string(got) != string(want) || !reflect.DeepEqual(gotF, wantF) {
				t.Errorf("%q as %s: %s %+v, encoding/json's %s %+v", body, subject, got, gotF, want, wantF)
			}
		}
	}
	if fast < 6 {
		t.Fatalf("only %d bodies rewritten without encoding/json", fast)
	}
	if b, f, ok := setActorFlat([]byte(`{"move":"e4","player":"p1","idempotency_key":"k"}`), "player", "p1"); !ok || f != nil ||
		string(b) != `{"idempotency_key":"k","move":"e4","player":"p1"}` {
		t.Fatalf("a move's body: %s %+v %v", b, f, ok)
	}
}

// FuzzSetActorFlat: whatever the body and subject, setActorFlat, when it
// answers, answers as encoding/json's way.
func FuzzSetActorFlat(f *testing.F) {
	for _, b := range actorBodies {
		f.Add(b, "p1")
	}
	f.Fuzz(func(t *testing.T, body, subject string) {
		got, gotF, ok := setActorFlat([]byte(body), "player", subject)
		if !ok {
			return
		}
		want, wantF := slowSetActor([]byte(body), "player", subject)
		if string(got) != string(want) || !reflect.DeepEqual(gotF, wantF) {
			t.Fatalf("%q as %q: %s %+v, encoding/json's %s %+v", body, subject, got, gotF, want, wantF)
		}
	})
}

// BenchmarkSetActor: a move's body rewritten for its player's token,
// without encoding/json and with it.
func BenchmarkSetActor(b *testing.B) {
	body := []byte(`{"player":"p-0042","move":"Nf3","idempotency_key":"load-0042-17"}`)
	b.Run("flat", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, f, ok := setActorFlat(body, "player", "p-0042"); !ok || f != nil {
				b.Fatal(f)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, f := slowSetActor(body, "player", "p-0042"); f != nil {
				b.Fatal(f)
			}
		}
	})
}
