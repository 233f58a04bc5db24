package dutch

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

func TestDumpCase(t *testing.T) {
	name := os.Getenv("DUMP_CASE")
	if name == "" {
		t.Skip()
	}
	data, _ := os.ReadFile("../testdata/cases/" + name + ".trf")
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.FromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := Pair(tt, Options{})
	_ = r
	e := &engine{t: tt, played: tt.Round - 1}
	e.all = make([]*pairing.Player, len(tt.Players))
	for i := range tt.Players {
		e.all[i] = &tt.Players[i]
	}
	for i := range tt.Players {
		if tt.Players[i].Absent {
			fmt.Printf("%3d absent\n", i+1)
			continue
		}
		en := newEntrant(tt, i, i)
		computeFloats(tt, e.all, en)
		fmt.Printf("%3d %s imb=%d pref=%v rep=%v strong=%v abs=%v fl=%v bye=%v col=%v\n", en.StartNo, en.score, en.imbalance, en.preference, en.repeated, en.strong, en.absolute(), en.floats[1:], en.byeEligible, en.colours)
	}
}
