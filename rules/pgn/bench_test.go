package pgn

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkReadPGN reads the annotated test file (36 games with comments
// and variations, CRLF) from memory, replaying every main-line move.
func BenchmarkReadPGN(b *testing.B) {
	data, err := os.ReadFile("testdata/games/immortal-games.pgn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewReader(bytes.NewReader(data))
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			}
		}
	}
}

// BenchmarkWritePGN writes the games of the same file in export format.
func BenchmarkWritePGN(b *testing.B) {
	data, err := os.ReadFile("testdata/games/immortal-games.pgn")
	if err != nil {
		b.Fatal(err)
	}
	games, _, err := readAll(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			if err := Write(io.Discard, g); err != nil {
				b.Fatal(err)
			}
		}
	}
}
