package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairExplain runs hakem pair --explain on one of the pairing module's
// endorsed-engine cases: the pairing file is the endorsed engine's, and
// the explanation on standard output names brackets, the criterion that
// floated each downfloater and the colour rules.
func TestPairExplain(t *testing.T) {
	in := "../../../pairing/testdata/cases/s1000_p29_r9of11.trf"
	want, err := os.ReadFile(strings.TrimSuffix(in, ".trf") + ".expected")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "round.txt")
	var stdout bytes.Buffer
	rootCmd.SetOut(&stdout)
	defer rootCmd.SetOut(nil)
	if code := run([]string{"pair", "--dutch", in, "-p", out, "--explain"}); code != 0 {
		t.Fatalf("exit status %d", code)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ReplaceAll(string(want), "\r\n", "\n") != string(got) {
		t.Errorf("pairing file:\n%s\nwant:\n%s", got, want)
	}
	text := stdout.String()
	for _, s := range []string{
		"Bracket of score 5.5: residents 8(5.5) 10(5.5); moved-down players 1(8.0) 3(7.0)",
		"  10 floats down: decided by C12: colour preferences granted",
		"  1 floats down: decided by the absolute criteria, no opponent in the bracket (C1: 1 and 3 have already played each other)",
		"  11 is left without an opponent (the pairing-allocated bye): decided by C2",
		"Colours 3 – 8: 3 white, 8 black; E.1: both colour preferences are granted",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("the explanation lacks %q:\n%s", s, text)
		}
	}
}
