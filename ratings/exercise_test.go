package ratings

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// readExercise reads FIDE TEC's tie-break exercise crosstable: one line per
// player, one cell per round such as +W9 (win with White against 9), =B13,
// -F11 (forfeit loss against 11), +F9, +BYE (pairing-allocated bye), =BYE
// (half-point bye), -- (absent). Ratings are a dummy 2000.
func readExercise(t *testing.T) Tournament {
	t.Helper()
	data, err := os.ReadFile("testdata/fide-tec-tiebreak-exercise-2024-03-18.csv")
	if err != nil {
		t.Fatal(err)
	}
	var tour Tournament
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		cells := strings.Split(strings.TrimSpace(line), ",")
		if cells[0] == "#" {
			tour.Rounds = len(cells) - 1
			continue
		}
		no, _ := strconv.Atoi(cells[0])
		e := Entrant{No: no, Rating: 2000}
		for _, cell := range cells[1:] {
			var rd Round
			switch {
			case cell == "--":
				rd.Kind = Absent
			case cell == "+BYE":
				rd.Kind = PairingBye
			case cell == "=BYE":
				rd.Kind = HalfBye
			case cell[1] == 'F':
				rd.Kind = map[byte]Kind{'+': ForfeitWin, '-': ForfeitLoss}[cell[0]]
				rd.Opponent, _ = strconv.Atoi(cell[2:])
			default:
				rd.Kind = map[byte]Kind{'+': Win, '=': Draw, '-': Loss}[cell[0]]
				rd.Color = map[byte]Color{'W': White, 'B': Black}[cell[1]]
				rd.Opponent, _ = strconv.Atoi(cell[2:])
			}
			e.Rounds = append(e.Rounds, rd)
		}
		tour.Entrants = append(tour.Entrants, e)
	}
	return tour
}

func TestFIDEExercise(t *testing.T) {
	tour := readExercise(t)
	data, err := os.ReadFile("testdata/fide-tec-tiebreak-exercise-expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	header := strings.Split(strings.TrimSpace(lines[0]), "\t")
	results := map[Rules]*Standings{}
	for _, rules := range []Rules{Rules2024, Rules2026} {
		var codes []Code
		for _, h := range header[2:] {
			name := strings.TrimSuffix(strings.TrimSuffix(h, "/V2024"), "/V2026")
			c, err := ParseCode(name)
			if err != nil {
				t.Fatal(err)
			}
			codes = append(codes, c)
		}
		st, err := Compute(tour, codes, Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		results[rules] = st
	}
	checked := 0
	for _, line := range lines[1:] {
		cells := strings.Split(strings.TrimSpace(line), "\t")
		no, _ := strconv.Atoi(cells[0])
		for k, h := range header[2:] {
			rules := Rules2024
			if strings.HasSuffix(h, "/V2026") {
				rules = Rules2026
			}
			st := results[rules]
			got := st.Codes[k].Format(st.Rows[no-1].Values[k])
			if got != cells[k+2] {
				t.Errorf("player %d %s: got %s, want %s", no, h, got, cells[k+2])
			}
			checked++
		}
	}
	if checked != 16*14 {
		t.Errorf("checked %d values", checked)
	}
	// The expected rank follows points, BH, BH/C1, BH/M1, SB under 2024.
	codes, _ := ParseCodes("BH,BH/C1,BH/M1,SB")
	st, err := Compute(tour, codes, Options{Rules: Rules2024})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines[1:] {
		cells := strings.Split(strings.TrimSpace(line), "\t")
		no, _ := strconv.Atoi(cells[0])
		if want, _ := strconv.Atoi(cells[1]); st.Rows[no-1].Rank != want {
			t.Errorf("player %d: rank %d, want %d", no, st.Rows[no-1].Rank, want)
		}
	}
}

// The crosstable writes back the exercise's own cells, in rank order.
func TestCrosstableRoundTrip(t *testing.T) {
	tour := readExercise(t)
	codes, _ := ParseCodes("BH,BH/C1,BH/M1,SB")
	st, err := Compute(tour, codes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile("testdata/fide-tec-tiebreak-exercise-2024-03-18.csv")
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		cells := strings.Split(strings.TrimSpace(line), ",")
		want[cells[0]] = strings.Join(cells[1:], ",")
	}
	rows := Crosstable(tour, st)
	for i, r := range rows {
		if got := strings.Join(r.Cells, ","); got != want[strconv.Itoa(r.No)] {
			t.Errorf("player %d: %s, want %s", r.No, got, want[strconv.Itoa(r.No)])
		}
		if i > 0 && rows[i-1].Rank > r.Rank {
			t.Errorf("row %d out of order", i)
		}
	}
}
