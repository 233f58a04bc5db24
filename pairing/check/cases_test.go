package check

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// The pairing module keeps the whole set of endorsed-engine cases in
// ../testdata/cases; this package's own copies are a subset.
var cases = flag.String("cases", "../testdata/cases", "a folder of further pairing cases (NAME_rKofN.trf + .expected) to check")

var roundOf = regexp.MustCompile(`_r(\d+)of(\d+)\.trf$`)

// readExpected reads a bbpPairings-style pairing: the number of pairs,
// then "white black" per board, a bye as "N 0".
func readExpected(name string) (pairs [][2]int, bye int, err error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, 0, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if first {
			first = false
			continue
		}
		var w, b int
		if _, err := fmt.Sscan(line, &w, &b); err != nil {
			return nil, 0, fmt.Errorf("%s: %q: %v", name, line, err)
		}
		if b == 0 {
			bye = w
		} else {
			pairs = append(pairs, [2]int{w, b})
		}
	}
	return pairs, bye, nil
}

// TestEndorsedPairingsPass: the pairings an endorsed engine produced break
// none of the rules. A checker that flags them is wrong.
func TestEndorsedPairingsPass(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.trf")
	if *cases != "" {
		more, _ := filepath.Glob(filepath.Join(*cases, "*.trf"))
		files = append(files, more...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d cases in testdata/cases", len(files))
	}
	for _, name := range files {
		m := roundOf.FindStringSubmatch(name)
		if m == nil {
			t.Fatalf("%s: no round in the name", name)
		}
		var round int
		fmt.Sscan(m[1], &round)
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := trf.Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pairs, bye, err := readExpected(strings.TrimSuffix(name, ".trf") + ".expected")
		if err != nil {
			t.Fatal(err)
		}
		if v := Round(f, round, pairs, bye); len(v) > 0 {
			t.Errorf("%s: %v", filepath.Base(name), v)
		}
	}
	t.Logf("%d endorsed pairings checked", len(files))
}

// TestEndorsedHistoriesPass: every round in the histories of the cases was
// paired by the endorsed engine too.
func TestEndorsedHistoriesPass(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.trf")
	if *cases != "" {
		more, _ := filepath.Glob(filepath.Join(*cases, "*.trf"))
		files = append(files, more...)
	}
	rounds := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := trf.Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for r, v := range Tournament(f) {
			rounds++
			if len(v) > 0 {
				t.Errorf("%s round %d: %v", filepath.Base(name), r+1, v)
			}
		}
	}
	t.Logf("%d rounds of endorsed pairings checked", rounds)
}
