package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// wideFieldSize is the field of the wide-record tests: past TRF's 9,999,
// under hakem pair's 14,000.
const wideFieldSize = 10500

// wideRecordsFile is a TRF-26 field of wideFieldSize players, written by
// the trf package under XXW 5, whose records name players above 9,999:
// 240 (10001 and 10250 with a half-point bye in round 1, 10499 absent),
// XXP (10001 and 10499, both absent in round 1), 260 (10002 and 10003
// may not meet in rounds 2-3), 250 (players 10200-10500 accelerated by a
// point in round 2), 299 (a point to 10300 in round 1) and, added to the
// text, XXA (half a point to 10100 in round 2). rounds are the players'
// entries (nil: none played).
func wideRecordsFile(rounds map[int]trf.RoundResult, points map[int]float64) *trf.File {
	f := &trf.File{Version: 26, Name: "Wide Open", PointSystem: trf.DefaultPointSystem(), InitialColor: trf.White, TotalRounds: 9,
		Absent:         []trf.Absence{{Kind: trf.HalfPointBye, Round: 1, Players: []int{10001, 10250}}, {Kind: trf.ZeroPointBye, Round: 1, Players: []int{10499}}},
		Forbidden:      []trf.ForbiddenGroup{{Players: []int{10001, 10499}}, {FirstRound: 2, LastRound: 3, Players: []int{10002, 10003}}},
		Accelerations:  []trf.Acceleration{{Points: 1, FirstRound: 2, LastRound: 2, FirstPlayer: 10200, LastPlayer: wideFieldSize}},
		AbnormalPoints: []trf.Abnormal{{Kind: ' ', Points: 1, Round: 1, Players: []int{10300}}},
	}
	for i := 1; i <= wideFieldSize; i++ {
		p := trf.Player{StartNo: i, Name: fmt.Sprint("Player, ", i), Rating: 2800 - i/5, Points: points[i]}
		if e, ok := rounds[i]; ok {
			p.Rounds = []trf.RoundResult{e}
		}
		f.Players = append(f.Players, p)
	}
	return f
}

// writeWide writes f, with the XXA line added, to a file and returns its
// path and text.
func writeWide(t *testing.T, f *trf.File, name string) (string, string) {
	t.Helper()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	// XXA under XXW 5: the player in columns 5-9, round 1 (blank) in
	// 11-14, round 2 in 16-19.
	text := strings.Replace(b.String(), "\n001 ", "\n"+fmt.Sprintf("XXA %5d %4s %4s", 10100, "", "0.5")+"\n001 ", 1)
	for _, line := range []string{"XXW 5", "240 H 001 10001 10250", "240 Z 001 10499", "XXP 10001 10499", "260 002 003 10002 10003",
		"250       1.0 002 002 10200 10500", "299           1.0  001 10300", "XXA 10100       0.5"} {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Fatalf("the file lacks %q:\n%s", line, text[:min(len(text), 2000)])
		}
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, text
}

