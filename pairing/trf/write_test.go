package trf

import (
	"bytes"
	"strings"
	"testing"
)

func sample(version int) *File {
	ps := DefaultPointSystem()
	ps.WhiteWin, ps.BlackWin, ps.ForfeitWin, ps.FullPointBye, ps.PairingAllocatedBye = 3, 3, 3, 3, 3
	ps.WhiteDraw, ps.BlackDraw, ps.HalfPointBye = 1, 1, 1
	return &File{
		Version: version, Name: "Sample Open", City: "Bilbao", StartDate: "2026/01/02",
		TotalRounds: 7, InitialColor: Black, PointSystem: ps, PointSystemSet: true,
		Accelerations: []Acceleration{{Points: 1, FirstRound: 1, LastRound: 1, FirstPlayer: 1, LastPlayer: 1},
			{Points: 0.5, FirstRound: 2, LastRound: 2, FirstPlayer: 1, LastPlayer: 1}},
		Forbidden: []ForbiddenGroup{{Players: []int{1, 2}}},
		Players: []Player{
			{StartNo: 1, Sex: 'w', Title: "WGM", Name: "Ruiz, Ana", Rating: 2410, Federation: "ESP", FideID: "2200000", BirthDate: "1999/12/31",
				Points: 3, Rank: 1, Rounds: []RoundResult{{2, White, Win}}},
			{StartNo: 2, Name: "Otxoa, Jon", Points: 0, Rank: 2, Rounds: []RoundResult{{1, Black, Loss}, {0, NoColor, HalfPointBye}}},
		},
	}
}

func write(t *testing.T, f *File) string {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestWriteVersions(t *testing.T) {
	players := []string{
		"001    1 wWGM Ruiz, Ana                         2410 ESP     2200000 1999/12/31  3.0    1     2 w 1",
		"001    2      Otxoa, Jon                                                         0.0    2     1 b 0  0000 - H",
	}
	tests := []struct {
		version int
		want    []string
	}{
		{16, []string{"012 Sample Open", "022 Bilbao", "042 2026/01/02", "XXR 7", "XXC black1",
			"XXS WW=3 BW=3 WD=1 BD=1 WL=0 BL=0 FW=3 FL=0 FPB=3 HPB=1 ZPB=0 PAB=3", "XXA    1  1.0  0.5", "XXP 1 2"}},
		{26, []string{"012 Sample Open", "022 Bilbao", "042 2026/01/02", "142 7", "152 B",
			"162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",
			"250       1.0 001 001    1    1", "250       0.5 002 002    1    1", "XXP 1 2"}},
	}
	for _, tt := range tests {
		f := sample(tt.version)
		text := write(t, f)
		want := strings.Join(append(tt.want, players...), "\n") + "\n"
		if text != want {
			t.Errorf("TRF-%d:\n got\n%s\n want\n%s", tt.version, text, want)
		}
		g, err := Read(strings.NewReader(text))
		if err != nil {
			t.Fatalf("TRF-%d: %v", tt.version, err)
		}
		if !f.Equal(g) {
			t.Errorf("TRF-%d does not read back:\n%+v\n%+v", tt.version, f, g)
		}
	}
}

func TestWriteRefusesWhatDoesNotFit(t *testing.T) {
	for name, change := range map[string]func(f *File){
		"long name":    func(f *File) { f.Players[0].Name = strings.Repeat("x", 34) },
		"big points":   func(f *File) { f.Players[0].Points = 12345 },
		"start number": func(f *File) { f.Players[0].StartNo = 0 },
		// 10,000 and more are written under XXW (TestIDWidth), up to nine digits
		"start number of ten digits": func(f *File) { f.Players[0].StartNo = 1_000_000_000 },
		"colour":                     func(f *File) { f.Players[0].Rounds[0].Color = 'x' },
		"result":                     func(f *File) { f.Players[0].Rounds[0].Result = '?' },
		"round date":                 func(f *File) { f.RoundDates = []string{"2026/01/02 10:00"} },
	} {
		f := sample(26)
		change(f)
		if err := f.Write(&bytes.Buffer{}); err == nil {
			t.Errorf("%s: written", name)
		}
	}
}

func TestAbnormalPoints(t *testing.T) {
	text := "299 +         1.0  003    4    7\n299    -0.5  -1.0  000    2\n" +
		"001    2      B                                                                  0.0    2\n" +
		"001    4      D                                                                  0.0    4\n" +
		"001    7      G                                                                  0.0    7\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Abnormal{{Kind: '+', Points: 1, Round: 3, Players: []int{4, 7}}, {Kind: ' ', MatchPoints: -0.5, Points: -1, Players: []int{2}}}
	if len(f.AbnormalPoints) != 2 || f.Version != 26 {
		t.Fatalf("%+v", f)
	}
	for i, a := range f.AbnormalPoints {
		w := want[i]
		if a.Kind != w.Kind || a.MatchPoints != w.MatchPoints || a.Points != w.Points || a.Round != w.Round || len(a.Players) != len(w.Players) {
			t.Errorf("299 #%d: %+v, want %+v", i, a, w)
		}
	}
	g, err := Read(strings.NewReader(write(t, f)))
	if err != nil || !f.Equal(g) {
		t.Fatalf("299 round trip: %v", err)
	}
	if _, err := Read(strings.NewReader("299 Q         1.0  003    4")); err == nil {
		t.Error("299 type Q read")
	}
}

// TestScoreInTenths sums points that binary floating point cannot hold
// exactly (0.3, 0.2, 0.1): the score is the tenth the file writes, and a
// file of such points writes and reads back.
func TestScoreInTenths(t *testing.T) {
	ps := DefaultPointSystem()
	ps.ZeroPointBye, ps.ForfeitLoss, ps.WhiteLoss = 0.3, 0.2, 0.1
	f := &File{Version: 16, TotalRounds: 6, InitialColor: White, PointSystem: ps, PointSystemSet: true, Players: []Player{
		{StartNo: 1, Name: "A", Rounds: []RoundResult{
			{Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye},
			{Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye}}},
		{StartNo: 2, Name: "B", Rounds: []RoundResult{
			{Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye}, {Opponent: 3, Color: White, Result: ForfeitLoss},
			{Opponent: 3, Color: White, Result: Loss}, {Opponent: 3, Color: Black, Result: ForfeitLoss}, {Color: NoColor, Result: ZeroPointBye}}},
		{StartNo: 3, Name: "C", Rounds: []RoundResult{
			{Color: NoColor, Result: ZeroPointBye}, {Color: NoColor, Result: ZeroPointBye}, {Opponent: 2, Color: Black, Result: ForfeitWin},
			{Opponent: 2, Color: Black, Result: Win}, {Opponent: 2, Color: White, Result: ForfeitWin}, {Color: NoColor, Result: ZeroPointBye}}},
	}}
	for _, tt := range []struct {
		no   int
		want float64
	}{{1, 1.8}, {2, 1.4}, {3, 3.9}} {
		if got := f.Score(tt.no, 6); got != tt.want {
			t.Errorf("player %d: score %v, want %v", tt.no, got, tt.want)
		}
		f.ByStartNo(tt.no).Points = f.Score(tt.no, 6)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	g, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Equal(g) {
		t.Fatal("the file written does not read back the same")
	}
}
