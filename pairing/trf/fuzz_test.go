package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: Read never panics, and whatever it reads is written without
// error and reads back to an equal File.
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
