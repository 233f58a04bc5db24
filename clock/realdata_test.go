package clock

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestRealPGNTimeControls reads every TimeControl value found in real PGN
// files and checks that it parses and prints back unchanged.
func TestRealPGNTimeControls(t *testing.T) {
	f, err := os.Open("testdata/pgn-timecontrols.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		tc, err := ParsePGN(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if out, err := tc.PGN(); err != nil || out != line {
			t.Errorf("%q printed as %q, %v", line, out, err)
		}
	}
	if n == 0 {
		t.Fatal("no values read")
	}
	tc, _ := ParsePGN("40/7200:20/3600:900+30")
	if tc.Human() != "40/120, 20/60, 15+30" || len(tc.Periods) != 3 || tc.Periods[2].Increment != 30*sec {
		t.Errorf("40/7200:20/3600:900+30 read as %s", tc)
	}
}
