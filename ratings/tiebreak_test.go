package ratings

import (
	"strings"
	"testing"
)

// game is a pairing for buildTournament: White, Black and White's result
// ("1", "=", "0", "+" for a forfeit win of White, "-" for one of Black).
type pairing struct {
	white, black int
	result       string
}

// buildTournament makes a Swiss tournament of n players from rounds of
// pairings; unpaired players are absent.
func buildTournament(n int, rounds [][]pairing) Tournament {
	t := Tournament{Rounds: len(rounds)}
	for i := range n {
		t.Entrants = append(t.Entrants, Entrant{No: i + 1, Rating: 2000, Rounds: make([]Round, len(rounds))})
	}
	for r, ps := range rounds {
		for _, p := range ps {
			wk, bk := map[string][2]Kind{"1": {Win, Loss}, "=": {Draw, Draw}, "0": {Loss, Win}, "+": {ForfeitWin, ForfeitLoss}, "-": {ForfeitLoss, ForfeitWin}}[p.result][0],
				map[string][2]Kind{"1": {Win, Loss}, "=": {Draw, Draw}, "0": {Loss, Win}, "+": {ForfeitWin, ForfeitLoss}, "-": {ForfeitLoss, ForfeitWin}}[p.result][1]
			t.Entrants[p.white-1].Rounds[r] = Round{Opponent: p.black, Color: White, Kind: wk}
			t.Entrants[p.black-1].Rounds[r] = Round{Opponent: p.white, Color: Black, Kind: bk}
		}
	}
	return t
}

