package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: Read never panics; every start number that the records of a
// file it reads name (240, 260, 299, XXA, XXP; 250's range within the
// field) has its 001 line; and whatever it reads is written without
// error and reads back to an equal File (the seeds in testdata/fuzz
// include files under XXW whose records name players above 9,999).
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.trf")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		named := func(what string, n int) {
			if file.ByStartNo(n) == nil {
				t.Fatalf("%s names player %d, who has no 001 line", what, n)
			}
		}
		top := 0
		for _, p := range file.Players {
			top = max(top, p.StartNo)
		}
		for _, a := range file.Accelerations {
			if a.FirstPlayer < 1 || a.LastPlayer > top || a.FirstPlayer > a.LastPlayer {
				t.Fatalf("acceleration %+v outside the field of 1-%d", a, top)
			}
		}
		for _, g := range file.Forbidden {
			for _, n := range g.Players {
				named("a forbidden group", n)
			}
		}
		for _, a := range file.Absent {
			for _, n := range a.Players {
				named("240", n)
			}
		}
		for _, a := range file.AbnormalPoints {
			for _, n := range a.Players {
				named("299", n)
			}
		}
		var buf bytes.Buffer
		if err := file.Write(&buf); err != nil {
			t.Fatalf("cannot write what was read: %v", err)
		}
		again, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, buf.String())
		}
		if !file.Equal(again) {
			a, b := comparable(file), comparable(again)
			t.Fatalf("round trip differs:\n%+v\n%+v\n%s", a, b, buf.String())
		}
	})
}
