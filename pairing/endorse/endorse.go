// Package endorse is the pure half of Hakem's pairing checker (the
// "Pairing and Tie-Break Checker" FIDE's endorsement of a pairing program
// asks for): it re-pairs every round of a tournament report file with the
// Dutch engine and compares the result with the pairing the file records,
// and recomputes every player's points from his round entries and the
// file's point system and compares them with the points field. The
// tie-breaks and the ranks they make are checked by the caller with the
// ratings module (hakem check), which this module may not import.
package endorse

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// RoundDiff is a round whose recorded pairing is not the engine's.
type RoundDiff struct {
	Round int
	// FileOnly are the boards the file has and the engine does not make,
	// EngineOnly the engine's boards the file does not have, as
	// (white, black) start numbers, a pairing-allocated bye as (n, 0). A
	// forfeit recorded without colours matches either colouring.
	FileOnly, EngineOnly [][2]int
	Err                  error // the engine could not pair the round (it then differs)
}

func (d RoundDiff) String() string {
	if d.Err != nil {
		return fmt.Sprintf("round %d: %v", d.Round, d.Err)
	}
	return fmt.Sprintf("round %d: the file has %s, the engine pairs %s", d.Round, pairList(d.FileOnly), pairList(d.EngineOnly))
}

func pairList(ps [][2]int) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		if p[1] == 0 {
			parts[i] = fmt.Sprintf("%d-bye", p[0])
		} else {
			parts[i] = fmt.Sprintf("%d-%d", p[0], p[1])
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// PointsDiff is a player whose points field is not what his rounds score.
type PointsDiff struct {
	StartNo        int
	File, Computed float64
}

func (d PointsDiff) String() string {
	return fmt.Sprintf("player %d: %.1f points in the file, %.1f from his rounds", d.StartNo, d.File, d.Computed)
}

// Report is what Pairings and Points find.
type Report struct {
	Rounds   int // rounds paired in the file
	Pairings []RoundDiff
	Points   []PointsDiff
}

// Pairings re-pairs every round of f with the Dutch engine (each round
// from the rounds before it and the absences entered for it, as hakem
// pair --dutch IN.trf -c does) and lists the rounds whose pairing — pairs,
// colours, the pairing-allocated bye — differs from the file's. The error
// is for a file whose history cannot be read as a tournament at all
// (*pairing.InputError).
func Pairings(f *trf.File) (rounds int, diffs []RoundDiff, err error) {
	t, err := pairing.HistoryFromTRF(f)
	if err != nil {
		return 0, nil, err
	}
	rounds = t.Round - 1
	for r := 1; r <= rounds; r++ {
		pairs, bye, colourless := check.Recorded(f, r)
		res, err := dutch.Pair(before(f, t, r), dutch.Options{})
		if err != nil {
			diffs = append(diffs, RoundDiff{Round: r, Err: err})
			continue
		}
		if d := compare(r, pairs, bye, colourless, res.Boards); d != nil {
			diffs = append(diffs, *d)
		}
	}
	return rounds, diffs, nil
}

// before is the tournament t as it stood when round r was to be paired,
// with the forbidden pairs in force in round r (a 260 record covers a
// range of rounds: a pair forbidden from round 5 on could meet in round 2).
func before(f *trf.File, t *pairing.Tournament, r int) *pairing.Tournament {
	u := t.Before(r)
	n := len(u.Players)
	for i := range u.Players {
		u.Players[i].Forbidden = nil
	}
	for _, g := range f.Forbidden {
		if !g.Applies(r) {
			continue
		}
		for _, a := range g.Players {
			for _, b := range g.Players {
				if a != b && a >= 1 && b >= 1 && a <= n && b <= n {
					u.Players[a-1].Forbidden = append(u.Players[a-1].Forbidden, b-1)
				}
			}
		}
	}
	return u
}

func compare(r int, pairs [][2]int, bye int, colourless map[[2]int]bool, boards []pairing.Board) *RoundDiff {
	file := map[[2]int]bool{}
	for _, p := range pairs {
		file[p] = true
	}
	if bye != 0 {
		file[[2]int{bye, 0}] = true
	}
	engine := map[[2]int]bool{}
	for _, b := range boards {
		p := [2]int{b.White, b.Black}
		if q := [2]int{b.Black, b.White}; b.White > b.Black && b.Black != 0 && colourless[q] {
			p = q // a forfeit the file records without colours
		}
		engine[p] = true
	}
	d := &RoundDiff{Round: r}
	for p := range file {
		if !engine[p] {
			d.FileOnly = append(d.FileOnly, p)
		}
	}
	for p := range engine {
		if !file[p] {
			d.EngineOnly = append(d.EngineOnly, p)
		}
	}
	if len(d.FileOnly)+len(d.EngineOnly) == 0 {
		return nil
	}
	slices.SortFunc(d.FileOnly, cmpPair)
	slices.SortFunc(d.EngineOnly, cmpPair)
	return d
}

func cmpPair(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// Points recomputes every player's points after the rounds of f from his
// round entries under the file's point system (162 or XXS, FIDE's 1-½-0
// otherwise), with the bonuses and penalties of 299 records, and lists
// the players whose points field differs. A blank points field is 0. The
// rounds counted are those paired: a last column holding only the byes
// and absences entered for the round to pair is not yet scored (the
// endorsed engine's files), though a points field that already counts it
// (JaVaFo's sample files) is accepted too.
func Points(f *trf.File) []PointsDiff {
	rounds := pairedRounds(f)
	bonus := map[int]float64{}
	for _, a := range f.AbnormalPoints {
		if a.Kind == ' ' && a.Round <= rounds {
			for _, no := range a.Players {
				bonus[no] += a.Points
			}
		}
	}
	var out []PointsDiff
	for _, p := range f.Players {
		want := f.Score(p.StartNo, rounds) + bonus[p.StartNo]
		ahead := f.Score(p.StartNo, f.Rounds()) + bonus[p.StartNo]
		if math.Abs(want-p.Points) > 1e-6 && math.Abs(ahead-p.Points) > 1e-6 {
			out = append(out, PointsDiff{StartNo: p.StartNo, File: p.Points, Computed: want})
		}
	}
	return out
}

// pairedRounds is the last round in which somebody was paired.
func pairedRounds(f *trf.File) int {
	for r := f.Rounds(); r > 0; r-- {
		for i := range f.Players {
			if f.Players[i].Round(r).Paired() {
				return r
			}
		}
	}
	return 0
}

// Check runs Points, then Pairings on a copy of f whose points fields are
// the recomputed ones (the pairing reads the results, not the points
// field, and a wrong points field is reported by Points alone).
func Check(f *trf.File) (*Report, error) {
	points := Points(f)
	g := *f
	if len(points) > 0 {
		g.Players = slices.Clone(f.Players)
		for _, d := range points {
			for i := range g.Players {
				if g.Players[i].StartNo == d.StartNo {
					g.Players[i].Points = d.Computed
				}
			}
		}
	}
	rounds, diffs, err := Pairings(&g)
	if err != nil {
		return nil, err
	}
	return &Report{Rounds: rounds, Pairings: diffs, Points: points}, nil
}
