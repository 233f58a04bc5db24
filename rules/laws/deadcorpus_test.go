package laws

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// The dead-position corpus (testdata/dead/corpus.txt): positions of locked
// and nearly locked pawn structures with kings and bishops, random and
// published, each side labelled by exhaustiveMate — whether that side can
// still checkmate by any series of legal moves. The production decision
// (rules.CanMate, through which the profiles rule on a flag fall and a
// dead position) must never call a side unable to mate where the corpus
// has a mate (TestDeadCorpusSound); how many sides it decides and how fast
// is bench/laws.sh's figure, beside the exhaustive search's own time.

var (
	long         = flag.Bool("long", false, "run the slow tests (the corpus labels re-established by exhaustive search)")
	genDead      = flag.Bool("gen-dead", false, "regenerate testdata/dead/corpus.txt (labelled by exhaustive search)")
	deadBaseline = flag.Int("dead-baseline", 0, "time the exhaustive search on the first N corpus positions (bench/laws.sh)")
)

const deadCorpus = "testdata/dead/corpus.txt"

// deadLimit bounds the exhaustive search: the reachable positions it may
// store before it gives up (a position it gives up on is not in the corpus).
const deadLimit = 150000

// deadCase is one corpus position: the truth for each side and where the
// position comes from.
type deadCase struct {
	fen    string
	mate   [2]bool // by rules.Color: that side can still checkmate
	source string
	// line is, for a side labelled mate where the exhaustive walk is too
	// large, the legal line (UCI) that ends with its opponent mated
	line [2]string
}

// exhaustiveMate decides whether c can checkmate from p by any series of
// legal moves, the opponent cooperating: a breadth-first walk of every
// position reachable by legal moves of both sides, no pruning and no rule
// of the production search, until a position where c's opponent is mated
// (true, decided) or none is left (false, decided); undecided past limit
// stored positions. The 50-move and repetition rules do not stop a series
// of legal moves (as 6.9 and 9.6 / 5.2.2 read), so they are ignored.
func exhaustiveMate(p rules.Position, c rules.Color, limit int) (mate, decided bool) {
	seen := map[uint64]struct{}{p.Hash(): {}}
	queue := []rules.Position{p}
	buf := make([]rules.Move, 0, 128)
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 {
			if q.InCheck() && q.Turn() != c {
				return true, true
			}
			continue // mate of c, or stalemate: the game is over
		}
		for _, m := range moves {
			n := q.Play(m)
			h := n.Hash()
			if _, ok := seen[h]; ok {
				continue
			}
			if len(seen) >= limit {
				return false, false
			}
			seen[h] = struct{}{}
			queue = append(queue, n)
		}
	}
	return false, true
}

