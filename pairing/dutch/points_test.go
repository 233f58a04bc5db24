package dutch

import (
	"fmt"
	"strings"
	"testing"
)

// points is a point system for the hand-made files: win, draw, loss, the
// pairing-allocated bye and the half-point bye.
type points struct{ win, draw, loss, pab, hpb float64 }

func (ps points) of(result byte) float64 {
	switch result {
	case '1':
		return ps.win
	case '=':
		return ps.draw
	case 'U':
		return ps.pab
	case 'H':
		return ps.hpb
	}
	return ps.loss
}

// pointsFile writes a tournament of the given rounds (by player, index 0
// unused) with each player's points under ps, and the header lines.
func pointsFile(rounds [][]trfGame, total int, ps points, header ...string) string {
	lines := []string{"012 Point systems, hand-worked", fmt.Sprintf("XXR %d", total), "XXC white1"}
	lines = append(lines, header...)
	for p := 1; p < len(rounds[0]); p++ {
		var games []trfGame
		score := 0.0
		for _, r := range rounds {
			games = append(games, r[p])
			score += ps.of(r[p].result)
		}
		lines = append(lines, trfPlayer(p, fmt.Sprintf("%.1f", score), games...))
	}
	return strings.Join(lines, "\n") + "\n"
}

// record162 writes a TRF-26 162 line: a code at column 6, its points at
// 7-10, the next code nine columns further.
func record162(codes ...string) string {
	var b strings.Builder
	b.WriteString("162  ")
	for i, c := range codes {
		code, val, _ := strings.Cut(c, " ")
		if i > 0 {
			b.WriteString("    ")
		}
		fmt.Fprintf(&b, "%s%4s", code, val)
	}
	return b.String()
}

// footballRounds: six players, two rounds. Round 1: 1-4 1-0, 2-5 ½-½,
// 3-6 ½-½. Round 2: 5-1 1-0, 4-6 1-0, 2-3 ½-½. Played colours: 1 wb,
// 2 ww (absolute black), 3 wb, 4 bw, 5 bw, 6 bb (absolute white).
var footballRounds = [][]trfGame{
	{{}, {4, 'w', '1'}, {5, 'w', '='}, {6, 'w', '='}, {1, 'b', '0'}, {2, 'b', '='}, {3, 'b', '='}},
	{{}, {5, 'b', '0'}, {3, 'w', '='}, {2, 'b', '='}, {6, 'w', '1'}, {1, 'w', '1'}, {4, 'b', '0'}},
}

// byeRounds: five players, one round: 1-3 1-0, 4-2 0-1, 5 the
// pairing-allocated bye.
var byeRounds = [][]trfGame{
	{{}, {3, 'w', '1'}, {4, 'b', '1'}, {1, 'b', '0'}, {2, 'w', '0'}, {0, '-', 'U'}},
}

// byeForNothingRounds: five players, one round: 1-3 ½-½,
// 4-2 ½-½, 5 the pairing-allocated bye.
var byeForNothingRounds = [][]trfGame{
	{{}, {3, 'w', '='}, {4, 'b', '='}, {1, 'b', '='}, {2, 'w', '='}, {0, '-', 'U'}},
}

// halfByeRounds: six players, one round: 1-4 1-0, 2-5 1-0, 3 a
// half-point bye (H), 6 absent (Z).
var halfByeRounds = [][]trfGame{
	{{}, {4, 'w', '1'}, {5, 'w', '1'}, {0, '-', 'H'}, {1, 'b', '0'}, {2, 'b', '0'}, {0, '-', 'Z'}},
}

