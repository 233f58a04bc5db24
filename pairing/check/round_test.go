package check

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// build writes a TRF from compact round entries ("4w1" = opponent 4,
// white, won; "0-U" = pairing-allocated bye) and reads it back, so the
// checker sees exactly what a file says.
func build(t *testing.T, totalRounds int, rows ...string) *trf.File {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "012 check fixture\nXXR %d\n", totalRounds)
	ps := trf.DefaultPointSystem()
	for i, row := range rows {
		var blocks strings.Builder
		points := 0.0
		for _, e := range strings.Fields(row) {
			opp, col, res := e[:len(e)-2], e[len(e)-2], e[len(e)-1]
			var n int
			fmt.Sscan(opp, &n)
			c := trf.Color(col)
			points += ps.Points(trf.RoundResult{Opponent: n, Color: c, Result: trf.ResultCode(res)})
			fmt.Fprintf(&blocks, "  %s %c %c", opp, col, res)
		}
		fmt.Fprintf(&b, "001 %4d      %-33s %4d %3s %11s %10s %4.1f %4d%s\n", i+1, fmt.Sprintf("Player %d", i+1), 2000-10*i, "", "", "", points, 0, blocks.String())
	}
	f, err := trf.Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("fixture: %v\n%s", err, b.String())
	}
	return f
}

// fixtureA: 7 players after 2 of 5 rounds.
//
//	R1: 1-4 1-0, 2-5 ½, 3-6 forfeit (3 wins), 7 pairing-allocated bye
//	R2: 1-2 1-0, 3-5 1-0, 6-4 0-1, 7 half-point bye
//
// Played colours: 1 WW (absolute black), 2 WB, 3 W, 4 BB (absolute
// white), 5 BB (absolute white), 6 W, 7 none. 3 and 6 have not met (a
// forfeit); 3 (forfeit win) and 7 (bye) may not have the bye.
func fixtureA(t *testing.T) *trf.File {
	return build(t, 5,
		"0004w1 0002w1",
		"0005w= 0001b0",
		"0006w+ 0005w1",
		"0001b0 0006b1",
		"0002b= 0003b0",
		"0003b- 0004w0",
		"0000-U 0000-H",
	)
}

// fixtureB: 6 players after 3 rounds; colours 1 WBB, 2 WBW, 3 WBB,
// 4 BWB, 5 BWW, 6 BWW; 1, 2, 3 have 3 points, 4, 5, 6 none.
func fixtureB(t *testing.T, totalRounds int) *trf.File {
	return build(t, totalRounds,
		"0004w1 0004b1 0005b1",
		"0005w1 0006b1 0004w1",
		"0006w1 0005b1 0006b1",
		"0001b0 0001w0 0002b0",
		"0002b0 0003w0 0001w0",
		"0003b0 0002w0 0003w0",
	)
}

type want struct {
	rule    Rule
	players []int
}

func TestRound(t *testing.T) {
	absent6 := func(f *trf.File) {
		p := f.ByStartNo(6)
		p.Rounds = append(p.Rounds, trf.RoundResult{Color: trf.NoColor, Result: trf.HalfPointBye})
	}
	forbid51 := func(f *trf.File) { f.Forbidden = []trf.ForbiddenGroup{{Players: []int{5, 1}}} }
	tests := []struct {
		name    string
		fixture func(t *testing.T) *trf.File
		change  func(f *trf.File)
		round   int
		pairs   [][2]int
		bye     int
		want    []want
	}{
		{"valid", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}}, 6, nil},
		{"a forfeit is not a meeting", fixtureA, nil, 3, [][2]int{{5, 1}, {6, 3}, {7, 2}}, 4, nil},
		{"rematch", fixtureA, nil, 3, [][2]int{{5, 2}, {4, 3}, {7, 1}}, 6, []want{{Rematch, []int{5, 2}}}},
		{"same absolute colour", fixtureA, nil, 3, [][2]int{{4, 5}, {3, 1}, {7, 2}}, 6,
			[]want{{SameAbsolute, []int{4, 5}}, {ColourDifference, []int{5}}, {ColourStreak, []int{5}}}},
		{"bye after a bye", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 3}, {6, 2}}, 7, []want{{ByeNotAllowed, []int{7}}}},
		{"bye after a forfeit win", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 2}, {6, 7}}, 3, []want{{ByeNotAllowed, []int{3}}}},
		{"unpaired", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 3}}, 6, []want{{Unpaired, []int{2}}, {Unpaired, []int{7}}}},
		{"paired twice", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}, {6, 1}}, 0, []want{{PairedTwice, []int{1}}}},
		{"unknown player", fixtureA, nil, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}, {6, 99}}, 0, []want{{UnknownPlayer, []int{99}}}},
		{"absent player given the bye", fixtureA, absent6, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}}, 6,
			[]want{{AbsentPaired, []int{6}}, {UnneededBye, []int{6}}}},
		{"absent player left out", fixtureA, absent6, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}}, 0, nil},
		{"unneeded bye", fixtureA, absent6, 3, [][2]int{{5, 1}, {4, 3}}, 2, []want{{Unpaired, []int{7}}, {UnneededBye, []int{2}}}},
		{"forbidden pair", fixtureA, forbid51, 3, [][2]int{{5, 1}, {4, 3}, {7, 2}}, 6, []want{{Forbidden, []int{5, 1}}}},
		{"three in a row", func(t *testing.T) *trf.File { return fixtureB(t, 9) }, nil, 4, [][2]int{{2, 1}, {3, 4}, {5, 6}}, 0,
			[]want{{ColourStreak, []int{1}}, {SameAbsolute, []int{5, 6}}, {ColourStreak, []int{5}}}},
		{"final round: topscorers exempt", func(t *testing.T) *trf.File { return fixtureB(t, 4) }, nil, 4, [][2]int{{2, 1}, {3, 4}, {5, 6}}, 0,
			[]want{{SameAbsolute, []int{5, 6}}, {ColourStreak, []int{5}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fixture(t)
			if tt.change != nil {
				tt.change(f)
			}
			got := Round(f, tt.round, tt.pairs, tt.bye)
			var g, w []string
			for _, v := range got {
				g = append(g, fmt.Sprint(v.Rule, v.Players))
				if v.Explanation == "" {
					t.Errorf("%v has no explanation", v)
				}
			}
			for _, x := range tt.want {
				w = append(w, fmt.Sprint(x.rule, x.players))
			}
			sort.Strings(g)
			sort.Strings(w)
			if !slices.Equal(g, w) {
				t.Fatalf("got  %q\nwant %q\n%v", g, w, got)
			}
		})
	}
}
