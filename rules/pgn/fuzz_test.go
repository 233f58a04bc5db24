package pgn

import (
	"bytes"
	"testing"
)

// FuzzReadPGN feeds arbitrary bytes to the reader: it must never panic or
// hang, and every game that reads without error must write in export format
// and read back identically (moves, annotations, clocks, comments, result,
// tags), its second export equal to the first.
func FuzzReadPGN(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n\n1. e4 {[%clk 0:01:00.5]} e5 $1 (1... c5 {a}) 2. Nf3 1-0\n"))
	f.Add([]byte("\xef\xbb\xbf1.d4 Z0 2.c4 -- 0000 *\r\n"))
	f.Add([]byte("[Variant \"Chess960\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n1. d4 d5 *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		games, _, err := readAll(data)
		if err != nil {
			t.Fatalf("reader error: %v", err)
		}
		for _, g := range games {
			var out bytes.Buffer
			if err := Write(&out, g); err != nil {
				t.Fatalf("game %d: write: %v", g.Number, err)
			}
			back, bad, err := readAll(out.Bytes())
			if err != nil || bad != 0 || len(back) != 1 {
				t.Fatalf("game %d: re-read gives %d games, %d bad, %v\n%q", g.Number, len(back), bad, err, out.String())
			}
			if d := sameGame(g, back[0]); d != "" {
				t.Fatalf("game %d: round trip differs: %s\n%q", g.Number, d, out.String())
			}
			var again bytes.Buffer
			Write(&again, back[0])
			if again.String() != out.String() {
				t.Fatalf("game %d: second export differs:\n%q\n%q", g.Number, out.String(), again.String())
			}
		}
	})
}
