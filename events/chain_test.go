package events

import (
	"encoding/json"
	"testing"
)

// chainOf builds a valid log of n events of one game.
func chainOf(t *testing.T, n int) []Envelope {
	t.Helper()
	var log []Envelope
	head := Head{}
	for i := 1; i <= n; i++ {
		envs, err := Build(Game("g"), WriterGames, head, "k"+string(rune('a'+i)), meta(), move(i, "e4"))
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, envs...)
		head = Head{Version: envs[0].Seq, Hash: envs[0].Hash}
	}
	return log
}

func TestVerifyNamesTheFirstBadEvent(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(l []Envelope) []Envelope
		index   int
		problem Problem
	}{
		{"intact", func(l []Envelope) []Envelope { return l }, -1, ""},
		{"data altered", func(l []Envelope) []Envelope {
			l[3].Data = json.RawMessage(`{"ply":4,"by":"black","san":"Qh4"}`)
			return l
		}, 3, Altered},
		{"actor altered", func(l []Envelope) []Envelope { l[2].Actor.ID = "someone"; return l }, 2, Altered},
		{"time altered", func(l []Envelope) []Envelope { l[5].RecordedAt = l[5].RecordedAt.Add(1); return l }, 5, Altered},
		{"unknown field added", func(l []Envelope) []Envelope {
			l[1].extra = map[string]json.RawMessage{"x": json.RawMessage(`1`)}
			return l
		}, 1, Altered},
		{"removed", func(l []Envelope) []Envelope { return append(l[:3:3], l[4:]...) }, 3, Removed},
		{"first removed", func(l []Envelope) []Envelope { return l[1:] }, 0, Removed},
		{"last two swapped", func(l []Envelope) []Envelope { l[6], l[7] = l[7], l[6]; return l }, 6, Reordered},
		{"moved earlier", func(l []Envelope) []Envelope {
			m := l[5]
			out := append([]Envelope{}, l[:2]...)
			out = append(out, m)
			out = append(out, l[2:5]...)
			return append(out, l[6:]...)
		}, 2, Reordered},
		{"duplicated", func(l []Envelope) []Envelope {
			out := append([]Envelope{}, l[:4]...)
			out = append(out, l[3])
			return append(out, l[4:]...)
		}, 4, Inserted},
		{"forged insert", func(l []Envelope) []Envelope {
			// A forger builds a valid-looking event after event 3 and
			// puts it in the log; the real event 4 no longer follows.
			forged, _ := Build(Game("g"), WriterGames, Head{Version: l[2].Seq, Hash: l[2].Hash}, "forged", meta(), move(4, "Qh5"))
			out := append([]Envelope{}, l[:3]...)
			out = append(out, forged[0])
			return append(out, l[3:]...)
		}, 3, Inserted},
		{"foreign event", func(l []Envelope) []Envelope {
			other, _ := Build(Game("h"), WriterGames, Head{}, "x", meta(), move(1, "d4"))
			l[4] = other[0]
			return l
		}, 4, Foreign},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := c.edit(chainOf(t, 8))
			err := Verify(log)
			if c.index < 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			ce, ok := err.(*ChainError)
			if !ok {
				t.Fatalf("got %v, want a ChainError", err)
			}
			if ce.Index != c.index || ce.Problem != c.problem {
				t.Fatalf("got index %d %s (%v), want index %d %s", ce.Index, ce.Problem, ce, c.index, c.problem)
			}
		})
	}
}

// TestVerifyAnchoredCatchesRewrite: a tail rewritten and re-hashed is a
// consistent chain; only an anchor recorded elsewhere exposes it.
func TestVerifyAnchoredCatchesRewrite(t *testing.T) {
	log := chainOf(t, 6)
	anchor := Head{Version: 6, Hash: log[5].Hash}
	rewritten := append([]Envelope{}, log[:3]...)
	head := Head{Version: log[2].Seq, Hash: log[2].Hash}
	for i := 4; i <= 6; i++ {
		envs, err := Build(Game("g"), WriterGames, head, "k", meta(), move(i, "Nc3"))
		if err != nil {
			t.Fatal(err)
		}
		rewritten = append(rewritten, envs[0])
		head = Head{Version: envs[0].Seq, Hash: envs[0].Hash}
	}
	if err := Verify(rewritten); err != nil {
		t.Fatalf("a consistent rewrite should pass the chain alone: %v", err)
	}
	err := VerifyAnchored(rewritten, anchor)
	if ce, ok := err.(*ChainError); !ok || ce.Problem != Rewritten {
		t.Fatalf("anchored: %v", err)
	}
	if err := VerifyAnchored(log, anchor); err != nil {
		t.Fatal(err)
	}
	if err := VerifyAnchored(log[:4], anchor); err == nil {
		t.Fatal("a log short of its anchor passed")
	}
}
