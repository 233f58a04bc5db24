package dutch

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// casesBaseline is the number of the endorsed engine's pairings that the
// engine must reproduce exactly; raise it as the engine improves.
const casesBaseline = 538

var shown = flag.Int("shown", 10, "number of mismatches to list")

var casesGlob = flag.String("cases", "*", "glob of the endorsed-engine cases to run (file names without .trf)")

// Format writes a pairing the way bbpPairings does: the number of pairs,
// then "white black" per board, the bye as "N 0".
func format(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(r.Boards))
	for _, bd := range r.Boards {
		fmt.Fprintf(&b, "%d %d\n", bd.White, bd.Black)
	}
	return b.String()
}

func pairFile(path string) (string, error) { return pairFileIn(path, nil) }

// pairFileIn is pairFile pairing in mem (nil: memory of its own).
func pairFileIn(path string, mem *Memory) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		return "", err
	}
	t, err := pairing.FromTRF(f)
	if err != nil {
		return "", err
	}
	r, err := Pair(t, Options{Memory: mem})
	if err != nil {
		return "", err
	}
	return format(r), nil
}

// TestEndorsedEngineCases pairs every case of testdata/cases (a tournament
// truncated after some round and the pairing bbpPairings 6 made for the
// next) and counts the exact matches: pairs, colours, bye and board order.
func TestEndorsedEngineCases(t *testing.T) { endorsedEngineCases(t, nil) }

// TestEndorsedEngineCasesInOneMemory pairs the cases one after the other
// in one Memory, as the generator pairs its rounds: fields of every size
// (larger and smaller than the one before, odd and even) paired in the
// graph and the matcher's lists of the case before must give the same
// pairings.
func TestEndorsedEngineCasesInOneMemory(t *testing.T) { endorsedEngineCases(t, &Memory{}) }

func endorsedEngineCases(t *testing.T, mem *Memory) {
	files, err := filepath.Glob("../testdata/cases/" + *casesGlob + ".trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	sort.Strings(files)
	matched := 0
	var misses []string
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".trf") + ".expected")
		if err != nil {
			t.Fatal(err)
		}
		got, err := pairFileIn(f, mem)
		if err != nil {
			misses = append(misses, fmt.Sprintf("%s: %v", filepath.Base(f), err))
			continue
		}
		if got == strings.ReplaceAll(string(want), "\r\n", "\n") {
			matched++
		} else {
			misses = append(misses, fmt.Sprintf("%s: got %q want %q", filepath.Base(f), got, want))
		}
	}
	t.Logf("endorsed-engine cases: %d of %d match exactly", matched, len(files))
	for i, m := range misses {
		if i == *shown {
			break
		}
		t.Logf("mismatch %s", m)
	}
	if matched < casesBaseline {
		t.Errorf("only %d cases match, fewer than the %d recorded", matched, casesBaseline)
	}
}
