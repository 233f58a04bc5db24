package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// comparable returns a copy of f without what a rewrite legitimately
// changes: source line numbers and the lookup index.
func comparable(f *File) File {
	g := *f
	g.index = nil
	g.Players = append([]Player(nil), f.Players...)
	for i := range g.Players {
		g.Players[i].Line = 0
	}
	return g
}

func TestReadWriteRoundTripTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.trf")
	if err != nil || len(files) < 5 {
		t.Fatalf("testdata missing: %v %v", files, err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Players) == 0 {
				t.Fatal("no players read")
			}
			var buf bytes.Buffer
			if err := f.Write(&buf); err != nil {
				t.Fatal(err)
			}
			g, err := Read(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("reading what was written: %v\n%s", err, buf.String())
			}
			if a, b := comparable(f), comparable(g); !reflect.DeepEqual(a, b) {
				t.Fatalf("round trip differs:\n%+v\n%+v", a, b)
			}
		})
	}
}
