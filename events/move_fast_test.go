package events

import (
	"encoding/json"
	"testing"
	"time"
)

// moveSamples are moves of every shape: fields left out or not, plain
// strings and strings json.Marshal escapes, instants UTC, zoned, zero and
// out of its range.
var moveSamples = []MovePlayed{
	{Ply: 1, By: White, SAN: "e4", UCI: "e2e4", At: time.Date(2026, 11, 29, 18, 0, 0, 123456789, time.UTC), FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	{Ply: 2, By: Black, SAN: "e5"},
	{Ply: 3, By: White, SAN: "Nf3", At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
	{Ply: 4, By: Black, SAN: "Nc6", At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("CET", 3600))},
	{Ply: 5, By: White, SAN: "Bb5", At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 0))},
	{Ply: 6, By: Black, SAN: "a6", At: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
	{Ply: -7, By: "wh<ite", SAN: "e8=Q+", UCI: "e7e8q"},
	{Ply: 8, By: Black, SAN: "O-O & \"x\"", FENAfter: "é"},
	{},
}

// TestEncodeMovePlayed: a move's data is what json.Marshal writes, by
// value and by pointer, and the common move takes the fast way.
func TestEncodeMovePlayed(t *testing.T) {
	for i, m := range moveSamples {
		want, err := json.Marshal(m)
		if err != nil {
			want = nil
		}
		for _, ev := range []Event{m, &m} {
			got, _, err := Encode(ev)
			if string(got) != string(want) || (err == nil) != (want != nil) {
				t.Errorf("move %d (%T): %s (%v), json.Marshal %s", i, ev, got, err, want)
			}
		}
	}
	if _, ok := encodeFast(moveSamples[0]); !ok {
		t.Error("the common move does not take the fast way")
	}
	if _, ok := encodeFast((*MovePlayed)(nil)); ok {
		t.Error("a nil move encoded")
	}
}

// FuzzEncodeMovePlayed: any move encodes as json.Marshal encodes it.
func FuzzEncodeMovePlayed(f *testing.F) {
	for _, m := range moveSamples {
		_, off := m.At.Zone()
		f.Add(m.Ply, string(m.By), m.SAN, m.UCI, m.FENAfter, m.At.UnixNano(), off, m.At.IsZero())
	}
	f.Fuzz(func(t *testing.T, ply int, by, san, uci, fen string, nanos int64, offset int, zero bool) {
		m := MovePlayed{Ply: ply, By: Color(by), SAN: san, UCI: uci, FENAfter: fen}
		if !zero {
			m.At = time.Unix(0, nanos).In(time.FixedZone("", offset%(48*3600)))
			if offset == 0 {
				m.At = m.At.UTC()
			}
		}
		want, err := json.Marshal(m)
		got, ok := encodeFast(m)
		if ok && (err != nil || string(got) != string(want)) {
			t.Fatalf("%+v: %s, json.Marshal %s (%v)", m, got, want, err)
		}
	})
}

// BenchmarkEncodeMovePlayed: a move's data, the fast way beside
// json.Marshal.
func BenchmarkEncodeMovePlayed(b *testing.B) {
	m := moveSamples[0]
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := Encode(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json.Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
