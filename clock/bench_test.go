package clock

import (
	"testing"
	"time"
)

// BenchmarkFold folds a 160-move game (320 presses) under 40/5400+30:1800+30.
func BenchmarkFold(b *testing.B) {
	tc, _ := ParsePGN("40/5400+30:1800+30")
	ev := plies(0, repeat(20*time.Second, 320)...)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Fold(tc, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParsePGN parses a two-period control.
func BenchmarkParsePGN(b *testing.B) {
	for b.Loop() {
		if _, err := ParsePGN("40/5400+30:1800+30"); err != nil {
			b.Fatal(err)
		}
	}
}
