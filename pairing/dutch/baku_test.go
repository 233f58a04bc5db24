package dutch

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// trfGame is one round of a player in a hand-made tournament file:
// opponent (0 for none), colour ('w', 'b' or '-') and result code.
type trfGame struct {
	opp    int
	colour byte
	result byte
}

// trfPlayer writes a TRF 001 line, column-exact: start number at 5-8,
// name from 15, points at 81-84, rank at 86-89, rounds from 92, ten
// columns each.
func trfPlayer(no int, points string, games ...trfGame) string {
	var b strings.Builder
	fmt.Fprintf(&b, "001 %4d      %-33s %4d%28s%4s %4d", no, fmt.Sprintf("Player%04d", no), 2600-10*no, "", points, no)
	for _, g := range games {
		opp := "0000"
		if g.opp > 0 {
			opp = fmt.Sprintf("%4d", g.opp)
		}
		fmt.Fprintf(&b, "  %s %c %c", opp, g.colour, g.result)
	}
	return b.String()
}

// pairText reads a tournament file, pairs its next round and returns the
// boards as sorted "white-black" strings (the bye as "N-0") and the notes.
func pairText(t *testing.T, text string) ([]string, []string) {
	t.Helper()
	f, err := trf.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("reading:\n%s\n%v", text, err)
	}
	tm, err := pairing.FromTRF(f)
	if err != nil {
		t.Fatalf("tournament:\n%s\n%v", text, err)
	}
	r, err := Pair(tm, Options{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var boards []string
	for _, bd := range r.Boards {
		boards = append(boards, fmt.Sprintf("%d-%d", bd.White, bd.Black))
	}
	sort.Strings(boards)
	return boards, r.Notes
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

// bakuRounds is the history of an 8-player, 5-round tournament paired
// with Baku acceleration (the pairings the tests below derive round by
// round), with the results each round had.
var bakuRounds = [][9]trfGame{
	// Round 1: 1-3 1-0, 4-2 0-1, 5-7 1-0, 8-6 0-1.
	{{}, {3, 'w', '1'}, {4, 'b', '1'}, {1, 'b', '0'}, {2, 'w', '0'}, {7, 'w', '1'}, {8, 'b', '1'}, {5, 'b', '0'}, {6, 'w', '0'}},
	// Round 2: 2-1 ½-½, 3-5 1-0, 6-4 1-0, 7-8 0-1.
	{{}, {2, 'b', '='}, {1, 'w', '='}, {5, 'w', '1'}, {6, 'b', '0'}, {3, 'b', '0'}, {4, 'w', '1'}, {8, 'w', '0'}, {7, 'b', '1'}},
	// Round 3: 1-6 1-0, 3-2 ½-½, 5-8 0-1, 4-7 1-0.
	{{}, {6, 'w', '1'}, {3, 'b', '='}, {2, 'w', '='}, {7, 'w', '1'}, {8, 'w', '0'}, {1, 'b', '0'}, {4, 'b', '0'}, {5, 'b', '1'}},
}

// bakuFile writes the tournament after `played` rounds; extra holds the
// acceleration records (or other header lines).
func bakuFile(played int, extra ...string) string {
	var lines []string
	lines = append(lines, "012 Baku acceleration, hand-worked")
	if len(extra) == 0 || !strings.HasPrefix(extra[0], "142 ") {
		lines = append(lines, "XXR 5", "XXC white1")
	}
	lines = append(lines, extra...)
	for p := 1; p <= 8; p++ {
		var games []trfGame
		score := 0.0
		for r := 0; r < played; r++ {
			g := bakuRounds[r][p]
			games = append(games, g)
			switch g.result {
			case '1':
				score++
			case '=':
				score += 0.5
			}
		}
		lines = append(lines, trfPlayer(p, fmt.Sprintf("%.1f", score), games...))
	}
	return strings.Join(lines, "\n") + "\n"
}

// The Baku records of C.04.5.1 for this tournament, as TRF-26 250 lines:
// 8 players, so GA is the first half rounded up to an even number, 4
// (2 × ⌈8/4⌉); 5 rounds, so the accelerated rounds are the first half
// rounded up, 3; GA gets 1 virtual point before the first half (rounded
// up) of them, rounds 1 and 2, and ½ before round 3; GB and every later
// round get none.
var baku250 = []string{
	fmt.Sprintf("250 %4s %4s %3d %3d %4d %4d", "", "1.0", 1, 2, 1, 4),
	fmt.Sprintf("250 %4s %4s %3d %3d %4d %4d", "", "0.5", 3, 3, 1, 4),
}

// The same as XXA lines: one field per round from column 10.
var bakuXXA = []string{
	fmt.Sprintf("XXA %4d %4s %4s %4s", 1, "1.0", "1.0", "0.5"),
	fmt.Sprintf("XXA %4d %4s %4s %4s", 2, "1.0", "1.0", "0.5"),
	fmt.Sprintf("XXA %4d %4s %4s %4s", 3, "1.0", "1.0", "0.5"),
	fmt.Sprintf("XXA %4d %4s %4s %4s", 4, "1.0", "1.0", "0.5"),
}

// TestBakuAcceleration pairs each round of a hand-worked 8-player, 5-round
// tournament with the Baku acceleration (C.04.5.1) and without it. The
// pairing score is the real score plus the virtual points, so the
// brackets, the floats and the colours' "higher-ranked player" (E.4) go by
// it; after the accelerated rounds the real score alone counts.
func TestBakuAcceleration(t *testing.T) {
	tests := []struct {
		name     string
		played   int
		records  []string
		want     []string
		brackets []string // headings that must appear in the explanation
		hand     string
	}{
		{
			name: "round 1 accelerated (250)", played: 0, records: baku250,
			want:     []string{"1-3", "4-2", "5-7", "8-6"},
			brackets: []string{"Bracket of score 1.0: residents 1(1.0) 2(1.0) 3(1.0) 4(1.0)", "Bracket of score 0.0: residents 5(0.0) 6(0.0) 7(0.0) 8(0.0)"},
			hand: "GA 1-4 score 1, GB 5-8 score 0: two brackets of four, S1 against S2 in each: 1-3, 2-4, 5-7, 6-8. " +
				"Colours (E.5, initial colour white): the higher player takes white on an odd number, black on an even one: 1-3, 4-2, 5-7, 8-6.",
		},
		{
			name: "round 1 unaccelerated", played: 0,
			want: []string{"1-5", "6-2", "3-7", "8-4"},
			hand: "one bracket of eight: S1 1-4 against S2 5-8, colours by E.5 as above.",
		},
		{
			name: "round 2 accelerated (250)", played: 1, records: baku250,
			want:     []string{"2-1", "3-5", "6-4", "7-8"},
			brackets: []string{"Bracket of score 2.0: residents 1(2.0) 2(2.0)", "Bracket of score 1.0: residents 3(1.0) 4(1.0) 5(1.0) 6(1.0)", "Bracket of score 0.0: residents 7(0.0) 8(0.0)"},
			hand: "real scores 1, 2, 5, 6: 1; 3, 4, 7, 8: 0; with GA's virtual point 1, 2: 2; 3, 4, 5, 6: 1; 7, 8: 0. " +
				"2.0: 1-2 (1 had white, 2 black: E.1 gives 2 white). 1.0: S1 3, 4 against S2 5, 6; 3 and 6 want white, 4 and 5 black (each played one game): 3-5 and 6-4 grant all. 0.0: 7 wants white, 8 black: 7-8.",
		},
		{
			name: "round 2 accelerated (XXA)", played: 1, records: bakuXXA,
			want: []string{"2-1", "3-5", "6-4", "7-8"},
			hand: "the same virtual points given by XXA lines: the same pairing.",
		},
		{
			name: "round 2 unaccelerated", played: 1,
			want: []string{"6-1", "2-5", "3-8", "7-4"},
			hand: "1.0: S1 1, 2 against S2 5, 6; 1-5 (both want black) and 2-6 (both white) fail C12, the transposition 1-6, 2-5 grants all: 6-1, 2-5. " +
				"0.0: S1 3, 4 against 7, 8; 3-7 and 4-8 fail C12, 3-8 and 7-4 grant all.",
		},
		{
			name: "round 3 with half a virtual point (250)", played: 2, records: baku250,
			want:     []string{"1-6", "3-2", "4-7", "5-8"},
			brackets: []string{"Bracket of score 2.0: residents 1(2.0) 2(2.0) 6(2.0)", "Bracket of score 1.5: residents 3(1.5)", "Bracket of score 0.5: residents 4(0.5)"},
			hand: "real 1: 1.5, 2: 1.5, 3: 1, 4: 0, 5: 1, 6: 2, 7: 0, 8: 1; GA's ½ makes 1, 2: 2.0, 3: 1.5, 4: 0.5. " +
				"2.0 (1, 2, 6): 1-2 met; 1-6 grants both (1 wants white, 6 black), 2 floats and meets 3 (1 could not: 1-3 met), both want black and 2, the higher by score, gets it (E.4): 3-2. " +
				"1.0: 5-8, both want white, 5 higher by number: 5-8. 4 (0.5) floats to 7 (0.0): 4 wants white, 7 black: 4-7.",
		},
		{
			name: "round 4 after the accelerated rounds (250)", played: 3, records: baku250,
			want:     []string{"2-6", "5-4", "7-3", "8-1"},
			brackets: []string{"Bracket of score 2.5: residents 1(2.5)", "Bracket of score 2.0: residents 2(2.0) 6(2.0) 8(2.0)", "Bracket of score 1.5: residents 3(1.5)", "Bracket of score 1.0: residents 4(1.0) 5(1.0)"},
			hand: "no virtual points any more: real scores 1: 2.5; 2, 6, 8: 2.0; 3: 1.5; 4, 5: 1.0; 7: 0. 1 has met 3, 2 and 6, so the MDP 1 meets 8 (8 had black twice: absolute white, E.1) and 2-6 (both strong white, the same history: 2 higher by number, E.4). " +
				"3 (1.5) floats; of 3, 4, 5, 7 only 3-7 and 4-5 complete the round (3-5 and 5-7 met): 7-3 (3 absolute black) and 5-4 (both strong black, 4 higher by number).",
		},
		{
			name: "round 4 with the acceleration records of XXA", played: 3, records: bakuXXA,
			want: []string{"2-6", "5-4", "7-3", "8-1"},
			hand: "XXA gives no virtual points for round 4 either.",
		},
		{
			name: "round 2 accelerated in a TRF-26 file (142, 152, 250)", played: 1, records: append([]string{"142 5", "152 W"}, baku250...),
			want:     []string{"2-1", "3-5", "6-4", "7-8"},
			brackets: []string{"Bracket of score 2.0: residents 1(2.0) 2(2.0)"},
			hand:     "the number of rounds and the initial colour from TRF-26's own records: the same pairing.",
		},
		{
			name: "Baku by the 192 record", played: 1, records: []string{"192 FIDE_DUTCH_BAKU"},
			want: []string{"2-1", "3-5", "6-4", "7-8"},
			hand: "the engine's own Baku virtual points (bbpPairings' reading: the top ⌈n/2⌉ players, 4 here as in the rules) give round 2 as the 250 records do.",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := bakuFile(tc.played, tc.records...)
			got, notes := pairText(t, text)
			want := sortedCopy(tc.want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("pairing %v, want %v\n(by hand: %s)\n%s\n%s", got, want, tc.hand, text, strings.Join(notes, "\n"))
			}
			all := strings.Join(notes, "\n")
			for _, b := range tc.brackets {
				if !strings.Contains(all, b+";") {
					t.Errorf("no %q in the explanation:\n%s", b, all)
				}
			}
		})
	}
}
