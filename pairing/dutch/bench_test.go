package dutch

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/sim"
	"github.com/hakem-chess/hakem/pairing/trf"
)

var benchDir = flag.String("benchdir", "", "write the benchmark tournaments (500 and 2,000 players after 5 rounds) as TRF files into this folder")

var benchPlayed = flag.Int("benchplayed", 0, "with -benchdir, the rounds played before the round to pair, each paired by the engine itself (0: five rounds paired naively)")

// greedyPairer pairs a round quickly and roughly (score order, first
// opponent not met before): it only makes a history for the benchmark
// tournaments, whose sixth round the engine then pairs.
func greedyPairer(f *trf.File, round int) ([][2]int, int, error) {
	t, err := pairing.FromTRF(f)
	if err != nil {
		return nil, 0, err
	}
	var order []int
	for i, p := range t.Players {
		if !p.Absent {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return t.Players[order[a]].Score > t.Players[order[b]].Score })
	met := func(a, b int) bool {
		for _, g := range t.Players[a].Games {
			if g.Opponent == b {
				return true
			}
		}
		return false
	}
	whites := func(a int) int {
		n := 0
		for _, g := range t.Players[a].Games {
			if g.Color == pairing.White {
				n++
			} else if g.Color == pairing.Black {
				n--
			}
		}
		return n
	}
	used := make([]bool, len(t.Players))
	var pairs [][2]int
	bye := 0
	for k, a := range order {
		if used[a] {
			continue
		}
		used[a] = true
		partner := -1
		for _, b := range order[k+1:] {
			if !used[b] && !met(a, b) {
				partner = b
				break
			}
		}
		if partner < 0 {
			bye = a + 1
			continue
		}
		used[partner] = true
		w, b := a, partner
		if whites(a) > whites(partner) {
			w, b = partner, a
		}
		pairs = append(pairs, [2]int{w + 1, b + 1})
	}
	return pairs, bye, nil
}

// benchTournament returns a tournament of n players after five rounds
// (deterministic), ready for its sixth round to be paired.
func benchTournament(tb testing.TB, n int) *trf.File {
	var file *trf.File
	c := sim.Defaults(uint64(n), n, 6)
	_, err := sim.Run(c, func(f *trf.File, round int) ([][2]int, int, error) {
		if round == 6 {
			file = f
			return nil, 0, errStop
		}
		return greedyPairer(f, round)
	})
	if file == nil {
		tb.Fatalf("no tournament: %v", err)
	}
	return file
}

var errStop = fmt.Errorf("stop")

// engineTournament returns a tournament of n players after `played`
// rounds, each paired by the engine and played by the simulator (draws,
// forfeits, byes requested in advance, absences, withdrawals: an ordinary
// open's rates), deterministic, ready for its next round to be paired.
func engineTournament(tb testing.TB, n, played int) *trf.File {
	var file *trf.File
	c := sim.Defaults(uint64(n), n, played+1)
	c.Direct = true
	_, err := sim.Run(c, func(f *trf.File, round int) ([][2]int, int, error) {
		if round == played+1 {
			file = f
			return nil, 0, errStop
		}
		return simPairer(f, round)
	})
	if file == nil {
		tb.Fatalf("no tournament: %v", err)
	}
	return file
}

// withParity returns f with an odd (odd true) or even number of players to
// pair in round next: when the field has the other parity, the last player
// to be paired is entered as absent (a zero-point bye) for the round.
func withParity(f *trf.File, next int, odd bool) *trf.File {
	absent := f.AbsentIn(next)
	last := 0
	for _, p := range f.Players {
		if _, ok := absent[p.StartNo]; !ok {
			last = p.StartNo
		}
	}
	if (len(f.Players)-len(absent))%2 == 1 == odd {
		return f
	}
	p := f.ByStartNo(last)
	p.Rounds = append(p.Rounds[:next-1:next-1], trf.RoundResult{Color: trf.NoColor, Result: trf.ZeroPointBye})
	return f
}

// TestWriteBenchTournaments writes the benchmark tournaments for
// bench/pairing.sh when -benchdir is given.
func TestWriteBenchTournaments(t *testing.T) {
	if *benchDir == "" {
		t.Skip("no -benchdir")
	}
	for _, n := range benchSizes() {
		next := 6
		var history bytes.Buffer
		start := time.Now()
		if *benchPlayed > 0 {
			next = *benchPlayed + 1
			if err := engineTournament(t, n, *benchPlayed).Write(&history); err != nil {
				t.Fatal(err)
			}
			fmt.Printf("history   %5d players: %d rounds paired by the engine and played %8.1f s\n", n, *benchPlayed, time.Since(start).Seconds())
		} else if err := benchTournament(t, n).Write(&history); err != nil {
			t.Fatal(err)
		}
		for _, odd := range []bool{false, true} {
			f, err := trf.Read(bytes.NewReader(history.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			writeBenchTournament(t, withParity(f, next, odd), n, next, odd)
		}
	}
}

// benchSizes are the sizes of -benchsizes (500 and 2,000 by default).
func benchSizes() []int {
	var out []int
	for _, s := range strings.Fields(strings.ReplaceAll(*benchSizesFlag, ",", " ")) {
		n, err := strconv.Atoi(s)
		if err == nil && n >= 2 && n <= 9999 {
			out = append(out, n)
		}
	}
	return out
}

var benchSizesFlag = flag.String("benchsizes", "500,2000", "with -benchdir, the tournament sizes to write")

// writeBenchTournament writes f as players{n}even.trf or players{n}odd.trf:
// n players with an even or odd number to pair in round next (an odd one
// needs the pairing-allocated bye).
func writeBenchTournament(t *testing.T, f *trf.File, n, next int, odd bool) {
	field := "even"
	if odd {
		field = "odd"
	}
	// The baseline: a naive pairing of the same round (score order,
	// first opponent not met) checked by the independent checker.
	start := time.Now()
	pairs, bye, err := greedyPairer(f, next)
	if err != nil {
		t.Fatal(err)
	}
	v := check.Round(f, next, pairs, bye)
	fmt.Printf("baseline  %5d players, %-4s field: naive pairing + independent check %8.3f s (%d violations of absolute rules)\n", n, field, time.Since(start).Seconds(), len(v))
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*benchDir, fmt.Sprintf("players%d%s.trf", n, field)), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func benchmarkPair(b *testing.B, n int) { benchmarkPairParity(b, n, false) }

func benchmarkPairParity(b *testing.B, n int, odd bool) {
	f := withParity(benchTournament(b, n), 6, odd)
	t, err := pairing.FromTRF(f)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Pair(t, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPair100(b *testing.B) { benchmarkPair(b, 100) }
func BenchmarkPair500(b *testing.B) { benchmarkPair(b, 500) }

// BenchmarkPair2000 is the large round of make bench (a few seconds a pairing:
// run it with -benchtime=1x).
func BenchmarkPair2000(b *testing.B) { benchmarkPair(b, 2000) }

// BenchmarkPair2000Odd is the same round with an odd field: it needs the
// pairing-allocated bye.
func BenchmarkPair2000Odd(b *testing.B) { benchmarkPairParity(b, 2000, true) }

// BenchmarkPair500Odd is a 500-player round with the pairing-allocated bye.
func BenchmarkPair500Odd(b *testing.B) { benchmarkPairParity(b, 500, true) }
