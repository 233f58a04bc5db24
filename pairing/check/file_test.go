package check

import (
	"os"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

func readFile(t *testing.T, name string) *trf.File {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTournamentComplete checks two complete events: a real open (Gros
// 2010) and a generated one whose final round pairs a topscorer with a
// non-topscorer of the same absolute colour preference (6-16 in round 8),
// which the final-round exemption allows, and nothing else does.
func TestTournamentComplete(t *testing.T) {
	for _, name := range []string{"testdata/complete/javafo_sample2_gros2010.trf", "testdata/complete/t1032.trf"} {
		f := readFile(t, name)
		rounds := Tournament(f)
		if len(rounds) != f.Rounds() {
			t.Fatalf("%s: %d rounds checked of %d", name, len(rounds), f.Rounds())
		}
		for r, v := range rounds {
			if len(v) > 0 {
				t.Errorf("%s round %d: %v", name, r+1, v)
			}
		}
	}
	f := readFile(t, "testdata/complete/t1032.trf")
	f.TotalRounds = 9 // round 8 is no longer the final round
	v := Tournament(f)[7]
	if len(v) != 2 || v[0].Rule != SameAbsolute || v[1].Rule != ColourStreak || v[1].Players[0] != 16 {
		t.Fatalf("round 8 of 9: %v", v)
	}
}

func TestRecorded(t *testing.T) {
	f := readFile(t, "testdata/complete/javafo_sample2_gros2010.trf")
	pairs, bye, colourless := Recorded(f, 1)
	if len(pairs) != 25 || bye != 52 || len(colourless) != 0 { // 28 absent, 52 the bye
		t.Fatalf("round 1: %d pairs, bye %d, %v", len(pairs), bye, colourless)
	}
	if pairs[0] != [2]int{1, 26} {
		t.Fatalf("first pair %v", pairs[0])
	}
}
