package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// readOne reads the first game of s.
func readOne(t *testing.T, s string) (*Game, error) {
	t.Helper()
	g, err := NewReader(strings.NewReader(s)).Next()
	if err == io.EOF || g == nil {
		t.Fatalf("no game in %q (%v)", s, err)
	}
	return g, err
}

func finalFEN(t *testing.T, g *Game) string {
	t.Helper()
	p, err := g.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p.FEN()
}

func TestReaderSyntax(t *testing.T) {
	afterE4E5Nf3 := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	for _, c := range []struct {
		name, pgn, fen string
		plies          int
	}{
		{"plain", "1. e4 e5 2. Nf3 *", afterE4E5Nf3, 3},
		{"glued numbers", "1.e4 e5 2.Nf3 *", afterE4E5Nf3, 3},
		{"black numbers", "1. e4 1... e5 2. Nf3 *", afterE4E5Nf3, 3},
		{"two dots", "1. e4 1..e5 2. Nf3 *", afterE4E5Nf3, 3},
		{"number without period", "1 e4 e5 2 Nf3 *", afterE4E5Nf3, 3},
		{"commas", "1. e4, e5, 2. Nf3, *", afterE4E5Nf3, 3},
		{"CRLF", "[Event \"x\"]\r\n\r\n1. e4\r\ne5 2. Nf3 *\r\n", afterE4E5Nf3, 3},
		{"CR only", "[Event \"x\"]\r\r1. e4\re5 2. Nf3 *\r", afterE4E5Nf3, 3},
		{"BOM", "\xef\xbb\xbf[Event \"x\"]\n\n1. e4 e5 2. Nf3 *", afterE4E5Nf3, 3},
		{"blank line in tags", "[Event \"x\"]\n\n[Site \"y\"]\n\n1. e4 e5 2. Nf3 *", afterE4E5Nf3, 3},
		{"escape line", "% a note\n1. e4 e5\n%another\n2. Nf3 *", afterE4E5Nf3, 3},
		{"rest-of-line comment", "1. e4 ; a note } here\ne5 2. Nf3 *", afterE4E5Nf3, 3},
		{"suffixes", "1. e4!? e5?! 2. Nf3!! *", afterE4E5Nf3, 3},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 (1... c5 2. Nf3) 2. Nf3 *", afterE4E5Nf3, 3},
		{"castling with zeros", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", 7},
		{"UCI moves", "1. e2e4 e7e5 2. g1f3 *", afterE4E5Nf3, 3},
		{"long algebraic", "1. e2-e4 e7-e5 2. Ng1-f3 *", afterE4E5Nf3, 3},
		{"null moves", "1. e4 -- 2. Nf3 Z0 *", "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3 3", 4},
		{"set-up position", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. e4 Kd7 *", "8/3k4/8/8/4P3/8/8/4K3 w - - 1 41", 2},
		{"black starts", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *", "8/3k4/8/8/4P3/8/8/4K3 b - - 0 41", 2},
		{"en passant field only when legal", "1. e4 *", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 1},
	} {
		g, err := readOne(t, c.pgn)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(g.Moves) != c.plies {
			t.Errorf("%s: %d plies, want %d", c.name, len(g.Moves), c.plies)
		}
		if got := finalFEN(t, g); got != c.fen {
			t.Errorf("%s: final FEN %s, want %s", c.name, got, c.fen)
		}
	}
}

func TestReaderAnnotations(t *testing.T) {
	g, err := readOne(t, `[Event "Test"]
[White "A \"quoted\" name \\ here"]

{Before the game} 1. e4 {[%clk 1:30:00] [%emt 0:00:02.5] Best by test} $1
e5 {[%clk 1:29:59.25]} ?! 2. Nf3 (2. f4 exf4 {gambit}) {after the variation}
$14 Nc6 {[%eval 0.2] [%clk 0:00:07]} 1/2-1/2`)
	if err != nil {
		t.Fatal(err)
	}
	if g.Tag("White") != `A "quoted" name \ here` || g.Tag("Event") != "Test" {
		t.Errorf("tags %+v", g.Tags)
	}
	if g.Comment != "Before the game" || g.Result != "1/2-1/2" {
		t.Errorf("game comment %q result %q", g.Comment, g.Result)
	}
	want := []Move{
		{NAGs: []int{1}, Comment: "Best by test", Clock: 90 * time.Minute, HasClock: true, Elapsed: 2500 * time.Millisecond, HasElapsed: true},
		{NAGs: []int{6}, Clock: time.Hour + 29*time.Minute + 59250*time.Millisecond, HasClock: true},
		{NAGs: []int{14}, Comment: "after the variation", Variations: []string{"2. f4 exf4 {gambit}"}},
		{Comment: "[%eval 0.2]", Clock: 7 * time.Second, HasClock: true},
	}
	if len(g.Moves) != len(want) {
		t.Fatalf("%d moves", len(g.Moves))
	}
	for i, w := range want {
		m := g.Moves[i]
		m.Move = 0
		if m.Comment != w.Comment || m.Clock != w.Clock || m.HasClock != w.HasClock || m.Elapsed != w.Elapsed ||
			m.HasElapsed != w.HasElapsed || !equalInts(m.NAGs, w.NAGs) || strings.Join(m.Variations, "|") != strings.Join(w.Variations, "|") {
			t.Errorf("move %d: got %+v\nwant %+v", i+1, m, w)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReaderRecoversAfterBadGame(t *testing.T) {
	in := `[Event "1"]

1. e4 e5 *

[Event "2"]

1. e4 e5 2. Ke3 Nc6 3. Nf3 1-0

[Event "3"]

1. d4 d5

[Event "4"]

1. c4 {unterminated? no} c5 0-1

[Event "5"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]

1. e4 *

[Event "6" 

1. Nf3 *
`
	r := NewReader(strings.NewReader(in))
	type outcome struct {
		plies int
		ply   int // error ply, -1 for none
	}
	want := []outcome{{2, -1}, {2, 3}, {2, -1}, {2, -1}, {0, 0}, {0, 0}}
	for i, w := range want {
		g, err := r.Next()
		if g == nil || g.Number != i+1 {
			t.Fatalf("game %d: %v %v", i+1, g, err)
		}
		var ge *GameError
		switch {
		case w.ply < 0 && err != nil:
			t.Errorf("game %d: unexpected error %v", i+1, err)
		case w.ply >= 0 && (!errors.As(err, &ge) || ge.Ply != w.ply || ge.Game != i+1):
			t.Errorf("game %d: error %v, want one at ply %d", i+1, err, w.ply)
		}
		if len(g.Moves) != w.plies {
			t.Errorf("game %d: %d plies, want %d", i+1, len(g.Moves), w.plies)
		}
	}
	if g, err := r.Next(); err != io.EOF {
		t.Errorf("after the last game: %v %v", g, err)
	}
}

func TestReaderErrors(t *testing.T) {
	for _, c := range []struct {
		name, pgn string
		ply       int
		reason    string
	}{
		{"illegal move", "1. e4 e5 2. Ke3 *", 3, "2.Ke3"},
		{"ambiguous move", "[FEN \"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1\"]\n1. Rd1 *", 1, "1.Rd1"},
		{"bad FEN", "[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *", 0, "FEN tag"},
		{"unknown variant", "[Variant \"Atomic\"]\n1. e4 *", 0, "unsupported variant"},
		{"unbalanced parenthesis", "1. e4 ) e5 *", 2, "')'"},
		{"unterminated variation", "1. e4 ( 1. d4 ", 2, "unterminated variation"},
		{"unexpected character", "1. e4 <e5> *", 2, "unexpected character"},
		{"null move in check", "1. e4 f6 2. Qh5+ -- *", 4, "null move while in check"},
		{"tag without value", "[Event]\n1. e4 *", 0, "tag Event"},
	} {
		_, err := readOne(t, c.pgn)
		var ge *GameError
		if !errors.As(err, &ge) {
			t.Errorf("%s: got %v, want a GameError", c.name, err)
			continue
		}
		if ge.Ply != c.ply || ge.Game != 1 || !strings.Contains(ge.Reason, c.reason) {
			t.Errorf("%s: got game %d ply %d %q, want ply %d with %q", c.name, ge.Game, ge.Ply, ge.Reason, c.ply, c.reason)
		}
	}
}

func TestStrictReader(t *testing.T) {
	for _, s := range []string{"1. e2e4 *", "1. e4 -- *", "1. e4 Z0 *", "1. e4 e7e5 *"} {
		r := NewReader(strings.NewReader(s))
		r.Strict = true
		if _, err := r.Next(); err == nil {
			t.Errorf("strict reader accepted %q", s)
		}
	}
}

func TestChess960Castling(t *testing.T) {
	// King on b1, rooks on a1 and h1: O-O-O puts the king on c1 and the rook
	// on d1; the castling rook is the one the king "takes" in UCI.
	in := `[Variant "Chess960"]
[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"]

1. O-O-O O-O *`
	g, err := readOne(t, in)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Start.Chess960() {
		t.Error("start position not marked Chess960")
	}
	if got, want := finalFEN(t, g), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"; got != want {
		t.Errorf("final FEN %s, want %s", got, want)
	}
	var out bytes.Buffer
	if err := Write(&out, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1. O-O-O O-O *") {
		t.Errorf("export:\n%s", out.String())
	}
}

func TestWriteExportFormat(t *testing.T) {
	g := &Game{Start: rules.StartPosition(), Result: "1-0", Tags: []Tag{{"Annotator", "me"}, {"White", "W"}, {"Event", "E"}}}
	p := g.Start
	for _, u := range []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"} {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, Move{Move: m})
		p = p.Play(m)
	}
	g.Moves[0].Clock, g.Moves[0].HasClock = 3*time.Minute, true
	g.Moves[1].Clock, g.Moves[1].HasClock = 3*time.Minute+500*time.Millisecond, true
	g.Moves[3].NAGs = []int{2}
	g.Moves[6].Comment = "Scholar's mate"
	var out bytes.Buffer
	if err := Write(&out, g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "W"]
[Black "?"]
[Result "1-0"]
[Annotator "me"]

1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00.5]} 2. Qh5 Nc6 $2 3. Bc4 Nf6 4.
Qxf7# {Scholar's mate} 1-0

`
	if out.String() != want {
		t.Errorf("export:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestClockValues(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"1:30:00", 90 * time.Minute, true},
		{"0:00:59.5", 59500 * time.Millisecond, true},
		{"0:00:00.1234", 123 * time.Millisecond, true},
		{"12:34", 12*time.Minute + 34*time.Second, true},
		{"7.25", 7250 * time.Millisecond, true},
		{"120:00:00", 120 * time.Hour, true},
		{"1:60:00", 0, false},
		{"1:00:00.", 0, false},
		{"a:00:00", 0, false},
		{"", 0, false},
		{"1:2:3:4", 0, false},
	} {
		got, ok := parseClock(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("parseClock(%q) = %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
		if ok {
			if back, _ := parseClock(formatClock(got)); back != got {
				t.Errorf("formatClock(%v) = %q does not read back", got, formatClock(got))
			}
		}
	}
}

func TestReaderIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := NewReader(io.MultiReader(strings.NewReader("[Event \"x\"]\n1. e4 e5 *\n[Event \"y\"]\n1. d4"), iotest.ErrReader(boom)))
	if g, err := r.Next(); err != nil || len(g.Moves) != 2 {
		t.Fatalf("first game: %v %v", g, err)
	}
	_, err := r.Next()
	var ge *GameError
	if !errors.Is(err, boom) || errors.As(err, &ge) {
		t.Errorf("second game: %v, want the read error itself", err)
	}
}

// TestReaderSmallReads reads every test file one byte per Read call: the
// games must be the same as when read in one piece.
func TestReaderSmallReads(t *testing.T) {
	for _, name := range []string{"utf8-bom.pgn", "immortal-games.pgn", "cutechess-fischerrandom.pgn"} {
		data, err := os.ReadFile("testdata/games/" + name)
		if err != nil {
			t.Fatal(err)
		}
		whole, badWhole, _ := readAll(data)
		r := NewReader(iotest.DataErrReader(iotest.OneByteReader(bytes.NewReader(data))))
		var small []*Game
		bad := 0
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			var ge *GameError
			if errors.As(err, &ge) {
				bad++
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			small = append(small, g)
		}
		if len(small) != len(whole) || bad != badWhole {
			t.Fatalf("%s: %d games (%d bad) one byte at a time, %d (%d bad) at once", name, len(small), bad, len(whole), badWhole)
		}
		for i := range small {
			if d := sameGame(whole[i], small[i]); d != "" {
				t.Errorf("%s game %d: %s", name, whole[i].Number, d)
			}
		}
	}
}
