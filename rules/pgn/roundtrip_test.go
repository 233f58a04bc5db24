package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// readAll reads every game of data, returning the games that read cleanly
// and the number that did not.
func readAll(data []byte) (good []*Game, bad int, err error) {
	r := NewReader(bytes.NewReader(data))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return good, bad, nil
		}
		var ge *GameError
		if errors.As(err, &ge) {
			bad++
			continue
		}
		if err != nil {
			return good, bad, err
		}
		good = append(good, g)
	}
}

// sameGame reports how a re-read game b differs from the original a: moves,
// annotations, clocks, comments and the result must be identical; every tag
// of a must be in b with the same value (the writer adds missing roster
// tags).
func sameGame(a, b *Game) string {
	if len(a.Moves) != len(b.Moves) {
		return "different number of moves"
	}
	for i := range a.Moves {
		x, y := a.Moves[i], b.Moves[i]
		if len(x.NAGs) == 0 && len(y.NAGs) == 0 {
			x.NAGs, y.NAGs = nil, nil
		}
		if len(x.Variations) == 0 && len(y.Variations) == 0 {
			x.Variations, y.Variations = nil, nil
		}
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("ply %d: %+v vs %+v", i+1, x, y)
		}
	}
	if a.Result != b.Result {
		return "result " + a.Result + " vs " + b.Result
	}
	if a.Comment != b.Comment {
		return "game comment differs"
	}
	if a.Start.FEN() != b.Start.FEN() {
		return "start position differs"
	}
	for _, t := range a.Tags {
		if v, ok := lookupTag(b, t.Name); !ok || v != t.Value {
			return "tag " + t.Name + " differs"
		}
	}
	return ""
}

func TestRoundTripTestFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/games/*.pgn")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	total := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		games, _, err := readAll(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			total++
			var out bytes.Buffer
			if err := Write(&out, g); err != nil {
				t.Fatalf("%s game %d: write: %v", file, g.Number, err)
			}
			for _, line := range strings.Split(out.String(), "\n") {
				if len(line) > lineWidth && !strings.HasPrefix(line, "[") && strings.Contains(line, " ") {
					t.Errorf("%s game %d: line of %d columns: %q", file, g.Number, len(line), line)
				}
			}
			back, bad, err := readAll(out.Bytes())
			if err != nil || bad != 0 || len(back) != 1 {
				t.Fatalf("%s game %d: re-read: %d games, %d bad, %v\n%s", file, g.Number, len(back), bad, err, out.String())
			}
			if d := sameGame(g, back[0]); d != "" {
				t.Errorf("%s game %d: round trip differs: %s", file, g.Number, d)
			}
			var again bytes.Buffer
			Write(&again, back[0])
			if again.String() != out.String() {
				t.Errorf("%s game %d: second export differs from the first", file, g.Number)
			}
		}
	}
	if total < 40 {
		t.Errorf("only %d games round-tripped", total)
	}
}
