package events

import (
	"strings"
	"testing"
)

// Build hashes and Append encodes json.Marshal's data without checking it
// again: the result must be what the checking path gives, for every sample
// event and for data with escapes, HTML characters and non-ASCII text.
func TestMarshalledDataTakenAsIs(t *testing.T) {
	evs := append([]Event{}, samples...)
	evs = append(evs,
		GameCreated{White: "Æsa <&> \u2028 \"q\"", Black: "日本", TimeControl: "5400+30", LawsProfile: "fide-2023"},
		move(3, "e8=Q+"))
	for _, ev := range evs {
		info, _ := Lookup(ev.EventType())
		envs, err := Build(Aggregate{Kind: info.Kind, ID: "x"}, info.Writer, Head{}, "k", meta(), ev)
		if err != nil {
			t.Fatalf("%s: %v", ev.EventType(), err)
		}
		e := &envs[0]
		if h, err := ComputeHash(e); err != nil || h != e.Hash {
			t.Errorf("%s: Build's hash %s, ComputeHash %s (%v)", ev.EventType(), e.Hash, h, err)
		}
		slow, err := e.slowMarshal()
		if err != nil {
			t.Fatal(err)
		}
		if fast, ok := fastEncodeOf(e, true); ok && string(fast) != string(slow) {
			t.Errorf("%s: encodings differ:\n%s\n%s", ev.EventType(), fast, slow)
		}
	}
}

// TestEncodingSizedBeforehand: a stored event's encoding fits the buffer
// encodedSize gives it (never grown, copied and thrown away), for every
// sample event with long ids, keys and a signature, as a game's move has.
func TestEncodingSizedBeforehand(t *testing.T) {
	s, err := LoadOrCreateKeys(t.TempDir(), Writers...)
	if err != nil {
		t.Fatal(err)
	}
	m := meta()
	m.Actor = Actor{Role: "arbiter", ID: strings.Repeat("a", 64)}
	m.CorrelationID, m.CausationID = NewULID(m.RecordedAt), NewULID(m.RecordedAt)
	key := strings.Repeat("g", 64) + "/player:" + strings.Repeat("p", 64) + "/" + strings.Repeat("k", 128) + "#0123456789abcdef"
	for _, ev := range samples {
		info, _ := Lookup(ev.EventType())
		envs, err := Build(Aggregate{Kind: info.Kind, ID: strings.Repeat("x", 64)}, info.Writer, Head{}, key, m, ev)
		if err != nil {
			t.Fatalf("%s: %v", ev.EventType(), err)
		}
		e := &envs[0]
		if err := s.Sign(e); err != nil {
			t.Fatal(err)
		}
		b, ok := fastEncodeOf(e, true)
		if !ok {
			continue
		}
		if cap(b) != encodedSize(e) {
			t.Errorf("%s: %d bytes grew the buffer of %d", ev.EventType(), len(b), encodedSize(e))
		}
	}
}