func readDeadCorpus(t testing.TB) []deadCase {
	t.Helper()
	f, err := os.Open(deadCorpus)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []deadCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 4 && len(parts) != 6 {
			t.Fatalf("corpus line %q: want FEN;white;black;source[;white line;black line]", line)
		}
		var c deadCase
		c.fen, c.source = parts[0], parts[3]
		if len(parts) == 6 {
			c.line = [2]string{parts[4], parts[5]}
		}
		for i, l := range parts[1:3] {
			switch l {
			case "mate":
				c.mate[i] = true
			case "nomate":
			default:
				t.Fatalf("corpus line %q: labels are mate or nomate", line)
			}
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// deadFigures runs the production decision on every side of the corpus.
type deadFigures struct {
	positions, sides, unable, decided, undecided, wrong int
	elapsed                                             time.Duration
}

func runDeadCorpus(t *testing.T, cases []deadCase) deadFigures {
	t.Helper()
	var f deadFigures
	f.positions, f.sides = len(cases), 2*len(cases)
	start := time.Now()
	for _, c := range cases {
		p, err := rules.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for side := rules.White; side <= rules.Black; side++ {
			got := rules.CanMate(p, side)
			truth := c.mate[side]
			switch {
			case got == rules.MatingImpossible && truth:
				f.wrong++
				t.Errorf("%s (%s): %v ruled unable to mate, but a mate is reachable", c.fen, c.source, side)
			case got == rules.MatingImpossible || got == rules.MatingPossible && truth:
				f.decided++
			default:
				f.undecided++ // not proved: treated as able to mate (sound)
			}
			if !truth {
				f.unable++
			}
		}
	}
	f.elapsed = time.Since(start)
	return f
}

// TestDeadCorpusSound: on the 500+ positions of the corpus the production
// search never rules a side unable to mate where the exhaustive search
// found a mate, and the profiles' flag-fall rulings follow it (a draw only
// against a side that cannot mate, 1997 6.9 and 2023 6.9); it prints the
// figures bench/laws.sh shows. Without -long it runs on every eighth
// position (the whole corpus takes some tens of seconds).
func TestDeadCorpusSound(t *testing.T) {
	all := readDeadCorpus(t)
	cases, sample := all, ""
	if !*long {
		cases = nil
		for i := 0; i < len(all); i += 8 {
			cases = append(cases, all[i])
		}
		sample = fmt.Sprintf(" (every eighth of %d; -long for all)", len(all))
	}
	if len(all) < 500 {
		t.Errorf("corpus of %d positions, want at least 500", len(all))
	}
	var dead, live int
	for _, c := range all {
		if c.mate[0] || c.mate[1] {
			live++
		} else {
			dead++
		}
	}
	if dead < 100 || live < 100 {
		t.Errorf("corpus of %d dead and %d not dead positions: want at least 100 of each", dead, live)
	}
	f := runDeadCorpus(t, cases)
	fmt.Printf("laws dead-position corpus: %d positions%s, %d sides (%d unable to mate): decided %d, undecided %d, wrong %d; %.1f µs per side; the corpus: %d dead, %d not dead\n",
		f.positions, sample, f.sides, f.unable, f.decided, f.undecided, f.wrong, float64(f.elapsed.Microseconds())/float64(max(f.sides, 1)), dead, live)
	for _, name := range Names() {
		p, _ := Lookup(name)
		for _, c := range cases {
			pos, _ := rules.ParseFEN(c.fen)
			g := rules.NewGame(pos)
			if _, over := p.GameEnd(g); over {
				continue
			}
			flagged := pos.Turn()
			r, err := p.FlagFall(Situation{Game: g}, flagged)
			if err != nil {
				t.Fatalf("%s %s: %v", name, c.fen, err)
			}
			if r.Result == Draw && c.mate[flagged.Other()] {
				t.Errorf("%s %s: %v's flag ruled a draw (%s), but %v can mate", name, c.fen, flagged, r.Article, flagged.Other())
			}
		}
	}
}

// TestDeadCorpusLabels re-establishes every label of the corpus by the
// exhaustive search (-long).
func TestDeadCorpusLabels(t *testing.T) {
	if !*long {
		t.Skip("-long: exhaustive search of every corpus position")
	}
	for _, c := range readDeadCorpus(t) {
		p, _ := rules.ParseFEN(c.fen)
		for side := rules.White; side <= rules.Black; side++ {
			if c.line[side] != "" {
				if err := mateLine(p, side, c.line[side]); err != nil || !c.mate[side] {
					t.Errorf("%s: %v: the line %q: %v (labelled mate %v)", c.fen, side, c.line[side], err, c.mate[side])
				}
				continue
			}
			mate, decided := exhaustiveMate(p, side, deadLimit)
			if !decided || mate != c.mate[side] {
				t.Errorf("%s: %v: exhaustive search says mate %v (decided %v), the corpus %v", c.fen, side, mate, decided, c.mate[side])
			}
		}
	}
}

// mateLine checks that line (UCI moves) is legal from p and ends with c's
// opponent checkmated.
func mateLine(p rules.Position, c rules.Color, line string) error {
	for _, u := range strings.Fields(line) {
		m, err := p.ParseUCI(u)
		if err != nil {
			return err
		}
		p = p.Play(m)
	}
	if !p.InCheck() || len(p.LegalMoves(nil)) != 0 || p.Turn() == c {
		return fmt.Errorf("the line does not end with %v's opponent checkmated", c)
	}
	return nil
}

// TestDeadBaseline times the exhaustive search on the first N positions of
// the corpus (-dead-baseline N): the baseline bench/laws.sh prints beside
// the production search's time.
func TestDeadBaseline(t *testing.T) {
	if *deadBaseline <= 0 {
		t.Skip("-dead-baseline N times the exhaustive search")
	}
	cases := readDeadCorpus(t)
	cases = cases[:min(*deadBaseline, len(cases))]
	start := time.Now()
	for _, c := range cases {
		p, _ := rules.ParseFEN(c.fen)
		for side := rules.White; side <= rules.Black; side++ {
			exhaustiveMate(p, side, deadLimit)
		}
	}
	el := time.Since(start)
	f := runDeadCorpus(t, cases)
	fmt.Printf("laws dead-position baseline on the first %d positions: exhaustive search %.1f µs per side, production search %.1f µs per side\n",
		len(cases), float64(el.Microseconds())/float64(2*len(cases)), float64(f.elapsed.Microseconds())/float64(2*len(cases)))
}
