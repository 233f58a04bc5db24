package trf

import (
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
