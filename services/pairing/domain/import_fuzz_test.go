package domain

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// FuzzImport: deciding an import never panics; a refusal is an invalid
// command naming what is wrong; an import accepted folds, and the
// tournament's report file imports again. `go test` runs it over its
// seeds; `go test -fuzz FuzzImport` explores.
func FuzzImport(f *testing.F) {
	f.Add([]byte("012 Open\nXXR 3\n" +
		"001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"))
	f.Add([]byte("012 Open\r\n142 2\r\n" +
		"001    1      Alpha, A                          2100                             0.5    1  0000 - H\r\n" +
		"001    2      Beta, B                           2000                             1.0    1  0000 - U     0000 - Z\r\n"))
	f.Add([]byte("001    1      Alpha, A                          2100                             1.0    1     2 w +\r" +
		"001    2      Beta, B                           2000                             0.0    2     1 b -\r"))
	for _, name := range []string{"s1000_p29_r2of11", "s1036_p12_r3of11", "s1003_p38_r7of7"} {
		if data, err := os.ReadFile("../../../pairing/testdata/cases/" + name + ".trf"); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		im := events.TournamentImported{TournamentID: "fz", TRF: string(bytes.ToValidUTF8(data, []byte("?"))), SHA256: "x"}
		evs, err := (&Tournament{}).Import(im)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Kind != ErrInvalid || r.Reason == "" {
				t.Fatalf("refusal %v is not an invalid command with its reason", err)
			}
			return
		}
		tr := &Tournament{}
		if err := tr.Apply(evs[0]); err != nil {
			t.Fatalf("an accepted import does not fold: %v", err)
		}
		results := map[string]events.Result{}
		for k, v := range tr.Imported.Results {
			results[k] = v
		}
		file, err := tr.File(results)
		if err != nil {
			t.Fatalf("the imported tournament has no report: %v", err)
		}
		var buf bytes.Buffer
		if err := file.Write(&buf); err != nil {
			t.Fatalf("the report does not write: %v", err)
		}
		if _, err := (&Tournament{}).Import(events.TournamentImported{TournamentID: "fz2", TRF: buf.String()}); err != nil {
			t.Fatalf("the report does not import again: %v\n%s", err, buf.String())
		}
	})
}
