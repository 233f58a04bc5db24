package trf

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestIDWidth reads and writes XXW, the extension of bbpPairings' fork for
// more than 9,999 players: with "XXW 5" the start numbers and opponents of
// 001 lines are five digits wide, every column after them one further
// right, and a bye's opponent is five zeros.
func TestIDWidth(t *testing.T) {
	text := strings.Join([]string{
		"XXR 3",
		"XXW 5",
		"001 12345 wWGM Ruiz, Ana                         2410 ESP     2200000 1999/12/31  1.5    1  10000 w 1  00000 - H",
		"001 10000      Otxoa, Jon                                                         0.0    2  12345 b 0  00000 - Z",
	}, "\n") + "\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	a, b := f.ByStartNo(12345), f.ByStartNo(10000)
	switch {
	case f.IDWidth != 5:
		t.Errorf("IDWidth %d, want 5", f.IDWidth)
	case a == nil || b == nil:
		t.Fatalf("players %v", f.Players)
	case a.Name != "Ruiz, Ana" || a.Rating != 2410 || a.Federation != "ESP" || a.Points != 1.5 || a.Rank != 1 || a.Sex != 'w' || a.Title != "WGM":
		t.Errorf("player 12345 read as %+v", *a)
	case len(a.Rounds) != 2 || a.Rounds[0] != (RoundResult{10000, White, Win}) || a.Rounds[1] != (RoundResult{0, NoColor, HalfPointBye}):
		t.Errorf("player 12345's rounds %v", a.Rounds)
	case len(b.Rounds) != 2 || b.Rounds[0] != (RoundResult{12345, Black, Loss}) || b.Rounds[1].Result != ZeroPointBye:
		t.Errorf("player 10000's rounds %v", b.Rounds)
	}
	if got := write(t, f); got != text {
		t.Errorf("written back:\n%s\nwant\n%s", got, text)
	}

	// A file whose start numbers outgrow four digits is written with XXW
	// as wide as they need, and reads back the same.
	g := &File{Version: 16, PointSystem: DefaultPointSystem(), InitialColor: NoColor, TotalRounds: 1, Players: []Player{
		{StartNo: 1, Name: "A", Rounds: []RoundResult{{123456, White, Draw}}},
		{StartNo: 123456, Name: "B", Rounds: []RoundResult{{1, Black, Draw}}},
	}}
	out := write(t, g)
	if !strings.Contains(out, "XXW 6\n") || !strings.Contains(out, "001      1      A") || !strings.Contains(out, "123456 w =") {
		t.Errorf("written:\n%s", out)
	}
	h, err := Read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if !h.Equal(g) {
		t.Errorf("read back %+v, want %+v", h.Players, g.Players)
	}

	// Without XXW, nothing changes: four digits, no XXW line.
	if out := write(t, sample(16)); strings.Contains(out, "XXW") {
		t.Errorf("a file of four-digit start numbers written with XXW:\n%s", out)
	}
}

