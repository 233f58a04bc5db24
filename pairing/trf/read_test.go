package trf

import (
	"errors"
	"strings"
	"testing"
)

// base is a valid two-player file; tests replace one line.
const p1 = "001    1 m    Alpha, Ann                        2100 ESP    12345678 1990/01/01  1.0    1     2 w 1"
const p2 = "001    2 w    Beta, Bob                         2000 FRA    22345678 1991/02/03  0.0    2     1 b 0"

func TestReadErrorsNameLineAndColumn(t *testing.T) {
	tests := []struct {
		name      string
		lines     []string
		line, col int
		reason    string
	}{
		{"start number not a number", []string{"012 T", "001   x1 m    Alpha" + p1[19:], p2}, 2, 5, "start number"},
		{"start number zero", []string{"001    0" + p1[8:], p2}, 1, 5, "start number"},
		{"start number twice", []string{p1, strings.Replace("001    1"+p2[8:], "    1 b 0", "    2 b 0", 1)}, 2, 5, "used twice"},
		{"colour not w b -", []string{strings.Replace(p1, " 2 w 1", " 2 x 1", 1), p2}, 1, 97, "colour"},
		{"result not a code", []string{strings.Replace(p1, " 2 w 1", " 2 w 7", 1), p2}, 1, 99, "result"},
		{"opponent not a number", []string{strings.Replace(p1, "    2 w 1", "   2x w 1", 1), p2}, 1, 92, "opponent"},
		{"opponent does not exist", []string{strings.Replace(p1, "    2 w 1", "    9 w 1", 1), p2}, 1, 92, "does not exist"},
		{"own opponent", []string{strings.Replace(p1, "    2 w 1", "    1 w 1", 1), p2}, 1, 92, "own opponent"},
		{"points not a number", []string{strings.Replace(p1, " 1.0 ", " 1,0 ", 1), p2}, 1, 81, "points"},
		{"rating not a number", []string{strings.Replace(p1, "2100", "21O0", 1), p2}, 1, 49, "rating"},
		{"rank not a number", []string{strings.Replace(p1, "  1.0    1", "  1.0    I", 1), p2}, 1, 86, "rank"},
		{"line too short", []string{"001    1 m    Alpha", p2}, 1, 20, "ends before"},
		{"field out of place", []string{strings.Replace(p1, "2100 ESP", " 2100ESP", 1), p2}, 1, 53, "must be blank"},
		{"opponent does not say so", []string{p1, strings.Replace(p2, "    1 b 0", " 0000 - Z", 1)}, 1, 92, "does not say so"},
		{"both white", []string{p1, strings.Replace(p2, " 1 b 0", " 1 w 0", 1)}, 1, 97, "both have colour"},
		{"bye code with opponent", []string{strings.Replace(p1, " 2 w 1", " 2 w H", 1), p2}, 1, 99, "bye code"},
		{"game without opponent", []string{strings.Replace(p1, "    2 w 1", " 0000 - 1", 1), p2}, 1, 99, "without an opponent"},
		{"bye with colour", []string{strings.Replace(p1, "    2 w 1", " 0000 w U", 1), p2}, 1, 97, "no colour"},
		{"played game without colour", []string{strings.Replace(p1, " 2 w 1", " 2 - 1", 1), p2}, 1, 97, "colour w or b"},
		{"XXR not a number", []string{p1, p2, "XXR nine"}, 3, 5, "number of rounds"},
		{"XXC unknown", []string{"XXC green1", p1, p2}, 1, 5, "XXC"},
		{"152 not W or B", []string{"152 X", p1, p2}, 1, 5, "initial colour"},
		{"162 bad code", []string{"162  Q 1.0", p1, p2}, 1, 6, "point code"},
		{"162 bad points", []string{"162  W x.0", p1, p2}, 1, 7, "not a number"},
		{"XXS bad", []string{"XXS W=one", p1, p2}, 1, 7, "not a number"},
		{"XXA bad", []string{"XXA    1  1.0  abc", p1, p2}, 1, 15, "acceleration"},
		{"250 bad round", []string{"250      1.0 00x 002    1    2", p1, p2}, 1, 15, "round"},
		{"260 bad player", []string{"260 001 002    1    x", p1, p2}, 1, 18, "start number"},
		{"240 bad type", []string{"240 Q 001    1", p1, p2}, 1, 5, "bye type"},
		{"XXP bad player", []string{"XXP 1 two", p1, p2}, 1, 7, "start number"},
		{"062 not a number", []string{"062 many", p1, p2}, 1, 5, "not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(strings.Join(tt.lines, "\r\n")))
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

func TestReadLenient(t *testing.T) {
	for _, sep := range []string{"\n", "\r", "\r\n"} {
		f, err := Read(strings.NewReader("\xef\xbb\xbf012 T" + sep + p1 + "   " + sep + sep + strings.Replace(p2, " b 0", " B 0", 1) + sep))
		if err != nil {
			t.Fatalf("%q: %v", sep, err)
		}
		if len(f.Players) != 2 || f.Name != "T" || f.Players[1].Rounds[0].Color != Black || f.Players[1].Line != 4 {
			t.Fatalf("%q: %+v", sep, f)
		}
	}
	// Letter codes are case-insensitive; a Latin-1 name is read as text.
	f, err := Read(strings.NewReader(strings.Replace(p1, " 2 w 1", " 2 w w", 1) + "\n" + strings.Replace(p2, "Beta, Bob ", "Beta, Bo\xf1 ", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if f.Players[0].Rounds[0].Result != UnratedWin || f.Players[1].Name != "Beta, Boñ" {
		t.Fatalf("%+v", f.Players)
	}
}

func TestReadRecords(t *testing.T) {
	text := strings.Join([]string{
		"012 Test Open",
		"132" + strings.Repeat(" ", 88) + "25/01/02  25/01/03",
		"142 9",
		"152 B",
		"162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0",
		"192 FIDE_DUTCH_2025",
		"202 BH/C1, BH, SB",
		"222 5400+30",
		"240 H 002    1    2",
		"250      1.0 001 002    1    1",
		"260 001 003    1    2",
		"XXP 2 1",
		"### a comment",
		"GER    1 m    Alpha, Ann                        1900",
		p1, p2,
	}, "\n")
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != 26 || f.TotalRounds != 9 || f.InitialColor != Black || f.EncodedType != "FIDE_DUTCH_2025" ||
		strings.Join(f.TieBreaks, "|") != "BH/C1|BH|SB" || f.EncodedTimeControl != "5400+30" ||
		strings.Join(f.RoundDates, "|") != "25/01/02|25/01/03" {
		t.Fatalf("header: %+v", f)
	}
	ps := f.PointSystem
	if ps.WhiteWin != 3 || ps.ForfeitWin != 3 || ps.FullPointBye != 3 || ps.WhiteDraw != 1 || ps.HalfPointBye != 1 || ps.PairingAllocatedBye != 1 || !f.PointSystemSet {
		t.Fatalf("point system %+v", ps)
	}
	if got := f.AbsentIn(2); got[1] != HalfPointBye || got[2] != HalfPointBye || len(got) != 2 {
		t.Fatalf("absent in round 2: %v", got)
	}
	if f.Acceleration(1, 2) != 1 || f.Acceleration(1, 3) != 0 || f.Acceleration(2, 1) != 0 {
		t.Fatalf("accelerations %+v", f.Accelerations)
	}
	if !f.IsForbidden(2, 1, 2) || !f.IsForbidden(7, 2, 1) || f.IsForbidden(7, 1, 1) {
		t.Fatalf("forbidden %+v", f.Forbidden)
	}
	if len(f.Unknown) != 2 || f.Unknown[0] != "### a comment" {
		t.Fatalf("unknown %q", f.Unknown)
	}
	if got := f.Score(1, 1); got != 3 {
		t.Fatalf("score under 162: %v", got)
	}
}
