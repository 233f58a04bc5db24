package dutch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestCountersOverflow pairs the endorsed engine's cases with the counters'
// fields as narrow as the two widest neighbouring score groups: brackets
// with moved-down players of other groups overflow them, and the pairing
// starts over with one counter per score group (errWiden). Both ways must
// give the endorsed engine's pairing.
func TestCountersOverflow(t *testing.T) {
	defer func(m uint, f bool) { counterMargin, fillWords = m, f }(counterMargin, fillWords)
	counterMargin, fillWords = 0, false
	files, err := filepath.Glob("../testdata/cases/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	if testing.Short() {
		files = files[:len(files)/8]
	}
	widened := 0
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".trf") + ".expected")
		if err != nil {
			t.Fatal(err)
		}
		tt := readTournament(t, f)
		if _, err := pair(tt, Options{}, false); err == errWiden {
			widened++
		}
		got, err := pairFile(f)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		if got != strings.ReplaceAll(string(want), "\r\n", "\n") {
			t.Errorf("%s: got %q want %q", filepath.Base(f), got, want)
		}
	}
	t.Logf("%d of %d cases overflowed the narrowest fields", widened, len(files))
	if widened == 0 {
		t.Error("no case overflowed the fields: the fallback went untested")
	}
}

// TestRecount moves counters between places in the fields of a weight.
func TestRecount(t *testing.T) {
	tests := []struct {
		name       string
		fields     []uint
		oldA, newA counter
		oldB, newB counter
		set        map[uint]uint64 // bit position -> value of the counter there
		want       map[uint]uint64
	}{
		{"two groups move down", []uint{10, 100}, counter{5, 3}, counter{2, 3}, counter{0, 2}, counter{0, 2},
			map[uint]uint64{15: 5, 10: 1, 100: 2}, map[uint]uint64{12: 5, 10: 1, 100: 2}},
		{"one group, a counter of two", []uint{60}, counter{3, 4}, counter{10, 2}, counter{3, 4}, counter{10, 2},
			map[uint]uint64{63: 2}, map[uint]uint64{70: 2}},
		{"across a word", []uint{64}, counter{0, 3}, counter{62, 3}, counter{8, 1}, counter{3, 1},
			map[uint]uint64{64: 7, 72: 1}, map[uint]uint64{126: 7, 67: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := matching.NewWeight(3)
			for at, v := range tc.set {
				w.AddShifted(v, at)
			}
			want := matching.NewWeight(3)
			for at, v := range tc.want {
				want.AddShifted(v, at)
			}
			recount(w, tc.fields, tc.oldA, tc.newA, tc.oldB, tc.newB)
			if w.Cmp(want) != 0 {
				t.Errorf("got %x want %x", w, want)
			}
		})
	}
}

// readTournament reads the TRF file at path.
func readTournament(t *testing.T, path string) *pairing.Tournament {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.FromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}
