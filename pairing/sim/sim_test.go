package sim

import (
	"bytes"
	"errors"
	"flag"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// present returns the players to pair in round r, by score then start
// number.
func present(f *trf.File, r int) []int {
	absent := f.AbsentIn(r)
	var out []int
	for _, p := range f.Players {
		if _, ok := absent[p.StartNo]; !ok {
			out = append(out, p.StartNo)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		si, sj := f.Score(out[i], r-1), f.Score(out[j], r-1)
		if si != sj {
			return si > sj
		}
		return out[i] < out[j]
	})
	return out
}

// naive pairs neighbours in the standings, the higher with White, and
// gives the bye to the last: it ignores history, so it breaks C1, C2 and
// the colour rules sooner or later.
func naive(f *trf.File, r int) ([][2]int, int, error) {
	players := present(f, r)
	bye := 0
	if len(players)%2 == 1 {
		bye = players[len(players)-1]
		players = players[:len(players)-1]
	}
	var pairs [][2]int
	for i := 0; i+1 < len(players); i += 2 {
		pairs = append(pairs, [2]int{players[i], players[i+1]})
	}
	return pairs, bye, nil
}

// careful searches (depth first, down the standings) for a pairing with
// no rematch and no colour fault, giving the bye to the lowest player who
// may have it; failing that it allows colour faults. It is not a Swiss
// system, only a pairer that keeps the absolute rules when it can. When
// even that fails (too few players present), it allows rematches and
// counts the round in *rematches.
func careful(f *trf.File, r int) ([][2]int, int, error) { return carefulCounting(nil)(f, r) }

func carefulCounting(rematches *int) Pairer {
	return func(f *trf.File, r int) ([][2]int, int, error) { return pairCarefully(f, r, rematches) }
}

func pairCarefully(f *trf.File, r int, rematches *int) ([][2]int, int, error) {
	players := present(f, r)
	type past struct {
		colours []trf.Color
		met     map[int]bool
		noBye   bool
	}
	hist := map[int]*past{}
	for _, n := range players {
		h := &past{met: map[int]bool{}}
		for k := 1; k < r; k++ {
			e := f.ByStartNo(n).Round(k)
			if e.Played() {
				h.colours = append(h.colours, e.Color)
				h.met[e.Opponent] = true
			} else if e.PairingAllocatedBye() || e.Result == trf.ForfeitWin || e.Result == trf.FullPointBye {
				h.noBye = true
			}
		}
		hist[n] = h
	}
	fits := func(n int, c trf.Color) bool {
		cols := append(append([]trf.Color(nil), hist[n].colours...), c)
		d := 0
		for _, x := range cols {
			if x == trf.White {
				d++
			} else {
				d--
			}
		}
		k := len(cols)
		return d <= 2 && d >= -2 && !(k >= 3 && cols[k-2] == c && cols[k-3] == c)
	}
	orient := func(a, b int, strict bool) ([2]int, bool) {
		if fits(a, trf.White) && fits(b, trf.Black) {
			return [2]int{a, b}, true
		}
		if fits(b, trf.White) && fits(a, trf.Black) {
			return [2]int{b, a}, true
		}
		return [2]int{a, b}, !strict
	}
	level := 0 // 0: strict, 1: colour faults allowed, 2: rematches allowed too
	var solve func(rest []int, strict bool) ([][2]int, bool)
	solve = func(rest []int, strict bool) ([][2]int, bool) {
		if len(rest) == 0 {
			return nil, true
		}
		a := rest[0]
		for i, b := range rest[1:] {
			if hist[a].met[b] && level < 2 {
				continue
			}
			pr, ok := orient(a, b, strict)
			if !ok {
				continue
			}
			others := append(append([]int(nil), rest[1:i+1]...), rest[i+2:]...)
			if more, ok := solve(others, strict); ok {
				return append([][2]int{pr}, more...), true
			}
		}
		return nil, false
	}
	for level = 0; level < 3; level++ {
		strict := level == 0
		if level == 2 && rematches != nil {
			*rematches++
		}
		if len(players)%2 == 0 {
			if pairs, ok := solve(players, strict); ok {
				return pairs, 0, nil
			}
			continue
		}
		for i := len(players) - 1; i >= 0; i-- {
			if hist[players[i]].noBye && level < 2 {
				continue
			}
			rest := append(append([]int(nil), players[:i]...), players[i+1:]...)
			if pairs, ok := solve(rest, strict); ok {
				return pairs, players[i], nil
			}
		}
	}
	return nil, 0, errors.New("careful: no pairing")
}

func rules(t *Tournament) map[check.Rule]int {
	out := map[check.Rule]int{}
	for _, vs := range t.Violations {
		for _, v := range vs {
			out[v.Rule]++
		}
	}
	return out
}

// TestCheckerCatchesNaivePairer proves the checker can fail: the naive
// pairer's rematches and colour faults are all seen.
func TestCheckerCatchesNaivePairer(t *testing.T) {
	tm, err := Run(Defaults(1, 20, 9), naive)
	if err != nil {
		t.Fatal(err)
	}
	got := rules(tm)
	for _, r := range []check.Rule{check.Rematch, check.ColourDifference, check.ColourStreak, check.SameAbsolute} {
		if got[r] == 0 {
			t.Errorf("no %q found in a naive tournament: %v", r, got)
		}
	}
	if len(tm.Violations) != 9 || tm.File.Rounds() != 9 {
		t.Fatalf("%d rounds checked, %d in the file", len(tm.Violations), tm.File.Rounds())
	}
}

// TestSimulatedEvents runs many small events through the careful pairer:
// every round is written, read back and checked; the careful pairer never
// repeats a game or gives a bye twice.
func TestSimulatedEvents(t *testing.T) {
	events := map[check.Rule]int{}
	var forfeits, halfByes, pabs int
	for seed := uint64(1); seed <= 40; seed++ {
		c := Defaults(seed, 9+int(seed%14), 7+int(seed%5))
		c.Forfeit, c.HalfBye, c.Withdraw = 0.1, 0.05, 0.03 // more of everything
		fallbacks := 0
		tm, err := Run(c, carefulCounting(&fallbacks))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got := rules(tm)[check.Rematch]; (got == 0) != (fallbacks == 0) {
			t.Errorf("seed %d: %d rematches reported, %d rounds paired with rematches allowed", seed, got, fallbacks)
		}
		if fallbacks > 0 {
			events["rounds with rematches allowed"] += fallbacks
		}
		// The finished file, checked round by round, tells the same story.
		if again := check.Tournament(tm.File); !reflect.DeepEqual(sorted(again), sorted(tm.Violations)) {
			t.Errorf("seed %d: the recorded rounds check differently:\n%v\n%v", seed, again, tm.Violations)
		}
		for r, n := range rules(tm) {
			events[r] += n
		}
		f := tm.File
		for _, p := range f.Players {
			if len(p.Rounds) != c.Rounds {
				t.Fatalf("seed %d: player %d has %d rounds", seed, p.StartNo, len(p.Rounds))
			}
			if got := f.Score(p.StartNo, c.Rounds); got != p.Points {
				t.Fatalf("seed %d: player %d has %v points, results give %v", seed, p.StartNo, p.Points, got)
			}
			for _, e := range p.Rounds {
				switch {
				case e.Forfeit():
					forfeits++
				case e.Result == trf.HalfPointBye:
					halfByes++
				case e.Result == trf.PairingBye:
					pabs++
				}
			}
		}
	}
	if forfeits == 0 || halfByes == 0 || pabs == 0 {
		t.Errorf("%d forfeits, %d half-point byes, %d pairing-allocated byes", forfeits, halfByes, pabs)
	}
	if events[check.Unpaired] != 0 || events[check.UnneededBye] != 0 || events[check.ByeNotAllowed] > events["rounds with rematches allowed"] {
		t.Errorf("the careful pairer never gives a second bye nor leaves anyone out, yet: %v", events)
	}
	t.Logf("violations of the careful pairer: %v; %d forfeits, %d half-point byes, %d pairing-allocated byes", events, forfeits, halfByes, pabs)
}

// TestForbiddenPairsAndPointSystem: forbidden pairs reach the file (and
// the naive pairer, which ignores them, is caught), and a 3-1-0 point
// system is used for the points.
func TestForbiddenPairsAndPointSystem(t *testing.T) {
	c := Defaults(3, 12, 7)
	c.ForbiddenPairs = 30
	ps := trf.DefaultPointSystem()
	ps.WhiteWin, ps.BlackWin, ps.ForfeitWin, ps.FullPointBye, ps.PairingAllocatedBye = 3, 3, 3, 3, 3
	ps.WhiteDraw, ps.BlackDraw, ps.HalfPointBye = 1, 1, 1
	c.Points = &ps
	c.Version = 26
	tm, err := Run(c, naive)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tm.File.Write(&buf); err != nil || !strings.Contains(buf.String(), "\n162  W 3.0    D 1.0") || !strings.Contains(buf.String(), "\n142 7\n") {
		t.Fatalf("TRF-26 not written (%v):\n%.300s", err, buf.String())
	}
	if len(tm.File.Forbidden) == 0 || rules(tm)[check.Forbidden] == 0 {
		t.Fatalf("%d forbidden groups, violations %v", len(tm.File.Forbidden), rules(tm))
	}
	wins := 0
	for _, p := range tm.File.Players {
		for _, e := range p.Rounds {
			if e.Result == trf.Win {
				wins++
			}
		}
		if p.Points != tm.File.Score(p.StartNo, 7) || p.Points != float64(int(p.Points)) {
			t.Fatalf("player %d: %v points under 3-1-0", p.StartNo, p.Points)
		}
	}
	if wins == 0 {
		t.Fatal("no wins")
	}
}

func TestRunIsDeterministic(t *testing.T) {
	a, err := Run(Defaults(7, 15, 7), careful)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(Defaults(7, 15, 7), careful)
	c, _ := Run(Defaults(8, 15, 7), careful)
	if !a.File.Equal(b.File) {
		t.Fatal("the same seed gave two tournaments")
	}
	if a.File.Equal(c.File) {
		t.Fatal("two seeds gave the same tournament")
	}
}

func TestRunStopsOnUnplayablePairing(t *testing.T) {
	twice := func(f *trf.File, r int) ([][2]int, int, error) {
		return [][2]int{{1, 2}, {2, 3}}, 0, nil
	}
	tm, err := Run(Defaults(1, 4, 3), twice)
	if err == nil || tm == nil || len(tm.Violations) != 1 {
		t.Fatalf("err %v, tournament %+v", err, tm)
	}
	failing := func(f *trf.File, r int) ([][2]int, int, error) { return nil, 0, errors.New("no pairing") }
	if _, err := Run(Defaults(1, 4, 3), failing); err == nil {
		t.Fatal("a pairer's error is not returned")
	}
	if _, err := Run(Config{Players: 1, Rounds: 3}, naive); err == nil {
		t.Fatal("1 player accepted")
	}
}

var long = flag.Bool("long", false, "simulate 1,000 events (9-13 rounds) with the careful pairer")

// TestThousandEvents is the acceptance run of the simulator itself: 1,000
// events of 9 to 13 rounds, each round written, read back and checked.
func TestThousandEvents(t *testing.T) {
	if !*long {
		t.Skip("use -long")
	}
	total := map[check.Rule]int{}
	for seed := uint64(1); seed <= 1000; seed++ {
		c := Defaults(seed, 10+int(seed%31), 9+int(seed%5))
		tm, err := Run(c, careful)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for r, n := range rules(tm) {
			total[r] += n
		}
	}
	t.Logf("violations over 1,000 events: %v", total)
}

// sorted lists the violations of each round as sorted text.
func sorted(rounds [][]check.Violation) [][]string {
	var out [][]string
	for _, vs := range rounds {
		var s []string
		for _, v := range vs {
			s = append(s, v.String())
		}
		sort.Strings(s)
		out = append(out, s)
	}
	return out
}
