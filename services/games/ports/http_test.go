package ports

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// TestWriteAnswer: the hand-made answer of a command is byte for byte what
// encoding/json makes of it (httpjson.Write), including envelopes whose
// strings need escaping (left to the events module's slow encoder).
func TestWriteAnswer(t *testing.T) {
	at := time.Date(2026, 11, 29, 18, 0, 0, 123456789, time.UTC)
	build := func(key string, evs ...events.Event) []gamelog.Recorded {
		envs, err := events.Build(events.Game("g-1"), events.WriterGames, events.Head{}, key,
			events.Meta{Actor: events.Actor{Role: "player", ID: "w"}, CorrelationID: "c1", RecordedAt: at}, evs...)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]gamelog.Recorded, len(envs))
		for i, e := range envs {
			out[i] = gamelog.Recorded{Envelope: e}
		}
		return out
	}
	tests := []struct {
		name string
		o    decide.Outcome
	}{
		{"no events", decide.Outcome{ID: "g-1", Version: 7}},
		{"one move", decide.Outcome{ID: "g-1", Version: 1, Events: build("k1",
			events.MovePlayed{Ply: 1, By: events.White, SAN: "e4", UCI: "e2e4", At: at, FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})}},
		{"repeated, two events", decide.Outcome{ID: "g-1", Version: 2, Repeated: true, Events: build("k2",
			events.MovePlayed{Ply: 1, By: events.White, SAN: "f3", UCI: "f2f3", At: at},
			events.GameEnded{Result: "1-0", Termination: "resignation"})}},
		{"escaping", decide.Outcome{ID: "g-1", Version: 1, Events: build("k<&>\"3",
			events.GameCreated{White: "Ann <&> \"Bo\"", Black: "é", TimeControl: "5400+30"})}},
		{"an id encoding/json escapes", decide.Outcome{ID: "g<&>\"é", Version: 3}},
		{"as appended, the JSON the store was sent", decide.Outcome{ID: "g-1", Version: 2, Events: withJSON(t, build("k5",
			events.MovePlayed{Ply: 1, By: events.White, SAN: "f3", UCI: "f2f3", At: at},
			events.GameEnded{Result: "1-0", Termination: "resignation <&>"}))}},
		{"larger than a pooled buffer", decide.Outcome{ID: "g-1", Version: 1, Events: build("k4",
			events.GameCreated{White: strings.Repeat("W", maxPooledAnswer), TimeControl: "5400+30"})}},
	}
	// twice: the second round's answers are written into the buffers
	// the first one's left in the pool
	for _, tt := range append(tests, tests...) {
		t.Run(tt.name, func(t *testing.T) {
			want := httptest.NewRecorder()
			httpjson.Write(want, 201, answer(tt.o))
			got := httptest.NewRecorder()
			writeAnswer(got, 201, tt.o)
			if got.Code != want.Code || got.Header().Get("Content-Type") != want.Header().Get("Content-Type") {
				t.Errorf("status %d %q, want %d %q", got.Code, got.Header().Get("Content-Type"), want.Code, want.Header().Get("Content-Type"))
			}
			if !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
				t.Errorf("body\n%s\nwant\n%s", got.Body, want.Body)
			}
		})
	}
}

// withJSON sets each record's JSON as an append keeps it (what the store
// was sent, events.EncodeStored's).
func withJSON(t *testing.T, recs []gamelog.Recorded) []gamelog.Recorded {
	for i := range recs {
		b, err := events.EncodeStored(&recs[i].Envelope, true)
		if err != nil {
			t.Fatal(err)
		}
		recs[i].JSON = b
	}
	return recs
}

// BenchmarkWriteAnswer: the answer to a move, one envelope, encoded for
// the answer or as the append sent it to the store.
func BenchmarkWriteAnswer(b *testing.B) {
	at := time.Date(2026, 11, 29, 18, 0, 0, 123456789, time.UTC)
	envs, err := events.Build(events.Game("g-0042"), events.WriterGames, events.Head{}, "g-0042/player:p-0042/load-0042-17#0123456789abcdef",
		events.Meta{Actor: events.Actor{Role: "player", ID: "p-0042"}, CorrelationID: events.NewULID(at), RecordedAt: at},
		events.MovePlayed{Ply: 1, By: events.White, SAN: "e4", UCI: "e2e4", At: at, FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})
	if err != nil {
		b.Fatal(err)
	}
	stored, err := events.EncodeStored(&envs[0], true)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range []gamelog.Recorded{{Envelope: envs[0]}, {Envelope: envs[0], JSON: stored}} {
		o := decide.Outcome{ID: "g-0042", Version: 1, Events: []gamelog.Recorded{r}}
		b.Run(map[bool]string{false: "encoded", true: "as-stored"}[r.JSON != nil], func(b *testing.B) {
			w := httptest.NewRecorder()
			b.ReportAllocs()
			for b.Loop() {
				w.Body.Reset()
				writeAnswer(w, 200, o)
			}
		})
	}
}
