package dutch

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestExplanation checks that explaining a round does not change it and
// that the explanation accounts for every board, its colours and the bye.
func TestExplanation(t *testing.T) {
	for _, name := range []string{"s1000_p29_r9of11", "s1037_p19_r6of8", "s1000_p29_r1of11"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("../testdata/cases/" + name + ".trf")
			if err != nil {
				t.Fatal(err)
			}
			f, err := trf.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			tm, err := pairing.FromTRF(f)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Pair(tm, Options{})
			if err != nil {
				t.Fatal(err)
			}
			explained, err := Pair(tm, Options{Explain: true})
			if err != nil {
				t.Fatal(err)
			}
			if format(plain) != format(explained) {
				t.Fatalf("explaining changed the pairing:\n%s\n%s", format(plain), format(explained))
			}
			text := strings.Join(explained.Notes, "\n")
			if !strings.Contains(text, "Bracket of score") {
				t.Errorf("no bracket in the explanation:\n%s", text)
			}
			for _, b := range explained.Boards {
				want := fmt.Sprintf("Colours %d – %d: %d white", b.White, b.Black, b.White)
				if b.Black == 0 {
					want = fmt.Sprintf("Pairing-allocated bye: %d ", b.White)
				}
				if !strings.Contains(text, want) {
					t.Errorf("explanation lacks %q:\n%s", want, text)
				}
			}
		})
	}
}
