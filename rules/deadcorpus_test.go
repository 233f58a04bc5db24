package rules

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"
)

var genDead = flag.Bool("gen-dead", false, "regenerate testdata/dead/corpus.txt (random walls, labelled by exhaustive search)")

const deadCorpus = "testdata/dead/corpus.txt"

// deadCase is one position of the corpus with the truth for each side,
// established by exhaustive cooperative search (exhaustiveHelpmate).
type deadCase struct {
	fen          string
	white, black MatingAbility // MatingPossible or MatingImpossible
	source       string
}

// exhaustiveHelpmate is the reference: a breadth-first search of every
// position reachable by legal moves of both sides, without any pruning
// or proof, until a checkmate of c's opponent is found (MatingPossible) or
// none is left (MatingImpossible); MatingUnknown past limit positions.
func exhaustiveHelpmate(p Position, c Color, limit int) MatingAbility {
	seen := map[uint64]bool{p.Hash(): true}
	queue := []Position{p}
	buf := make([]Move, 0, 256)
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 && q.InCheck() && q.Turn() != c {
			return MatingPossible
		}
		for _, m := range moves {
			n := q.Play(m)
			if h := n.Hash(); !seen[h] {
				if len(seen) >= limit {
					return MatingUnknown
				}
				seen[h] = true
				queue = append(queue, n)
			}
		}
	}
	return MatingImpossible
}

