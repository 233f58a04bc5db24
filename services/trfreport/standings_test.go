package trfreport

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

func readTRF(t *testing.T, name string) *trf.File {
	t.Helper()
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

func readLines(t *testing.T, name string) [][]string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, l := range strings.Split(strings.ReplaceAll(string(data), "\r", "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, strings.Split(strings.TrimRight(l, " "), "\t"))
		}
	}
	return out
}

// TestExerciseThroughTRF reproduces FIDE TEC's tie-break exercise from its
// TRF-16 file, under both rule sets.
func TestExerciseThroughTRF(t *testing.T) {
	f := readTRF(t, "testdata/fide-tec-tiebreak-exercise-2024-03-18.trf")
	want := readLines(t, "testdata/fide-tec-tiebreak-exercise-expected.tsv")
	header := want[0]
	for _, rules := range []ratings.Rules{ratings.Rules2024, ratings.Rules2026} {
		var names []string
		var cols []int
		for i, h := range header[2:] {
			if strings.HasSuffix(h, "/V2024") && rules != ratings.Rules2024 || strings.HasSuffix(h, "/V2026") && rules != ratings.Rules2026 {
				continue
			}
			names = append(names, strings.TrimSuffix(strings.TrimSuffix(h, "/V2024"), "/V2026"))
			cols = append(cols, i+2)
		}
		codes, err := ratings.ParseCodes(strings.Join(names, ","))
		if err != nil {
			t.Fatal(err)
		}
		st, err := Standings(f, codes, ratings.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteStandingsTSV(&buf, st); err != nil {
			t.Fatal(err)
		}
		got := readLines(t, writeTemp(t, buf.Bytes()))
		if strings.Join(got[0], ",") != "no,PTS,"+strings.Join(names, ",") {
			t.Fatalf("header %v", got[0])
		}
		for i, row := range want[1:] {
			if got[i+1][0] != row[0] || got[i+1][1] != row[2] {
				t.Errorf("rules %v row %d: no/PTS %v, want %v/%v", rules, i+1, got[i+1][:2], row[0], row[2])
			}
			for k, col := range cols {
				if got[i+1][k+2] != row[col] {
					t.Errorf("rules %v player %s %s: got %q, want %q", rules, row[0], header[col], got[i+1][k+2], row[col])
				}
			}
		}
	}
}

func writeTemp(t *testing.T, b []byte) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "out.tsv")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestTieBreakServerDev compares every value of the 73 tournaments computed
// by FIDE TEC's TieBreakServer under the 2024 and the 2026 rules.
func TestTieBreakServerDev(t *testing.T) {
	trfs, _ := filepath.Glob("testdata/tiebreaks-dev/*.trf")
	if len(trfs) != 73 {
		t.Fatalf("%d tournaments", len(trfs))
	}
	type count struct{ match, total int }
	perCol := map[string]*count{}
	var colOrder []string
	mismatches := 0
	for _, name := range trfs {
		f := readTRF(t, name)
		for _, rules := range []ratings.Rules{ratings.Rules2024, ratings.Rules2026} {
			want := readLines(t, strings.TrimSuffix(name, ".trf")+"."+rules.String()+".tsv")
			codes, err := ratings.ParseCodes(strings.Join(want[0][2:], ","))
			if err != nil {
				t.Fatal(err)
			}
			st, err := Standings(f, codes, ratings.Options{Rules: rules})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(want)-1 != len(st.Rows) {
				t.Fatalf("%s: %d rows, want %d", name, len(st.Rows), len(want)-1)
			}
			for i, row := range want[1:] {
				r := st.Rows[i]
				got := append([]string{strconv.Itoa(r.No), ratings.Code{Name: "PTS"}.Format(ratings.Value{X: r.Points, Defined: true})}, make([]string, len(codes))...)
				for k, c := range codes {
					got[k+2] = c.Format(r.Values[k])
				}
				for k, h := range want[0] {
					key := rules.String() + " " + h
					if perCol[key] == nil {
						perCol[key] = &count{}
						colOrder = append(colOrder, key)
					}
					perCol[key].total++
					if got[k] == row[k] {
						perCol[key].match++
					} else if mismatches++; mismatches <= 20 {
						t.Errorf("%s rules %v player %s %s: got %q, want %q", filepath.Base(name), rules, row[0], h, got[k], row[k])
					}
				}
			}
		}
	}
	total, match := 0, 0
	for _, k := range colOrder {
		c := perCol[k]
		total += c.total
		match += c.match
		t.Logf("%s: %d of %d", k, c.match, c.total)
	}
	t.Logf("TieBreakServer dev set: %d of %d values match", match, total)
	if match != total {
		t.Errorf("%d values differ", total-match)
	}
}
