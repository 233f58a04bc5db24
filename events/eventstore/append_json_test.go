package eventstore

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestAppendWithJSON: the JSON AppendWithJSON returns is each envelope's
// message as stored in the stream and what events.AppendJSON writes of
// it (strings that need escaping included); a command that had landed
// before is answered with its first envelopes and no JSON.
func TestAppendWithJSON(t *testing.T) {
	signer, err := events.LoadOrCreateKeys(t.TempDir(), events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	s := openStore(t, Config{Signer: signer})
	ctx := testCtx(t)
	g := events.Game("g-json")
	stream, err := s.js.Stream(ctx, s.cfg.Partitions.Stream(g))
	if err != nil {
		t.Fatal(err)
	}
	_, head, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "create", meta(),
		events.GameCreated{White: "Ann <&> \"Bo\"", Black: "é", TimeControl: "300+2", LawsProfile: "fide-2023"})
	if err != nil {
		t.Fatal(err)
	}
	for _, evs := range [][]events.Event{
		{move(1, "e4")},
		{events.Resigned{By: events.Black}, events.GameEnded{Result: "1-0", Termination: "resignation <&>", Article: "5.1.2"}},
	} {
		key := "cmd-" + evs[0].EventType()
		envs, stored, next, err := s.AppendWithJSON(ctx, g, events.WriterGames, head, key, meta(), evs...)
		if err != nil {
			t.Fatal(err)
		}
		if len(stored) != len(envs) {
			t.Fatalf("%d envelopes, %d encodings", len(envs), len(stored))
		}
		for i := range envs {
			want, err := events.AppendJSON(nil, &envs[i])
			if err != nil || string(stored[i]) != string(want) {
				t.Errorf("%s: stored\n%s\nAppendJSON (%v)\n%s", envs[i].Type, stored[i], err, want)
			}
			msg, err := stream.GetMsg(ctx, next.Seq-uint64(len(envs)-1-i))
			if err != nil || string(msg.Data) != string(stored[i]) {
				t.Errorf("%s: the stream holds\n%s\n(%v), returned\n%s", envs[i].Type, msg.Data, err, stored[i])
			}
		}
		// the same command again: its first envelopes, read back
		again, json, _, err := s.AppendWithJSON(ctx, g, events.WriterGames, head, key, meta(), evs...)
		if err != nil || len(again) != len(envs) || again[0].ID != envs[0].ID || json != nil {
			t.Fatalf("retried: %d envelopes (%v), JSON %q", len(again), err, json)
		}
		head = next
	}
}
