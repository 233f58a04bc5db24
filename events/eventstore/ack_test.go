package eventstore

import (
	"encoding/json"
	"reflect"
	"testing"
)

// plainAck reads what encoding/json reads, or leaves the input to it.
func TestPlainAck(t *testing.T) {
	for _, in := range []string{
		`{"stream":"GAMES","seq":17}`, `{"stream":"GAMES","seq":0}`, `{"stream":"GAMES","seq":18446744073709551615}`,
		`{"stream":"GAMES","seq":18446744073709551616}`, `{"stream":"GAMES","seq":017}`, `{"stream":"GAMES","seq":-1}`,
		`{"stream":"GAMES","seq":1.5}`, `{"stream":"GAMES","seq":17,"duplicate":true}`, `{"stream":"GA\"MES","seq":1}`,
		`{"stream":"","seq":1}`, `{"stream":"GAMES","seq":}`, `{"stream":"GAMES", "seq":3}`, `{"stream":"GAMES","seq":+3}`,
		`{"error":{"code":400,"err_code":10071,"description":"wrong last sequence: 3"},"stream":"GAMES","seq":0}`,
	} {
		got, ok := plainAck([]byte(in))
		if !ok {
			continue
		}
		var want pubAck
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Errorf("%s: plainAck accepts what encoding/json refuses (%v)", in, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: plainAck %+v, encoding/json %+v", in, got, want)
		}
	}
	if a, ok := plainAck([]byte(`{"stream":"GAMES","seq":17}`)); !ok || a.Seq != 17 || a.Stream != "GAMES" {
		t.Errorf("the common acknowledgement is not taken by the fast path: %+v %v", a, ok)
	}
}

func TestAckPosition(t *testing.T) {
	for _, c := range []struct {
		reply        string
		seq, pending uint64
		ok           bool
	}{
		{"$JS.ACK.GAMES.c1.1.42.7.1732892400000000000.0", 42, 0, true},
		{"$JS.ACK.GAMES.c1.1.42.7.1732892400000000000.1234", 42, 1234, true},
		{"$JS.ACK.hub.ACCHASH.GAMES.c1.1.42.7.1732892400000000000.5.rnd", 42, 5, true},
		{"$JS.ACK.hub.ACCHASH.GAMES.c1.1.43.7.1732892400000000000.0", 43, 0, true},
		{"$JS.ACK.GAMES.c1.1.x.7.1.0", 0, 0, false},
		{"$JS.ACK.GAMES.c1.1.42.7.1.x", 0, 0, false},
		{"$JS.ACK.GAMES.c1.1.42.7.1", 0, 0, false},
		{"$JS.ACK.a.GAMES.c1.1.42.7.1.0", 0, 0, false}, // 8 tokens: not a known form
		{"_INBOX.x", 0, 0, false},
	} {
		seq, pending, ok := ackPosition(c.reply)
		if ok != c.ok || (ok && (seq != c.seq || pending != c.pending)) {
			t.Errorf("%s: got %d %d %v, want %d %d %v", c.reply, seq, pending, ok, c.seq, c.pending, c.ok)
		}
	}
}
