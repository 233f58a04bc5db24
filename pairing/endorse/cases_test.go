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

// TestForbiddenForSomeRounds re-pairs a file whose 260 records forbid pairs
// from a later round on (one of the extension cases, paired by the endorsed
// engine): its round 1, where such a pair met, is the engine's pairing.
func TestForbiddenForSomeRounds(t *testing.T) {
	fh, err := os.Open("testdata/fbd_s3212_p16_r6of7.trf")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Forbidden) == 0 || f.Forbidden[len(f.Forbidden)-1].Applies(1) {
		t.Fatalf("the file should forbid a pair from round 2 on: %+v", f.Forbidden)
	}
	r, err := Check(f)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds != 5 || len(r.Pairings)+len(r.Points) != 0 {
		t.Fatalf("%d rounds, pairings %v, points %v", r.Rounds, r.Pairings, r.Points)
	}
}
