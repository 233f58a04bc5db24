package events

import (
	"testing"
	"time"
)

// BenchmarkEncodeStoredMove: a signed move's envelope encoded as the
// store writes it and as an HTTP answer holds it.
func BenchmarkEncodeStoredMove(b *testing.B) {
	s, err := LoadOrCreateKeys(b.TempDir(), Writers...)
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 11, 29, 18, 0, 0, 123456789, time.UTC)
	envs, err := Build(Game("g-0042"), WriterGames, Head{}, "g-0042/player:p-0042/load-0042-17#0123456789abcdef",
		Meta{Actor: Actor{Role: "player", ID: "p-0042"}, CorrelationID: NewULID(at), RecordedAt: at},
		MovePlayed{Ply: 1, By: White, SAN: "e4", UCI: "e2e4", At: at, FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})
	if err != nil {
		b.Fatal(err)
	}
	e := &envs[0]
	if err := s.Sign(e); err != nil {
		b.Fatal(err)
	}
	b.Run("stored", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := EncodeStored(e, true); err != nil {
				b.Fatal(err)
			}
		}
	})
	buf := make([]byte, 0, 4096)
	b.Run("answer", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := AppendJSON(buf[:0], e); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzPlainChecks: the table-driven plainString and plainJSON agree with
// their definitions written out byte by byte.
func FuzzPlainChecks(f *testing.F) {
	for _, s := range []string{`{"a":"b<c"}`, `{"a": 1}`, `"\"<"`, `"\\"`, "\"\x7f\"", "é", `[1,2]`, `{"a":"\u003c"}`, "\"\\\xff\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		wantString := true
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				wantString = false
			}
		}
		wantJSON, in := true, false
		for i := 0; i < len(s) && wantJSON; i++ {
			c := s[i]
			if c >= 0x80 || c == '<' || c == '>' || c == '&' {
				wantJSON = false
				break
			}
			if in {
				switch c {
				case '\\':
					i++
				case '"':
					in = false
				}
				continue
			}
			switch c {
			case '"':
				in = true
			case ' ', '\t', '\n', '\r':
				wantJSON = false
			}
		}
		if got := plainString(s); got != wantString {
			t.Fatalf("plainString(%q) = %v, want %v", s, got, wantString)
		}
		if got := plainJSON([]byte(s)); got != wantJSON {
			t.Fatalf("plainJSON(%q) = %v, want %v", s, got, wantJSON)
		}
	})
}
