package trfreport

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// FuzzReports feeds arbitrary TRF text to the standings and the rating
// report: whatever trf.Read accepts must give a result or an error, never a
// panic, and the TSV must have one row per player.
func FuzzReports(f *testing.F) {
	for _, name := range []string{"testdata/fide-tec-tiebreak-exercise-2024-03-18.trf", "testdata/tiebreaks-dev/t1000.trf"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	codes, _ := ratings.ParseCodes("BH,BH/C1,BH/M1,FB,SB,AOB,DE,WIN,WON,BPG,BWG,PS,REP,KS,ARO,TPR,PTP,APRO,APPO,STD,TPN,RTNG")
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		st, err := Standings(file, codes, ratings.Options{Rules: ratings.Rules2026})
		if err == nil {
			var buf bytes.Buffer
			if err := WriteStandingsTSV(&buf, st); err != nil {
				t.Fatal(err)
			}
			if got := bytes.Count(buf.Bytes(), []byte("\n")); got != len(file.Players)+1 {
				t.Fatalf("%d lines for %d players", got, len(file.Players))
			}
		}
		if rs, err := RatingReport(file, RatingOptions{}); err == nil {
			if err := WriteRatingDetail(io.Discard, rs); err != nil {
				t.Fatal(err)
			}
		}
	})
}