// TestPointSystems pairs hand-worked rounds under the FIDE points and
// under the non-standard systems a file may give (TRF-26 162, XXS): the
// scores, so the brackets, follow the file's system, and a system that
// only scales 1-½-0 pairs the same.
func TestPointSystems(t *testing.T) {
	fide := points{1, 0.5, 0, 1, 0.5}
	football := points{3, 1, 0, 3, 1}
	tests := []struct {
		name     string
		text     string
		want     []string
		brackets []string
		hand     string
	}{
		{
			name: "1-½-0", text: pointsFile(footballRounds, 5, fide),
			want:     []string{"3-5", "4-2", "6-1"},
			brackets: []string{"Bracket of score 1.5: residents 5(1.5)", "Bracket of score 1.0: residents 1(1.0) 2(1.0) 3(1.0) 4(1.0)"},
			hand: "5: 1.5; 1, 2, 3, 4: 1.0; 6: 0.5. The MDP 5 (met 1, 2) must be paired in the 1.0 bracket (C7: a 1.0 downfloater, not 1.5), and the downfloater must meet 6 (who met 3, 4), so: " +
				"5-3 with 2-4 (1 floats to 6) or 5-4 with 1-3 (2 floats to 6). Preferences 1 W, 2 B (absolute), 3 W, 4 B, 5 B, 6 W (absolute): " +
				"the first grants one pair (5-3), the second none (5-4 both black, 1-3 both white): C12. Colours: 3-5; 2's absolute black (E.2): 4-2; 6's absolute white: 6-1.",
		},
		{
			name: "3-1-0 by 162", text: pointsFile(footballRounds, 5, football, record162("W 3.0", "D 1.0", "L 0.0")),
			want:     []string{"1-3", "4-5", "6-2"},
			brackets: []string{"Bracket of score 4.0: residents 5(4.0)", "Bracket of score 3.0: residents 1(3.0) 4(3.0)", "Bracket of score 2.0: residents 2(2.0) 3(2.0)", "Bracket of score 1.0: residents 6(1.0)"},
			hand: "a win and a loss (3) now beat two draws (2): 5: 4; 1, 4: 3; 2, 3: 2; 6: 1. 5 floats to 1, 4 (who met), meets 4 (not 1, met): both want black, 5 higher by score (E.4): 4-5. " +
				"1 floats to 2, 3 (who met); 1-2 would float 3 to 6 (met: C4), so 1-3, both want white, 1 higher: 1-3; 2 floats to 6: 6-2.",
		},
		{
			name: "3-1-0 by XXS", text: pointsFile(footballRounds, 5, football, "XXS W=3 D=1 L=0"),
			want: []string{"1-3", "4-5", "6-2"},
			hand: "the same system given as JaVaFo's XXS.",
		},
		{
			name: "2-1-0 pairs as 1-½-0", text: pointsFile(footballRounds, 5, points{2, 1, 0, 2, 1}, record162("W 2.0", "D 1.0", "L 0.0")),
			want:     []string{"3-5", "4-2", "6-1"},
			brackets: []string{"Bracket of score 3.0: residents 5(3.0)", "Bracket of score 2.0: residents 1(2.0) 2(2.0) 3(2.0) 4(2.0)"},
			hand:     "every score doubled: the same brackets, the same pairing as 1-½-0.",
		},
		{
			name: "bye worth a win", text: pointsFile(byeRounds, 5, fide),
			want:     []string{"2-3", "4-0", "5-1"},
			brackets: []string{"Bracket of score 1.0: residents 1(1.0) 2(1.0) 5(1.0)"},
			hand: "1, 2, 5: 1.0; 3, 4: 0. 5 may not have a second bye (C2): the bye goes to 3 or 4 (C5). In the 1.0 bracket one player floats; every choice pairs one, floats a 1.0 player, " +
				"and grants the preferences (1 black, 2 white, 5 none); 5 downfloated in round 1 (a bye scoring more than a loss, 1.4.3), so 1-2, which floats him again, is worse (C14); of 1-5 (floating 2) and 2-5 (floating 1), 1-5 comes first (S1 1, S2 2 5). " +
				"2 floats to 3 (2 met 4): both want white, 2 higher (E.4): 2-3; 4 gets the bye; 5 has no preference, 1 wants black: 5-1.",
		},
		{
			name: "bye worth a draw by 162 P", text: pointsFile(byeRounds, 5, points{1, 0.5, 0, 0.5, 0.5}, record162("W 1.0", "D 0.5", "L 0.0", "P 0.5")),
			want:     []string{"2-1", "3-5", "4-0"},
			brackets: []string{"Bracket of score 1.0: residents 1(1.0) 2(1.0)", "Bracket of score 0.5: residents 5(0.5)"},
			hand:     "the bye now gives 5 half a point: 1, 2: 1.0 pair each other (2 wants white, 1 black): 2-1. 5 (0.5) floats to 3, 4 and meets the higher, 3, who wants white: 3-5; 4 gets the bye.",
		},
		{
			name: "a bye worth nothing still bars a second one (C2)", text: pointsFile(byeForNothingRounds, 5, points{1, 0.5, 0, 0, 0.5}, record162("W 1.0", "D 0.5", "L 0.0", "P 0.0")),
			want:     []string{"2-1", "3-5", "4-0"},
			brackets: []string{"Bracket of score 0.5: residents 1(0.5) 2(0.5) 3(0.5) 4(0.5)"},
			hand: "1-4: 0.5, 5: 0 (his bye scored nothing, 162 P 0.0). 5 is the lowest but may not have a second bye (C2: the rule counts byes, not points), so the bye goes to a 0.5 player (C5) " +
				"and 5 meets another: the 0.5 bracket pairs once. 1-3 and 2-4 met; 1-2 and 3-4 grant both preferences (1, 4 black; 2, 3 white), 1-4 and 2-3 none (C12); S1 1 takes the first S2 player, 2: 2-1. " +
				"3 and 4 float; the moved-down 3 meets 5 (3 wants white, 5 has no colour): 3-5, and 4 gets the bye.",
		},
		{
			name: "half-point bye worth nothing by XXS", text: pointsFile(halfByeRounds, 5, points{1, 0.5, 0, 1, 0}, "XXS HPB=0"),
			want:     []string{"2-1", "4-6", "5-3"},
			brackets: []string{"Bracket of score 1.0: residents 1(1.0) 2(1.0)", "Bracket of score 0.0: residents 3(0.0) 4(0.0) 5(0.0) 6(0.0)"},
			hand: "3's half-point bye scores 0 (XXS HPB=0): 1, 2: 1.0; 3, 4, 5, 6: 0. 1-2, both want black after white, the same history, 1 higher (E.4): 2-1. " +
				"0.0: S1 3, 4 against S2 5, 6; 4 and 5 want white, 3 and 6 have no colour: 3-5 and 4-6 grant all: 5-3, 4-6.",
		},
		{
			name: "half-point bye worth a draw", text: pointsFile(halfByeRounds, 5, points{1, 0.5, 0, 1, 0.5}),
			want:     []string{"2-1", "4-3", "5-6"},
			brackets: []string{"Bracket of score 0.5: residents 3(0.5)", "Bracket of score 0.0: residents 4(0.0) 5(0.0) 6(0.0)"},
			hand:     "3's half-point bye scores 0.5: he floats alone to 4, 5, 6 and meets the highest, 4 (who wants white): 4-3; 5 (wants white) and 6 (no colour): 5-6.",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, notes := pairText(t, tc.text)
			want := sortedCopy(tc.want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("pairing %v, want %v\n(by hand: %s)\n%s\n%s", got, want, tc.hand, tc.text, strings.Join(notes, "\n"))
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
