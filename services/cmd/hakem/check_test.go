package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// generatedFile runs the generator and returns the file it wrote.
func generatedFile(t *testing.T, args ...string) (string, *trf.File) {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "rtg.cfg")
	if err := os.WriteFile(cfg, []byte("PlayersNumber=40\nRoundsNumber=7\nForfeitRate=12\nRetiredRate=10\nHalfPointByeRate=8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "gen.trf")
	code := run(append([]string{"pair", "--dutch", "-g", cfg, "-o", out, "-s", "11"}, args...))
	resetFlags("pair")
	if code != 0 {
		t.Fatalf("generator: exit status %d", code)
	}
	f, err := readTRFFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return out, f
}

// resetFlags puts a subcommand's flags back to their defaults: the tests
// run many command lines on the one rootCmd, whose flags keep their values.
func resetFlags(name string) {
	c, _, err := rootCmd.Find([]string{name})
	if err != nil {
		return
	}
	c.Flags().VisitAll(func(f *pflag.Flag) {
		f.Value.Set(f.DefValue)
		f.Changed = false
	})
}

func writeTRF(t *testing.T, path string, f *trf.File) {
	t.Helper()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func checkOutput(t *testing.T, path string) (int, string) {
	t.Helper()
	var stdout bytes.Buffer
	rootCmd.SetOut(&stdout)
	defer rootCmd.SetOut(nil)
	code := run([]string{"check", path})
	return code, stdout.String()
}

func TestCheckGenerated(t *testing.T) {
	path, _ := generatedFile(t, "--tb", "BH/C1,BH,SB")
	code, out := checkOutput(t, path)
	if code != 0 || !strings.Contains(out, ": consistent (7 rounds re-paired, 0 differ; 40 players") || !strings.Contains(out, "tie-breaks BH/C1,BH,SB") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestCheckWrongPoints(t *testing.T) {
	path, f := generatedFile(t)
	f.Players[6].Points += 1
	writeTRF(t, path, f)
	code, out := checkOutput(t, path)
	want := fmt.Sprintf("player %d: %.1f points in the file", f.Players[6].StartNo, f.Players[6].Points)
	if code != checkFiguresDiffer || !strings.Contains(out, want) || !strings.Contains(out, "inconsistent") {
		t.Fatalf("exit %d, want %d and %q:\n%s", code, checkFiguresDiffer, want, out)
	}
}

// TestCheckWrongRank exchanges the rank fields of the first and the last
// player: both are reported, with the rank their tie-breaks give.
func TestCheckWrongRank(t *testing.T) {
	path, f := generatedFile(t, "--tb", "BH/C1,BH,SB")
	var first, last *trf.Player
	for i := range f.Players {
		switch f.Players[i].Rank {
		case 1:
			first = &f.Players[i]
		case len(f.Players):
			last = &f.Players[i]
		}
	}
	first.Rank, last.Rank = last.Rank, first.Rank
	writeTRF(t, path, f)
	code, out := checkOutput(t, path)
	for _, p := range []*trf.Player{first, last} {
		if want := fmt.Sprintf("player %d: rank %d in the file", p.StartNo, p.Rank); !strings.Contains(out, want) {
			t.Errorf("lacks %q", want)
		}
	}
	if code != checkFiguresDiffer {
		t.Errorf("exit %d, want %d:\n%s", code, checkFiguresDiffer, out)
	}
}

// TestCheckPairingChanged gives round 3's colours on one board the other
// way round, as a hand change would: the round is reported.
func TestCheckPairingChanged(t *testing.T) {
	path, f := generatedFile(t)
	for i := range f.Players {
		p := &f.Players[i]
		if e := p.Round(3); e.Color == trf.White && e.Played() {
			o := f.ByStartNo(e.Opponent)
			p.Rounds[2].Color, o.Rounds[2].Color = trf.Black, trf.White
			break
		}
	}
	writeTRF(t, path, f)
	code, out := checkOutput(t, path)
	if code&checkPairingDiffers == 0 || !strings.Contains(out, ": round 3: the file has") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestCheckBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.trf")
	if err := os.WriteFile(path, []byte("001 abcd\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := checkOutput(t, path); code != checkBadFile {
		t.Fatalf("exit %d, want %d:\n%s", code, checkBadFile, out)
	}
	// A file with no player line has nothing consistent about it: an
	// empty file, or one with headers only, is not a report.
	for _, text := range []string{"", "garbage\n", "012 Open\n042 2026/01/01\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out := checkOutput(t, path); code != checkBadFile || strings.Contains(out, "consistent") {
			t.Fatalf("%q: exit %d, want %d:\n%s", text, code, checkBadFile, out)
		}
	}
	if code, _ := checkOutput(t, filepath.Join(t.TempDir(), "missing.trf")); code != checkNoFile {
		t.Fatalf("missing file: exit %d, want %d", code, checkNoFile)
	}
}
