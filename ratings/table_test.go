package ratings

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readTSV returns the data rows of a FIDE table file (comments and the header
// skipped).
func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	return rows
}

func atoiT(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestExpectedScoreMatchesFIDETable(t *testing.T) {
	rows := readTSV(t, "testdata/fide-pd-table.tsv")
	if len(rows) != len(pdTable) {
		t.Fatalf("table has %d rows, Go data %d", len(rows), len(pdTable))
	}
	for _, r := range rows {
		lo := atoiT(t, r[0])
		hi := lo + 300
		if r[1] != "inf" {
			hi = atoiT(t, r[1])
		}
		h, _ := strconv.ParseFloat(r[2], 64)
		l, _ := strconv.ParseFloat(r[3], 64)
		for d := lo; d <= hi; d++ {
			if got, want := ExpectedScore(d), int(h*100+0.5); got != want {
				t.Fatalf("ExpectedScore(%d) = %d, table says %d", d, got, want)
			}
			if got, want := ExpectedScore(-d), int(l*100+0.5); got != want {
				t.Fatalf("ExpectedScore(%d) = %d, table says %d", -d, got, want)
			}
		}
	}
}

func TestRatingDifferenceMatchesFIDETable(t *testing.T) {
	rows := readTSV(t, "testdata/fide-dp-table.tsv")
	if len(rows) != 101 {
		t.Fatalf("dp table has %d rows", len(rows))
	}
	for _, r := range rows {
		p, _ := strconv.ParseFloat(r[0], 64)
		if got, want := RatingDifference(int(p*100+0.5)), atoiT(t, r[1]); got != want {
			t.Errorf("RatingDifference(%s) = %d, want %d", r[0], got, want)
		}
	}
	if RatingDifference(-5) != -800 || RatingDifference(140) != 800 {
		t.Error("out-of-range p is not clamped")
	}
}
