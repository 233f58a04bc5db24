package events

import (
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
