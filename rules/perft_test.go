package rules

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var perft960Depth = flag.Int("perft960depth", 0, "deepest perft depth of the Chess960 suite (0: 4, or all depths with -long)")

// perftCase is one position of a perft file with its expected counts by depth.
type perftCase struct {
	name   string
	fen    string
	counts []uint64 // counts[d-1] is perft(d)
}

// readEPD reads "FEN ;D1 n ;D2 n ..." lines.
func readEPD(t *testing.T, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{name: path + ":" + strconv.Itoa(line), fen: strings.TrimSpace(parts[0])}
		for i, op := range parts[1:] {
			fs := strings.Fields(op)
			if len(fs) != 2 || fs[0] != "D"+strconv.Itoa(i+1) {
				t.Fatalf("%s: bad operation %q", c.name, op)
			}
			n, err := strconv.ParseUint(fs[1], 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			c.counts = append(c.counts, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no positions", path)
	}
	return out
}

// readPerftPositions reads "name | FEN | D1 D2 ..." lines.
func readPerftPositions(t *testing.T) []perftCase {
	t.Helper()
	data, err := os.ReadFile("testdata/perft/perft-positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []perftCase
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		c := perftCase{name: strings.TrimSpace(parts[0]), fen: strings.TrimSpace(parts[1])}
		for _, f := range strings.Fields(parts[2]) {
			n, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			c.counts = append(c.counts, n)
		}
		out = append(out, c)
	}
	return out
}

// runPerft checks perft(d) for d = 1..maxDepth (capped by the known counts).
func runPerft(t *testing.T, c perftCase, maxDepth int, parse func(string) (Position, error)) {
	t.Helper()
	p, err := parse(c.fen)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	for d := 1; d <= maxDepth && d <= len(c.counts); d++ {
		if got := Perft(p, d); got != c.counts[d-1] {
			t.Errorf("%s %s: perft(%d) = %d, want %d", c.name, c.fen, d, got, c.counts[d-1])
			return
		}
	}
}

// TestPerftStandardPositions: the six standard positions to depth 5, and
// the start position and Kiwipete to depth 6 with -long.
func TestPerftStandardPositions(t *testing.T) {
	for _, c := range readPerftPositions(t) {
		depth := 5
		if *long && (c.name == "initial" || c.name == "kiwipete") {
			depth = 6
		}
		runPerft(t, c, depth, ParseFEN)
	}
}

// TestPerftNoBulkAgrees: the unbatched count equals the bulk count.
func TestPerftNoBulkAgrees(t *testing.T) {
	for _, c := range readPerftPositions(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := PerftNoBulk(p, 3); got != c.counts[2] {
			t.Errorf("%s: PerftNoBulk(3) = %d, want %d", c.name, got, c.counts[2])
		}
	}
}

// TestPerftSuite: every line of the perft suite to depth 4 (all depths with -long).
func TestPerftSuite(t *testing.T) {
	depth := 4
	if *long {
		depth = 99
	}
	for _, c := range readEPD(t, "testdata/perft/perftsuite.epd") {
		runPerft(t, c, depth, ParseFEN)
	}
}

// TestPerftTraps: Martin Sedlak's trap positions, all depths.
func TestPerftTraps(t *testing.T) {
	for _, c := range readEPD(t, "testdata/perft/talkchess-traps.epd") {
		runPerft(t, c, 99, ParseFEN)
	}
}

// TestPerftChess960: the 960 Fischer random positions (Shredder-FEN) to
// depth 4 and every eighth one to depth 5; all depths with -long
// (-perft960depth sets the depth of every position).
func TestPerftChess960(t *testing.T) {
	depth, deeper := 4, 5
	if *long {
		depth, deeper = 99, 99
	}
	if *perft960Depth > 0 {
		depth, deeper = *perft960Depth, *perft960Depth
	}
	i := 0
	for _, file := range []string{"testdata/perft/chess960-fischer-part1.epd", "testdata/perft/chess960-fischer-part2.epd"} {
		for _, c := range readEPD(t, file) {
			d := depth
			if i%8 == 0 {
				d = deeper
			}
			runPerft(t, c, d, ParseFEN960)
			i++
		}
	}
}

// TestPerftDivideSums: the divide lines are sorted, in UCI, and sum to perft.
func TestPerftDivideSums(t *testing.T) {
	kiwi, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	lines := PerftDivide(kiwi, 3)
	if len(lines) != 48 {
		t.Fatalf("%d lines, want 48", len(lines))
	}
	var sum uint64
	seen := map[string]bool{}
	for i, l := range lines {
		sum += l.Nodes
		if i > 0 && lines[i-1].UCI >= l.UCI {
			t.Errorf("not sorted: %s before %s", lines[i-1].UCI, l.UCI)
		}
		if l.UCI != kiwi.UCI(l.Move) {
			t.Errorf("UCI %s for %v", l.UCI, l.Move)
		}
		seen[l.UCI] = true
	}
	if sum != 97862 {
		t.Errorf("sum %d, want 97862", sum)
	}
	if !seen["e1g1"] || !seen["e1c1"] {
		t.Errorf("castling missing from divide: %v", lines)
	}
	if PerftDivide(kiwi, 0) != nil {
		t.Errorf("depth 0 should give no lines")
	}
}
