package dutch

import (
	"bytes"
	"os"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// FuzzPairTRF feeds arbitrary tournament files to the reader, the model
// and the engine: nothing may panic, and every pairing made must pass the
// independent checker of the absolute criteria.
func FuzzPairTRF(f *testing.F) {
	for _, name := range []string{"s1000_p29_r1of11", "s1037_p19_r6of8", "s1031_p12_r2of6"} {
		data, err := os.ReadFile("../testdata/cases/" + name + ".trf")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(file.Players) > 200 {
			return
		}
		tm, err := pairing.FromTRF(file)
		if err != nil {
			return
		}
		res, err := Pair(tm, Options{Explain: true})
		if err != nil {
			return
		}
		var pairs [][2]int
		bye := 0
		for _, b := range res.Boards {
			if b.Black == 0 {
				bye = b.White
			} else {
				pairs = append(pairs, [2]int{b.White, b.Black})
			}
		}
		if v := check.Round(file, tm.Round, pairs, bye); len(v) > 0 {
			t.Fatalf("pairing breaks the absolute criteria: %v", v)
		}
	})
}