// TestIDWidthErrors: XXW must be a width from 4 to 9, and the player lines
// must follow it.
func TestIDWidthErrors(t *testing.T) {
	// a line of start number 10000 with a bye in round 1, as written
	wide := write(t, &File{Players: []Player{{StartNo: 10000, Name: "A", Rank: 1, Rounds: []RoundResult{{0, NoColor, HalfPointBye}}}}})
	if _, err := Read(strings.NewReader(wide)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text, want string
	}{
		{"not a number", "XXW seven\n", "line 1, column 5: XXW \"seven\" is not a width"},
		{"too wide", "XXW 12\n", "XXW \"12\" is not a width of start numbers from 4 to 9 digits"},
		{"four-digit line under XXW 5", "XXW 5\n001    1      A                                                                  0.0    1\n",
			"line 2, column 15: column 15 must be blank (fields out of place?)"},
		{"opponent missing", strings.Replace(wide, "  00000 - H", "  10001 w 1", 1), "line 2, column 93: round 1: opponent 10001 does not exist"},
		{"round block of four digits", strings.Replace(wide, "  00000 - H", "  0000 - H", 1), "round 1: column 98 must be blank (round block is \"OOOOO C R\" from column 93)"},
	}
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// wideRecords is a TRF-26 file under XXW 5 whose records name players
// above 9,999 in five-column fields: 240 from column 11, 250's first
// player at 23-27 and last at 29-33, 260 from column 13, 299 from column
// 24, each field followed by one blank, and XXP as blank-separated
// numbers.
var wideRecords = []string{
	"XXW 5",
	"142 3",
	"299 +         1.0  001 10002",
	"250       1.0 002 003     1 10003",
	"260 001 003 10001 10002",
	"XXP 1 10003",
	"240 H 002     2 10003",
	"001     1      A                                                                  0.0    1",
	"001     2      B                                                                  0.0    2",
	"001 10001      C                                                                  0.0    3",
	"001 10002      D                                                                  0.0    4",
	"001 10003      E                                                                  0.0    5",
}

// TestIDWidthRecords reads the records that name players under XXW, as
// wide as the 001 lines' start numbers (the fork's widening of 001 lines
// applied to them), writes them back column for column, and writes XXA
// (TRF-16) with its player five columns wide and its rounds from column
// 11.
func TestIDWidthRecords(t *testing.T) {
	text := strings.Join(wideRecords, "\n") + "\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if f.IDWidth != 5 || f.Version != 26 {
		t.Fatalf("IDWidth %d, version %d", f.IDWidth, f.Version)
	}
	if got := f.AbsentIn(2); got[2] != HalfPointBye || got[10003] != HalfPointBye || len(got) != 2 {
		t.Errorf("absent in round 2: %v", got)
	}
	if f.Acceleration(10003, 2) != 1 || f.Acceleration(10003, 1) != 0 || f.Acceleration(1, 2) != 1 {
		t.Errorf("accelerations %+v", f.Accelerations)
	}
	if !f.IsForbidden(2, 10001, 10002) || f.IsForbidden(4, 10001, 10002) || !f.IsForbidden(9, 10003, 1) {
		t.Errorf("forbidden %+v", f.Forbidden)
	}
	if len(f.AbnormalPoints) != 1 || f.AbnormalPoints[0].Round != 1 || !slices.Equal(f.AbnormalPoints[0].Players, []int{10002}) {
		t.Errorf("299 %+v", f.AbnormalPoints)
	}
	// Written back as read, line for line (in the writer's order).
	got := strings.Split(strings.TrimSuffix(write(t, f), "\n"), "\n")
	if want := []string{"142 3", "XXW 5", wideRecords[2], wideRecords[3], wideRecords[4], wideRecords[5], wideRecords[6]}; !slices.Equal(got[:len(want)], want) {
		t.Errorf("written:\n%s\nwant first\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// XXA (TRF-16): the player in columns 5-9, round 1 in 11-14, round 3
	// in 21-24.
	g := &File{Version: 16, PointSystem: DefaultPointSystem(), InitialColor: NoColor, Players: f.Players,
		Accelerations: []Acceleration{{Points: 1, FirstRound: 1, LastRound: 1, FirstPlayer: 10002, LastPlayer: 10002},
			{Points: 0.5, FirstRound: 3, LastRound: 3, FirstPlayer: 10002, LastPlayer: 10002}}}
	out := write(t, g)
	if !strings.Contains(out, "\nXXA 10002  1.0       0.5\n") {
		t.Errorf("XXA written:\n%s", out)
	}
	h, err := Read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if !h.Equal(g) || h.Acceleration(10002, 3) != 0.5 || h.Acceleration(10002, 2) != 0 {
		t.Errorf("XXA read back %+v", h.Accelerations)
	}

	// A record alone can make a file wide: its player above 9,999 widens
	// every start number, the 001 lines' too.
	k := &File{Version: 26, PointSystem: DefaultPointSystem(), InitialColor: NoColor, Players: []Player{{StartNo: 1, Name: "A"}, {StartNo: 10000, Name: "B"}},
		Absent: []Absence{{Kind: ZeroPointBye, Round: 1, Players: []int{10000}}}}
	if out := write(t, k); !strings.Contains(out, "XXW 5\n240 Z 001 10000\n001     1") {
		t.Errorf("written:\n%s", out)
	}
}

// TestIDWidthRecordErrors: a record that names a player above 9,999
// without XXW, or wider than XXW says, or a player beyond the field or
// without a 001 line, is an *Error naming the line and the column.
func TestIDWidthRecordErrors(t *testing.T) {
	wide := func(i int, s string) []string {
		l := slices.Clone(wideRecords)
		l[i] = s
		return l
	}
	narrow := []string{"240 H 001 10001", p1, p2}
	tests := []struct {
		name      string
		lines     []string
		line, col int
		reason    string
	}{
		{"240 without XXW", narrow, 1, 15, "wider than four digits (start numbers above 9999 need an XXW line)"},
		{"260 without XXW", []string{"260 001 002    1 10002", p1, p2}, 1, 22, "need an XXW line"},
		{"250 without XXW", []string{"250       1.0 001 001    1 10002", p1, p2}, 1, 32, "need an XXW line"},
		{"299 without XXW", []string{"299 +         1.0  001 10002", p1, p2}, 1, 28, "need an XXW line"},
		{"XXA without XXW", []string{"XXA 10002  1.0", p1, p2}, 1, 9, "need an XXW line"},
		{"240 wider than XXW", wide(6, "240 H 002 100031"), 7, 16, "wider than XXW's 5 digits"},
		{"260 wider than XXW", wide(4, "260 001 003 10001 100021"), 5, 24, "wider than XXW's 5 digits"},
		{"250 wider than XXW", wide(3, "250       1.0 002 003     1 100031"), 4, 34, "wider than XXW's 5 digits"},
		{"250 text after", wide(3, "250       1.0 002 003     1 10003 x"), 4, 35, "unexpected text"},
		{"299 not a number", wide(2, "299 +         1.0  001 1000x"), 3, 24, "is not a start number"},
		{"XXA not a number", wide(5, "XXA 1000x  1.0"), 6, 5, "is not a start number"},
		{"XXA field out of place", wide(5, "XXA 10001   1.0"), 6, 15, "XXA fields are 4 columns from column 11, 5 apart"},
		{"240 beyond the field", wide(6, "240 H 002     2 10009"), 7, 17, "player 10009 is beyond the field: the highest start number of the 001 lines is 10003"},
		{"250 beyond the field", wide(3, "250       1.0 002 003     1 10009"), 4, 29, "last player 10009 is beyond the field"},
		{"260 without a 001 line", wide(4, "260 001 003 10001  9999"), 5, 19, "player 9999 has no player line (001)"},
		{"299 beyond the field", wide(2, "299 +         1.0  001 20002"), 3, 24, "player 20002 is beyond the field"},
		{"XXP beyond the field", wide(5, "XXP 1 10004"), 6, 7, "player 10004 is beyond the field"},
		{"XXA without a 001 line", wide(5, "XXA  9999  1.0"), 6, 5, "player 9999 has no player line (001)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(strings.Join(tt.lines, "\n")))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v, want *Error", err)
			}
			if e.Line != tt.line || e.Column != tt.col || !strings.Contains(e.Reason, tt.reason) {
				t.Fatalf("got %v, want line %d column %d containing %q", err, tt.line, tt.col, tt.reason)
			}
		})
	}
}