// hakemExit runs the hakem binary and returns its output and exit status.
func hakemExit(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(hakemBinary(t), args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if s := out.String() + errOut.String(); strings.Contains(s, "panic") || strings.Contains(s, "goroutine ") {
		t.Fatalf("hakem %v panicked:\n%s", args, s)
	}
	return out.String(), errOut.String(), code
}

// TestPairWideRecords runs the hakem binary on a field of 10,500 players
// whose 240, 250, 260, 299, XXA and XXP records name players above 9,999
// (XXW 5, each start number field five columns): hakem pair -p pairs round
// 1 without the three absent players; round 1, played from that pairing
// (with the 299 point in 10300's points field), is re-paired the same by
// hakem pair -c and found consistent by hakem check; a record naming a
// player beyond the field, and a wide field wider than XXW, are refused
// with the line and column, exit 3 (pair) and 4 (check). With -long, round
// 2 is paired too, with the 250, XXA and 260 records in force.
func TestPairWideRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hakem and pairs 10,500 players")
	}
	in, text := writeWide(t, wideRecordsFile(nil, nil), "round1.trf")
	out, errOut, code := hakemExit(t, "pair", "--dutch", in, "-p")
	if code != 0 {
		t.Fatalf("pair -p: exit %d\n%s", code, errOut)
	}
	// 10,497 players present: 5,248 boards and the bye.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5250 || lines[0] != "5249" {
		t.Fatalf("pair -p: %d lines, first %q", len(lines), lines[0])
	}
	rounds := map[int]trf.RoundResult{
		10001: {Color: trf.NoColor, Result: trf.HalfPointBye}, 10250: {Color: trf.NoColor, Result: trf.HalfPointBye},
		10499: {Color: trf.NoColor, Result: trf.ZeroPointBye},
	}
	points := map[int]float64{10001: 0.5, 10250: 0.5, 10300: 1} // 10300: the 299 point
	for k, l := range lines[1:] {
		w, b, _ := strings.Cut(l, " ")
		white, _ := strconv.Atoi(w)
		black, _ := strconv.Atoi(b)
		if _, seen := rounds[white]; seen || white == 0 {
			t.Fatalf("board %d: %q pairs a player absent or paired twice", k+1, l)
		}
		if black == 0 {
			rounds[white] = trf.RoundResult{Color: trf.NoColor, Result: trf.PairingBye}
			points[white]++
			continue
		}
		if _, seen := rounds[black]; seen {
			t.Fatalf("board %d: %q pairs a player absent or paired twice", k+1, l)
		}
		switch k % 3 { // a white win, a draw, a black win
		case 0:
			rounds[white], rounds[black] = trf.RoundResult{Opponent: black, Color: trf.White, Result: trf.Win}, trf.RoundResult{Opponent: white, Color: trf.Black, Result: trf.Loss}
			points[white]++
		case 1:
			rounds[white], rounds[black] = trf.RoundResult{Opponent: black, Color: trf.White, Result: trf.Draw}, trf.RoundResult{Opponent: white, Color: trf.Black, Result: trf.Draw}
			points[white] += 0.5
			points[black] += 0.5
		default:
			rounds[white], rounds[black] = trf.RoundResult{Opponent: black, Color: trf.White, Result: trf.Loss}, trf.RoundResult{Opponent: white, Color: trf.Black, Result: trf.Win}
			points[black]++
		}
	}
	if len(rounds) != wideFieldSize {
		t.Fatalf("round 1 gives %d players an entry, want %d", len(rounds), wideFieldSize)
	}
	played, _ := writeWide(t, wideRecordsFile(rounds, points), "played.trf")

	out, errOut, code = hakemExit(t, "pair", "--dutch", played, "-c")
	if code != 0 || !strings.Contains(out, "0 of 1 rounds differ") {
		t.Fatalf("pair -c: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = hakemExit(t, "check", played)
	if code != 0 || !strings.Contains(out, ": consistent (1 rounds re-paired, 0 differ; 10500 players, points differ for 0") {
		t.Fatalf("check: exit %d\n%s%s", code, out, errOut)
	}

	// Bad input: the line and the column, and no pairing.
	lineOf := func(text, prefix string) int {
		for i, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	for _, tt := range []struct {
		name, from, to, want string
	}{
		{"a player beyond the field", "240 Z 001 10499", "240 Z 001 10501",
			"line %d, column 11: player 10501 is beyond the field: the highest start number of the 001 lines is 10500"},
		{"a field wider than XXW", "260 002 003 10002 10003", "260 002 003 10002 100003",
			"line %d, column 24: column 24 must be blank: the start number at column 19 is wider than XXW's 5 digits"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.trf")
		if err := os.WriteFile(bad, []byte(strings.Replace(text, tt.from, tt.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(tt.want, lineOf(text, tt.from))
		if out, errOut, code := hakemExit(t, "pair", "--dutch", bad, "-p"); code != 3 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%s: pair -p exit %d, stdout %q, stderr %q, want 3 and %q", tt.name, code, out, errOut, want)
		}
		if _, errOut, code := hakemExit(t, "check", bad); code != 4 || !strings.Contains(errOut, want) {
			t.Errorf("%s: check exit %d, stderr %q, want 4 and %q", tt.name, code, errOut, want)
		}
	}

	if !*long {
		return
	}
	// Round 2, with the 250, XXA and 260 records in force: 10002 and
	// 10003 do not meet, and every present player is paired once.
	out, errOut, code = hakemExit(t, "pair", "--dutch", played, "-p")
	if code != 0 {
		t.Fatalf("round 2: exit %d\n%s", code, errOut)
	}
	seen := map[int]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		var w, b int
		fmt.Sscan(l, &w, &b)
		if (w == 10002 && b == 10003) || (w == 10003 && b == 10002) || seen[w] || (b != 0 && seen[b]) {
			t.Fatalf("round 2 board %q: a forbidden pair or a player paired twice", l)
		}
		seen[w], seen[b] = true, b != 0
	}
	if delete(seen, 0); len(seen) != wideFieldSize {
		t.Fatalf("round 2 pairs %d players, want %d", len(seen), wideFieldSize)
	}
}
