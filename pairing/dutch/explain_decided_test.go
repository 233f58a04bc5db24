package dutch

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// explainCase pairs a case of testdata/cases with the explanation.
func explainCase(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile("../testdata/cases/" + name + ".trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tm, err := pairing.FromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Pair(tm, Options{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	return r.Notes
}

// bracketNotes returns the notes of the bracket of the given score (from
// its heading to the next heading).
func bracketNotes(notes []string, score string) []string {
	var out []string
	in := false
	for _, n := range notes {
		if strings.HasPrefix(n, "Bracket of score ") || strings.HasPrefix(n, "Colours ") {
			in = strings.HasPrefix(n, "Bracket of score "+score+":")
		}
		if in {
			out = append(out, n)
		}
	}
	return out
}

// noteAfter returns the first note of the bracket that begins with line,
// or the first "not N" note under the note that begins with line when not
// is given.
func noteAfter(notes []string, line, not string) string {
	for i, n := range notes {
		if !strings.HasPrefix(n, line) {
			continue
		}
		if not == "" {
			return n
		}
		for _, m := range notes[i+1:] {
			if !strings.HasPrefix(m, "    ") {
				break
			}
			if strings.HasPrefix(m, "    not "+not+":") {
				return m
			}
		}
	}
	return ""
}

// TestDecidingCriterion checks the criterion the explanation names for
// choices checked by hand on the endorsed engine's cases. Every row says
// how it was checked; "played" lists come from the TRF rows, colour
// preferences from the played games (forfeits and byes give no colour).
func TestDecidingCriterion(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		bracket string // score of the bracket
		line    string // the note's beginning
		not     string // for a choice: the candidate not taken
		want    string
		hand    string // how the decision was checked by hand
	}{
		{
			name: "alone in the top bracket", file: "s1000_p29_r9of11", bracket: "8.0",
			line: "  1 floats down:", want: "he is the only player of the bracket",
			hand: "1 is the only player with 8.0.",
		},
		{
			name: "C1 floats a moved-down player", file: "s1000_p29_r9of11", bracket: "7.0",
			line: "  1 floats down:", want: "decided by the absolute criteria, no opponent in the bracket (C1: 1 and 3 have already played each other)",
			hand: "the bracket is 1 (MDP) and 3; they met in round 5 (1's row: 3 w 1).",
		},
		{
			name: "C12 floats a resident", file: "s1000_p29_r9of11", bracket: "5.5",
			line: "  10 floats down:", want: "decided by C12:",
			hand: "MDPs 1 (8.0) and 3 (7.0), residents 8 and 10 (5.5); 1 has played 3, 8 and 10, so one pair at most (C6 equal). " +
				"10–8 would float 3 (7.0) instead of a 5.5 player: worse on C7. 3–8 and 3–10 both float 1 and a 5.5 player (C7 equal). " +
				"Played colours: 3 wbbwbwb (prefers white), 8 bwbwbw (prefers black), 10 bwbwwb (prefers white): 3–8 grants both, 3–10 cannot (both want white): C12.",
		},
		{
			name: "C2 gives the bye", file: "s1000_p29_r9of11", bracket: "2.0",
			line: "  11 is left without an opponent (the pairing-allocated bye):", want: "decided by C2:",
			hand: "every other player on 3.5 or less had a pairing-allocated bye (U: 15, 22, 23, 24, 26, 27, 28, 29) or a forfeit win (+: 2, 25); " +
				"11 has neither, so any pairing that pairs 11 leaves an ineligible player for the bye (C2).",
		},
		{
			name: "C7 floats the lower score", file: "s1031_p12_r4of6", bracket: "2.0",
			line: "  8 floats down:", want: "decided by C7:",
			hand: "MDP 2 (2.5), residents 1 and 8 (2.0); 2 played 8 in round 1. One pair either way (C6); 2–1 floats 8 (2.0), 1–8 floats 2 (2.5): the lower downfloater score wins (C7).",
		},
		{
			name: "C12 picks the moved-down player's opponent", file: "s1031_p12_r4of6", bracket: "2.5",
			line: "  moved-down player paired with", not: "2", want: "decided by C12:",
			hand: "MDP 4 (3.0), residents 2 and 6 (2.5), 2 and 6 met in round 3: one pair, a 2.5 downfloater either way. " +
				"Played colours: 4 bwb and 2 bwb (both prefer white), 6 bww (prefers black): 4–6 grants both, 4–2 cannot (C12).",
		},
		{
			name: "C4 floats a moved-down player on", file: "s1032_p22_r7of8", bracket: "2.0",
			line: "  17 floats down:", want: "decided by C4: completion of the round",
			hand: "left to pair after the 2.0 bracket: 22 (1.5) and 20 (1.0); 22 has played 14, 10, 20, 18 and 19 (his forfeit against 11 is no game, but 11 is paired above), " +
				"so 17 is his only possible opponent: keeping 17 in the 2.0 bracket leaves 22 unpaired (C4).",
		},
		{
			name: "C9 gives the bye to the player with fewer unplayed games", file: "s1043_p21_r8of10", bracket: "3.0",
			line: "  14 floats down:", want: "decided by C9:",
			hand: "the 2.5 players 16 (+ in round 1), 17, 20, 21 (U) and the 3.0 players 18, 19 (U) may not get the bye; of 11 and 14 (3.0), " +
				"11 has an unplayed round (Z in round 1) and 14 none, so 14 floats to the last bracket and takes the bye (C9).",
		},
		{
			name: "C14 floats the player who did not float last round", file: "s1006_p21_r7of12", bracket: "3.0",
			line: "  10 floats down:", want: "decided by C14:",
			hand: "the alternative pairs 10–9 and floats 11 (both 3.0: C6, C7 equal). Colours: 9 bwbwbw prefers black, 10 and 11 wbwbwb prefer white, " +
				"so 9–10 and 9–11 both grant both (C12, C13 equal). Round 6: 11 (3.0) lost to 4 (2.5), a downfloat; 10 (3.0) met 3 (3.0), no float: floating 11 again is worse on C14.",
		},
		{
			name: "C14 picks an S1 player's opponent", file: "s1006_p21_r7of12", bracket: "3.0",
			line: "  S1 player paired with the first S2 player that keeps the round optimal: 9 – 11", not: "10", want: "decided by C14:",
			hand: "the same choice seen from 9: 9–10 would leave 11 to float (see the row above).",
		},
		{
			name: "C3 keeps two absolute preferences apart", file: "s1024_p23_r4of13", bracket: "2.0",
			line: "  S1 player paired with the first S2 player that keeps the round optimal: 5 – 9", not: "7",
			want: "C3: 5 and 7 both have an absolute colour preference for black and are not topscorers",
			hand: "5 played bww and 7 bww: both had white twice in a row, so both must have black; round 4 of 13 is not the last, so nobody is a topscorer.",
		},
	}
	notes := map[string][]string{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if notes[tc.file] == nil {
				notes[tc.file] = explainCase(t, tc.file)
			}
			b := bracketNotes(notes[tc.file], tc.bracket)
			if len(b) == 0 {
				t.Fatalf("no bracket of score %s in:\n%s", tc.bracket, strings.Join(notes[tc.file], "\n"))
			}
			got := noteAfter(b, tc.line, tc.not)
			if !strings.Contains(got, tc.want) {
				t.Errorf("%s, bracket %s, %q (not %q): got %q, want it to contain %q\n(by hand: %s)\n%s",
					tc.file, tc.bracket, tc.line, tc.not, got, tc.want, tc.hand, strings.Join(b, "\n"))
			}
		})
	}
}

// TestEveryChoiceExplained explains the rounds of the endorsed engine's
// cases (all 538; the first 40 with -short) and requires every
// floater and every choice to be put down to a criterion or to the order
// of article 4: never to an alternative the weights rank higher.
func TestEveryChoiceExplained(t *testing.T) {
	files, err := filepath.Glob("../testdata/cases/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	sort.Strings(files)
	if testing.Short() && len(files) > 40 {
		files = files[:40]
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".trf")
		notes := explainCase(t, name)
		floats := 0
		for _, n := range notes {
			if strings.Contains(n, "could not be explained") {
				t.Errorf("%s: %s", name, n)
			}
			if strings.Contains(n, "floating down to the next bracket:") {
				floats += len(strings.Fields(strings.TrimPrefix(strings.TrimSpace(n), "floating down to the next bracket:")))
			}
		}
		explained := 0
		for _, n := range notes {
			if strings.Contains(n, " floats down: ") || strings.Contains(n, " is left without an opponent (the pairing-allocated bye): ") {
				explained++
			}
		}
		if explained != floats {
			t.Errorf("%s: %d downfloaters, %d of them explained", name, floats, explained)
		}
	}
}
