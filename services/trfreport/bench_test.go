package trfreport

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

func loadDev(b *testing.B) []*trf.File {
	names, _ := filepath.Glob("testdata/tiebreaks-dev/*.trf")
	var files []*trf.File
	for _, n := range names {
		fh, err := os.Open(n)
		if err != nil {
			b.Fatal(err)
		}
		f, err := trf.Read(fh)
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// BenchmarkReadTRF is the baseline: reading the 73 tournaments of the
// TieBreakServer set.
func BenchmarkReadTRF(b *testing.B) {
	names, _ := filepath.Glob("testdata/tiebreaks-dev/*.trf")
	var data [][]byte
	for _, n := range names {
		d, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, d := range data {
			if _, err := trf.Read(bytesReader(d)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkStandings computes the 15 columns of the TieBreakServer set for
// the 73 tournaments under both rule sets.
func BenchmarkStandings(b *testing.B) {
	files := loadDev(b)
	codes, _ := ratings.ParseCodes("BH,BH/C1,BH/M1,SB,PS,WIN,WON,BPG,BWG,ARO,TPR,PTP,AOB,REP")
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			for _, r := range []ratings.Rules{ratings.Rules2024, ratings.Rules2026} {
				if _, err := Standings(f, codes, ratings.Options{Rules: r}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkAllTieBreaks computes every supported code, DE and FB included.
func BenchmarkAllTieBreaks(b *testing.B) {
	files := loadDev(b)
	codes, _ := ratings.ParseCodes("BH,BH/C1,BH/M1,FB,SB,AOB,DE,WIN,WON,BPG,BWG,PS,REP,KS,ARO,TPR,PTP,APRO,APPO,STD,TPN,RTNG")
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			if _, err := Standings(f, codes, ratings.Options{Rules: ratings.Rules2026}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func bytesReader(d []byte) *bytes.Reader { return bytes.NewReader(d) }