func readDeadCorpus(t *testing.T) []deadCase {
	t.Helper()
	f, err := os.Open(deadCorpus)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []deadCase
	ability := map[string]MatingAbility{"mate": MatingPossible, "nomate": MatingImpossible}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, ";", 4)
		if len(parts) != 4 {
			t.Fatalf("corpus line %q: want FEN;white;black;source", line)
		}
		w, okw := ability[parts[1]]
		b, okb := ability[parts[2]]
		if !okw || !okb {
			t.Fatalf("corpus line %q: labels are mate or nomate", line)
		}
		out = append(out, deadCase{fen: parts[0], white: w, black: b, source: parts[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDeadCorpus: CanMate on every side of every corpus position is never
// wrong (MatingImpossible where a mate is reachable), and it proves most
// of the dead ones. With -test.v it prints the figures bench/rules.sh
// shows: decided, undecided, wrong and the time per decision.
func TestDeadCorpus(t *testing.T) {
	cases := readDeadCorpus(t)
	decided, undecided, wrong, dead := 0, 0, 0, 0
	start := time.Now()
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for side, truth := range [2]MatingAbility{c.white, c.black} {
			got := CanMate(p, Color(side))
			switch {
			case got == MatingImpossible && truth == MatingPossible:
				wrong++
				t.Errorf("%s (%s): %v said unable to mate, but a mate is reachable", c.fen, c.source, Color(side))
			case got == MatingImpossible || got == MatingPossible && truth == MatingPossible:
				decided++
			default:
				undecided++ // not proved: treated as able to mate (sound)
			}
			if truth == MatingImpossible {
				dead++
			}
		}
	}
	el := time.Since(start)
	n := 2 * len(cases)
	fmt.Printf("dead-position corpus: %d positions, %d sides (%d unable to mate): decided %d, undecided %d, wrong %d; %.1f µs per side\n",
		len(cases), n, dead, decided, undecided, wrong, float64(el.Microseconds())/float64(max(n, 1)))
	if len(cases) < 30 {
		t.Errorf("corpus of %d positions, want at least 30", len(cases))
	}
	if decided*10 < n*8 {
		t.Errorf("only %d of %d sides decided", decided, n)
	}
}

// TestDeadCorpusLabels re-establishes every label of the corpus by the
// exhaustive search (-long: it explores every reachable position).
func TestDeadCorpusLabels(t *testing.T) {
	if !*long {
		t.Skip("-long: exhaustive search of every corpus position")
	}
	for _, c := range readDeadCorpus(t) {
		p, _ := ParseFEN(c.fen)
		for side, truth := range [2]MatingAbility{c.white, c.black} {
			if got := exhaustiveHelpmate(p, Color(side), deadLimit); got != truth {
				t.Errorf("%s: %v: exhaustive search says %v, the corpus %v", c.fen, Color(side), got, truth)
			}
		}
	}
}

// deadLimit bounds the reference search when labelling.
const deadLimit = 60000

// TestGenerateDeadCorpus writes the corpus (-gen-dead): hand-picked
// positions, then random pawn walls (randomLockedPosition) loosened by
// moving one or two white pawns a rank back (a step or two left), each
// kept when the exhaustive search decides both sides.
func TestGenerateDeadCorpus(t *testing.T) {
	if !*genDead {
		t.Skip("-gen-dead regenerates the corpus")
	}
	var b strings.Builder
	b.WriteString("# FEN;white;black;source — mate: a checkmate by that side is reachable, nomate: none is;\n")
	b.WriteString("# every label established by exhaustive search (TestDeadCorpusLabels, -long). Generated by TestGenerateDeadCorpus -gen-dead.\n")
	label := func(a MatingAbility) string {
		if a == MatingPossible {
			return "mate"
		}
		return "nomate"
	}
	add := func(p Position, source string) bool {
		w := exhaustiveHelpmate(p, White, deadLimit)
		bl := exhaustiveHelpmate(p, Black, deadLimit)
		if w == MatingUnknown || bl == MatingUnknown {
			return false
		}
		fmt.Fprintf(&b, "%s;%s;%s;%s\n", p.FEN(), label(w), label(bl), source)
		return true
	}
	for _, c := range matingCases {
		p, _ := ParseFEN(c.fen)
		add(p, "hand: "+c.why)
	}
	for _, fen := range []string{
		"8/8/1k6/p1p1p1p1/P1P1P3/6P1/1K6/8 w - - 0 1",   // wall with the g-pawn one step behind
		"8/8/1k6/p1p1p1p1/P1P1P3/6P1/1K6/8 b - - 0 1",   // the same, Black to move
		"8/8/1k6/p1p1p1p1/P1P5/4P1P1/1K6/8 w - - 0 1",   // two pawns a step behind
		"8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6/3B4 w - - 0 1", // wall and a bishop of the pawns' colour
		"8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K6/8 w - - 0 1",   // a higher wall
		"8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K5P/8 w - - 0 1",  // and a free h-pawn that queens
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		add(p, "hand: wall")
	}
	rng := rand.New(rand.NewSource(16))
	kept, stop := 0, time.Now().Add(3*time.Minute)
	for tries := 0; tries < 200000 && kept < 200 && time.Now().Before(stop); tries++ {
		p, ok := randomLockedPosition(rng)
		if !ok {
			continue
		}
		source := "random wall"
		if rng.Intn(3) > 0 {
			q, ok := loosen(p, rng, 1+rng.Intn(2))
			if !ok {
				continue
			}
			p, source = q, "random wall, loosened"
		}
		if add(p, source) {
			kept++
		}
	}
	if err := os.WriteFile(deadCorpus, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d random positions kept", kept)
}

// loosen moves n white pawns of p one rank back where the square is free,
// leaving each a step to make; false when the result is not legal.
func loosen(p Position, rng *rand.Rand, n int) (Position, bool) {
	fen := p.FEN()
	fields := strings.Fields(fen)
	var board [64]byte
	r, f := 7, 0
	for _, ch := range fields[0] {
		switch {
		case ch == '/':
			r, f = r-1, 0
		case ch >= '1' && ch <= '8':
			for i := 0; i < int(ch-'0'); i++ {
				board[r*8+f] = '.'
				f++
			}
		default:
			board[r*8+f] = byte(ch)
			f++
		}
	}
	moved := 0
	for try := 0; try < 30 && moved < n; try++ {
		s := rng.Intn(64)
		if board[s] == 'P' && s >= 16 && board[s-8] == '.' {
			board[s], board[s-8] = '.', 'P'
			moved++
		}
	}
	if moved == 0 {
		return p, false
	}
	var out strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			if c := board[r*8+f]; c == '.' {
				empty++
			} else {
				if empty > 0 {
					out.WriteByte(byte('0' + empty))
					empty = 0
				}
				out.WriteByte(c)
			}
		}
		if empty > 0 {
			out.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			out.WriteByte('/')
		}
	}
	q, err := ParseFEN(out.String() + " " + fields[1] + " - - 0 1")
	return q, err == nil
}
