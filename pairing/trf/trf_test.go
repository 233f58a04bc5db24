package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// comparable returns a copy of f without what a rewrite legitimately
// changes: source line numbers and the lookup index.
func comparable(f *File) File {
	g := *f
	g.index = nil
	g.Players = append([]Player(nil), f.Players...)
	for i := range g.Players {
		g.Players[i].Line = 0
	}
	return g
}

func TestReadWriteRoundTripTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.trf")
	if err != nil || len(files) < 5 {
		t.Fatalf("testdata missing: %v %v", files, err)
	}
	// The whole set of endorsed-engine cases, kept by the pairing module.
	more, _ := filepath.Glob("../testdata/cases/*.trf")
	files = append(files, more...)
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Players) == 0 {
				t.Fatal("no players read")
			}
			var buf bytes.Buffer
			if err := f.Write(&buf); err != nil {
				t.Fatal(err)
			}
			g, err := Read(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("reading what was written: %v\n%s", err, buf.String())
			}
			if !f.Equal(g) {
				a, b := comparable(f), comparable(g)
				t.Fatalf("round trip differs:\n%+v\n%+v", a, b)
			}
		})
	}
}

func TestWriteIsColumnExact(t *testing.T) {
	// The Gros file is written by its tournament program; what we write
	// must be the same text apart from trailing blanks and line ends.
	data, err := os.ReadFile("testdata/javafo_sample2_gros2010.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	got := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines written, %d read", len(got), len(want))
	}
	for i := range want {
		w := strings.TrimRight(want[i], " ")
		// Unrated players are written with a blank rating, not "   0".
		if strings.HasPrefix(w, "001") && strings.TrimSpace(w[48:52]) == "0" {
			w = w[:48] + "    " + w[52:]
		}
		if got[i] != w {
			t.Errorf("line %d:\n read  %q\n wrote %q", i+1, w, got[i])
		}
	}
}

func TestReadGrosFields(t *testing.T) {
	data, err := os.ReadFile("testdata/javafo_sample2_gros2010.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != 16 || f.Name != "XX Open Internacional de Gros" || f.City != "Donostia" || f.StartDate != "24/09/2010" ||
		f.NumPlayers != 52 || f.NumRatedPlayers != 41 || f.TotalRounds != 9 || len(f.Players) != 52 {
		t.Fatalf("header: %+v", f)
	}
	p := f.ByStartNo(1)
	want := Player{StartNo: 1, Sex: 'm', Title: "g", Name: "Mirzoev Azer", Rating: 2527, Federation: "AZE", FideID: "13400304",
		BirthDate: "1978", Points: 4, Rank: 1, Line: 14,
		Rounds: []RoundResult{{26, White, Win}, {13, Black, Win}, {8, White, Win}, {4, Black, Win}}}
	if !reflect.DeepEqual(*p, want) {
		t.Fatalf("player 1:\n got  %+v\n want %+v", *p, want)
	}
	if e := f.ByStartNo(14).Round(3); e != (RoundResult{0, NoColor, HalfPointBye}) {
		t.Errorf("player 14 round 3 = %+v, want a half-point bye", e)
	}
	if e := f.ByStartNo(13).Round(1); e != (RoundResult{39, White, ForfeitWin}) || e.Played() || !e.Paired() {
		t.Errorf("player 13 round 1 = %+v, want a forfeit win against 39", e)
	}
	if got := f.Score(3, 4); got != 3.5 {
		t.Errorf("score of player 3 = %v, want 3.5", got)
	}
	if f.ByStartNo(999) != nil {
		t.Error("player 999 found")
	}
}

func TestEqual(t *testing.T) {
	data, err := os.ReadFile("testdata/javafo_sample2_gros2010.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, _ := Read(bytes.NewReader(data))
	g, _ := Read(bytes.NewReader(data))
	g.Players[3].Line = 999
	g.Players[5].Rounds = append(g.Players[5].Rounds[:0:0], g.Players[5].Rounds...)
	if !f.Equal(g) {
		t.Fatal("line numbers or slice identity make files differ")
	}
	for name, change := range map[string]func(h *File){
		"result":       func(h *File) { h.Players[2].Rounds[1].Result = Draw },
		"points":       func(h *File) { h.Players[0].Points = 3.5 },
		"rounds":       func(h *File) { h.TotalRounds = 11 },
		"unknown line": func(h *File) { h.Unknown = append(h.Unknown, "### x") },
		"forbidden":    func(h *File) { h.Forbidden = []ForbiddenGroup{{Players: []int{1, 2}}} },
	} {
		h, _ := Read(bytes.NewReader(data))
		change(h)
		if f.Equal(h) {
			t.Errorf("a changed %s is not seen", name)
		}
	}
}
