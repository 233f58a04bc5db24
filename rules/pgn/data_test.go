package pgn

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
)

// expectation is one row of a testdata/*.tsv file.
type expectation struct {
	file   string // base name in testdata/games
	game   int
	fen    string // fen_legal_ep
	plies  int
	result string
	status string // final_status: "-", "check" or "checkmate"
	note   string
}

func readExpectations(t *testing.T, name string) []expectation {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []expectation
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 9 {
			t.Fatalf("%s: short row %q", name, sc.Text())
		}
		game, _ := strconv.Atoi(c[1])
		plies, _ := strconv.Atoi(c[4])
		out = append(out, expectation{path.Base(c[0]), game, c[3], plies, c[5], c[6], c[8]})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no rows", name)
	}
	return out
}

// readFile reads every game of a test file, keyed by game number.
func readFile(t *testing.T, name string, strict bool) (map[int]*Game, map[int]error) {
	t.Helper()
	f, err := os.Open("testdata/games/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	r.Strict = strict
	games, errs := map[int]*Game{}, map[int]error{}
	for n := 1; ; n++ {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var ge *GameError
		if err != nil && !errors.As(err, &ge) {
			t.Fatalf("%s: game %d: %v", name, n, err)
		}
		if g == nil || g.Number != n {
			t.Fatalf("%s: game %d: got %+v", name, n, g)
		}
		games[n] = g
		if err != nil {
			errs[n] = err
		}
	}
	return games, errs
}

func TestExpectedFinalPositions(t *testing.T) {
	for _, tsv := range []string{"expected.tsv", "expected_nonstandard.tsv", "expected_chess960.tsv"} {
		byFile := map[string][]expectation{}
		for _, e := range readExpectations(t, tsv) {
			byFile[e.file] = append(byFile[e.file], e)
		}
		for file, exps := range byFile {
			games, errs := readFile(t, file, false)
			for _, e := range exps {
				g := games[e.game]
				if g == nil {
					t.Errorf("%s %s game %d: not read", tsv, file, e.game)
					continue
				}
				if err := errs[e.game]; err != nil {
					t.Errorf("%s %s game %d: %v", tsv, file, e.game, err)
					continue
				}
				if len(g.Moves) != e.plies {
					t.Errorf("%s %s game %d: %d plies, want %d", tsv, file, e.game, len(g.Moves), e.plies)
				}
				p, err := g.Position()
				if err != nil {
					t.Errorf("%s %s game %d: %v", tsv, file, e.game, err)
					continue
				}
				if got := p.FEN(); got != e.fen {
					t.Errorf("%s %s game %d: final FEN\n got %s\nwant %s", tsv, file, e.game, got, e.fen)
				}
				checkFinalStatus(t, tsv+" "+file, g, e)
			}
		}
	}
}

func TestExcludedGamesRejected(t *testing.T) {
	byFile := map[string][]expectation{}
	for _, e := range readExpectations(t, "excluded.tsv") {
		byFile[e.file] = append(byFile[e.file], e)
	}
	for file, exps := range byFile {
		games, errs := readFile(t, file, false)
		for _, e := range exps {
			var ge *GameError
			if !errors.As(errs[e.game], &ge) {
				t.Errorf("%s game %d: no GameError (%v)", file, e.game, errs[e.game])
				continue
			}
			if ge.Game != e.game || ge.Ply != e.plies+1 {
				t.Errorf("%s game %d: error at game %d ply %d, want ply %d: %v", file, e.game, ge.Game, ge.Ply, e.plies+1, ge)
			}
			if !strings.Contains(ge.Error(), "game "+strconv.Itoa(e.game)+": ply "+strconv.Itoa(e.plies+1)) {
				t.Errorf("%s game %d: message %q does not name game and ply", file, e.game, ge.Error())
			}
			// The main line up to the faulty move is kept.
			if g := games[e.game]; len(g.Moves) != e.plies {
				t.Errorf("%s game %d: kept %d plies, want %d", file, e.game, len(g.Moves), e.plies)
			} else if p, _ := g.Position(); p.FEN() != e.fen {
				t.Errorf("%s game %d: position before the fault %s, want %s", file, e.game, p.FEN(), e.fen)
			}
		}
	}
}

// TestEveryGameAccountedFor checks that every game in the test files is
// either expected or excluded: the reader finds exactly the games the data
// lists, no more (a merged or split game would show here).
func TestEveryGameAccountedFor(t *testing.T) {
	listed := map[string]map[int]bool{}
	for _, tsv := range []string{"expected.tsv", "expected_nonstandard.tsv", "expected_chess960.tsv", "excluded.tsv"} {
		for _, e := range readExpectations(t, tsv) {
			if listed[e.file] == nil {
				listed[e.file] = map[int]bool{}
			}
			listed[e.file][e.game] = true
		}
	}
	for file, want := range listed {
		games, _ := readFile(t, file, false)
		if len(games) != len(want) {
			t.Errorf("%s: read %d games, data lists %d", file, len(games), len(want))
		}
	}
}

func TestStrictRejectsNonstandardMoves(t *testing.T) {
	for _, c := range []struct {
		file string
		game int
		ply  int
	}{
		{"uci-moves.pgn", 1, 1},
		{"anastasian-lewis.pgn", 1, 82},
	} {
		_, errs := readFile(t, c.file, true)
		var ge *GameError
		if !errors.As(errs[c.game], &ge) || ge.Ply != c.ply {
			t.Errorf("%s game %d strict: got %v, want an error at ply %d", c.file, c.game, errs[c.game], c.ply)
		}
	}
}

// checkFinalStatus replays a game into a rules.Game and checks the final
// status the data gives (games with a null move cannot be replayed).
func checkFinalStatus(t *testing.T, where string, g *Game, e expectation) {
	t.Helper()
	rg, err := g.Replay()
	if err != nil {
		for _, m := range g.Moves {
			if m.Move == 0 {
				return
			}
		}
		t.Errorf("%s game %d: replay: %v", where, e.game, err)
		return
	}
	s := rg.Status()
	got := "-"
	switch {
	case s.Checkmate:
		got = "checkmate"
	case s.Check:
		got = "check"
	}
	if got != e.status {
		t.Errorf("%s game %d: final status %q, want %q", where, e.game, got, e.status)
	}
	if rg.Ply() != e.plies {
		t.Errorf("%s game %d: replayed %d plies, want %d", where, e.game, rg.Ply(), e.plies)
	}
}