func TestDirectEncounter(t *testing.T) {
	cases := []struct {
		name   string
		n      int
		rounds [][]pairing
		rank   []int
		want   []float64
	}{
		{
			// 1 beat 2 and 3, 2 drew 3: 1 first, 2 and 3 stay level.
			name: "all met", n: 4,
			rounds: [][]pairing{{{1, 2, "1"}, {3, 4, "1"}}, {{3, 1, "0"}, {2, 4, "1"}}, {{2, 3, "="}, {1, 4, "1"}}},
			rank:   []int{1, 1, 1, 4},
			want:   []float64{1, 2, 2, 0},
		},
		{
			// 1 beat 2; 3 met neither: 3 could still have scored 2, so
			// nobody is separated.
			name: "not all met: no one certain", n: 6,
			rounds: [][]pairing{{{1, 2, "1"}, {3, 4, "1"}, {5, 6, "1"}}, {{1, 5, "1"}, {3, 6, "1"}, {2, 4, "1"}}},
			rank:   []int{1, 1, 1, 4, 5, 6},
			want:   []float64{0, 0, 0, 0, 0, 0},
		},
		{
			// 1 beat 2, 3, 4 (3 points, out of reach); 2 beat 4, 3 and 4
			// did not meet 2 and 3: 1 first, the rest level.
			name: "not all met: leader out of reach", n: 6,
			rounds: [][]pairing{{{1, 2, "1"}, {3, 5, "1"}, {4, 6, "1"}}, {{1, 3, "1"}, {2, 4, "1"}, {5, 6, "="}}, {{1, 4, "1"}, {2, 5, "="}, {3, 6, "="}}},
			rank:   []int{1, 1, 1, 1, 5, 6},
			want:   []float64{1, 2, 2, 2, 0, 0},
		},
		{
			// All met; 1 and 4 score 2, 2 and 3 score 1. Applied again, 4
			// beat 1 and 3 beat 2.
			name: "recursive", n: 5,
			rounds: [][]pairing{{{1, 2, "1"}, {3, 4, "0"}}, {{1, 3, "1"}, {4, 2, "0"}}, {{1, 4, "0"}, {2, 3, "0"}}},
			rank:   []int{1, 1, 1, 1, 5},
			want:   []float64{2, 4, 3, 1, 0},
		},
		{
			// Forfeits are not encounters: 1 beat 2 by forfeit only.
			name: "forfeit is not an encounter", n: 2,
			rounds: [][]pairing{{{1, 2, "+"}}},
			rank:   []int{1, 1},
			want:   []float64{0, 0},
		},
	}
	for _, c := range cases {
		tour := buildTournament(c.n, c.rounds)
		if err := tour.Check(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := newCalc(&tour, Options{}).directEncounter(c.rank)
		for i := range c.want {
			if !got[i].Defined || got[i].X != c.want[i] {
				t.Errorf("%s: player %d DE %v, want %v", c.name, i+1, got[i], c.want[i])
			}
		}
	}
}

// DE inside Compute: it only separates players tied on the earlier keys.
func TestDirectEncounterRanks(t *testing.T) {
	tour := buildTournament(5, [][]pairing{{{1, 2, "1"}, {3, 4, "0"}}, {{1, 3, "1"}, {4, 2, "0"}}, {{1, 4, "0"}, {2, 3, "0"}}})
	codes, _ := ParseCodes("DE,TPN")
	st, err := Compute(tour, codes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Order; len(got) != 5 || got[0] != 4 || got[1] != 1 || got[2] != 3 || got[3] != 2 || got[4] != 5 {
		t.Errorf("order %v, want [4 1 3 2 5]", got)
	}
}

func TestCountsAndScores(t *testing.T) {
	tour := readExercise(t)
	codes, _ := ParseCodes("KS,STD,TPN,RTNG,FB,BH/C2,BH/M2,SB/C1,PS/C1")
	st, err := Compute(tour, codes, Options{Rules: Rules2024})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]string{
		// Player 1 met 9 (1.5), 13 (1.5), 2 (4.0), 15 (2.0), 4 (3.5): won,
		// drew, drew, won, drew. KS: opponents with at least 2.5 points
		// (2 and 4, both drawn). FB: last round as a draw, 13 and 15
		// lost theirs: 1.5 + 2.0 + 4.0 + 2.5 + 3.5. BH/C2 drops 1.5 and
		// 1.5, BH/M2 also 4.0 and 3.5. SB/C1 drops 13 (1.5 × ½). PS/C1:
		// 1 + 1.5 + 2 + 3 + 3.5 − 1.
		1: {"1.0", "3.5", "1", "2000", "13.5", "9.5", "2.0", "7.25", "10.0"},
		// Player 3 met 11 (2.5, drew), 6 (3.0, won), 8 (2.5, won), 4 (3.5,
		// drew), 2 (4.0, drew). FB: 11 and 6 won their last round, 8 lost
		// it, 4 and 2 drew: 2.0 + 2.5 + 3.0 + 3.5 + 4.0.
		3: {"3.5", "3.5", "3", "2000", "15.0", "10.5", "3.0", "9.25", "10.5"},
	}
	for no, w := range want {
		for k, c := range codes {
			if got := c.Format(st.Rows[no-1].Values[k]); got != w[k] {
				t.Errorf("player %d %s: %s, want %s", no, c.Text, got, w[k])
			}
		}
	}
}

func TestPointSystems(t *testing.T) {
	tour := buildTournament(2, [][]pairing{{{1, 2, "1"}}, {{2, 1, "="}}})
	tour.Points = PointSystem{Win: 3, Draw: 1, ForfeitWin: 3, PairingBye: 3, HalfBye: 1, FullBye: 3}
	codes, _ := ParseCodes("STD,WIN")
	st, err := Compute(tour, codes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows[0].Points != 4 || st.Rows[0].Values[0].X != 1.5 || st.Rows[0].Values[1].X != 1 {
		t.Errorf("3-1-0: %+v", st.Rows[0])
	}
}

func TestUnratedPlayers(t *testing.T) {
	tour := buildTournament(3, [][]pairing{{{1, 2, "1"}}, {{3, 1, "0"}}})
	tour.Entrants[2].Rating = 0
	codes, _ := ParseCodes("ARO,TPR,RTNG")
	st, err := Compute(tour, codes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range st.Rows[0].Values {
		if v.Defined {
			t.Errorf("with an unrated player and no rating for them, %v is defined", v)
		}
	}
	st, err = Compute(tour, codes, Options{UnratedRating: 1000})
	if err != nil {
		t.Fatal(err)
	}
	// player 1 met 2 (2000) and 3 (1000): ARO 1500, 2/2 → +800.
	if v := st.Rows[0].Values; v[0].X != 1500 || v[1].X != 2300 || v[2].X != 2000 || st.Rows[2].Values[2].X != 1000 {
		t.Errorf("with 1000 for unrated: %+v / %+v", v, st.Rows[2].Values)
	}
}

func TestCutParts(t *testing.T) {
	parts := []bhPart{{score: 3, value: 3}, {score: 1, value: 1}, {score: 4, value: 4, vur: true}, {score: 2, value: 2}, {score: 5, value: 5}}
	sum := func(ps []bhPart) (s float64) {
		for _, p := range ps {
			s += p.value
		}
		return
	}
	cases := []struct {
		low, high int
		want      float64
	}{
		{1, 0, 11}, // the voluntarily unplayed round (4) goes first
		{2, 0, 10}, // then the lowest (1)
		{1, 1, 6},  // VUR 4 and the highest 5
		{2, 2, 2},  // 4, 1, then 5 and 3
		{9, 0, 0},
	}
	for _, c := range cases {
		if got := sum(cutParts(append([]bhPart(nil), parts...), c.low, c.high)); got != c.want {
			t.Errorf("cut %d/%d: %v, want %v", c.low, c.high, got, c.want)
		}
	}
}

func TestParseCode(t *testing.T) {
	good := map[string]Code{
		"BH":     {Name: "BH", Text: "BH"},
		"bh/c1":  {Name: "BH", CutLow: 1, Text: "bh/c1"},
		"SB/M2":  {Name: "SB", CutLow: 2, CutHigh: 2, Text: "SB/M2"},
		" TPR ":  {Name: "TPR", Text: "TPR"},
		"PS/C1":  {Name: "PS", CutLow: 1, Text: "PS/C1"},
		"ARO/M1": {Name: "ARO", CutLow: 1, CutHigh: 1, Text: "ARO/M1"},
	}
	for s, want := range good {
		got, err := ParseCode(s)
		if err != nil || got != want {
			t.Errorf("ParseCode(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "XX", "BH/", "BH/X1", "BH/C", "BH/Cx", "WIN/C1", "PS/M1", "BH/C100"} {
		if _, err := ParseCode(s); err == nil {
			t.Errorf("ParseCode(%q) accepted", s)
		}
	}
	if _, err := ParseCodes("BH,,SB"); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty code: %v", err)
	}
}

func TestCheckRejectsInconsistentRounds(t *testing.T) {
	bad := []Tournament{
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Opponent: 2, Kind: Win}}}, {No: 2}}},
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Opponent: 3, Kind: Win}}}, {No: 2}}},
		{Rounds: 1, Entrants: []Entrant{{No: 2}}},
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Opponent: 1, Kind: Win}}}}},
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Opponent: 2, Kind: HalfBye}}}, {No: 2, Rounds: []Round{{Opponent: 1, Kind: HalfBye}}}}},
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Opponent: 2, Kind: Win}}}, {No: 2, Rounds: []Round{{Opponent: 1, Kind: ForfeitLoss}}}}},
		{Rounds: 1, Entrants: []Entrant{{No: 1, Rounds: []Round{{Kind: Kind(42)}}}}},
	}
	for i, tour := range bad {
		if _, err := Compute(tour, nil, Options{}); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
}

func TestAverageHalfUp(t *testing.T) {
	cases := []struct {
		vals  []float64
		scale int64
		want  float64
	}{
		{[]float64{1, 0, 0, 0, 0, 0, 0, 0}, 100, 0.13}, // 0.125 rounds up
		{[]float64{71.5, 70, 72.5}, 100, 71.33},
		{[]float64{0.1, 0.2}, 100, 0.15}, // not dyadic: the exact path
		{[]float64{-0.125}, 100, -0.12},  // halves go up, towards +∞
	}
	for _, c := range cases {
		if got := averageHalfUp(c.vals, c.scale); got != c.want {
			t.Errorf("averageHalfUp(%v) = %v, want %v", c.vals, got, c.want)
		}
	}
}
