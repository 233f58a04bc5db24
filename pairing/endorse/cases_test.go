package endorse

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

var long = flag.Bool("long", false, "check all 538 endorsed-engine case files (every 25th otherwise)")

// TestEndorsedEngineFiles checks the endorsed engine's own tournament
// files (the pairing module's shared cases): every round it paired is
// re-paired identically, and every points field is what the rounds score.
func TestEndorsedEngineFiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/cases/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	step := 25
	if *long {
		step = 1
	}
	for i := 0; i < len(files); i += step {
		data, err := os.Open(files[i])
		if err != nil {
			t.Fatal(err)
		}
		f, err := trf.Read(data)
		data.Close()
		if err != nil {
			t.Fatalf("%s: %v", files[i], err)
		}
		r, err := Check(f)
		if err != nil {
			t.Fatalf("%s: %v", files[i], err)
		}
		if len(r.Pairings)+len(r.Points) != 0 {
			t.Errorf("%s: pairings %v, points %v", filepath.Base(files[i]), r.Pairings, r.Points)
		}
	}
}
