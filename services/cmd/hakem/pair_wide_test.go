package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// wideField writes a round-1 TRF of n players, which past 9,999 carries
// XXW (the start numbers as wide as they need), and returns its path.
func wideField(t *testing.T, n int) string {
	t.Helper()
	f := &trf.File{Version: 16, PointSystem: trf.DefaultPointSystem(), InitialColor: trf.White, TotalRounds: 9}
	for i := 1; i <= n; i++ {
		f.Players = append(f.Players, trf.Player{StartNo: i, Name: fmt.Sprint("Player ", i), Rank: min(i, 9999)})
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "wide.trf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPairWideIDs pairs a field of 10,001 players, whose file carries XXW
// 5: round 1 is S1 against S2 (1 against 5001, …, 5000 against 10000) and
// the last player has the bye. A field beyond pairMaxPlayers is refused
// with the size-limit status.
func TestPairWideIDs(t *testing.T) {
	in := wideField(t, 10001)
	if data, err := os.ReadFile(in); err != nil || !strings.Contains(string(data), "XXW 5\n") {
		t.Fatalf("the file lacks XXW 5 (%v)", err)
	}
	out := filepath.Join(t.TempDir(), "round.txt")
	// --explain=false: the flags of an earlier test's run stay set
	if code := run([]string{"pair", "--dutch", in, "-p", out, "--explain=false"}); code != 0 {
		t.Fatalf("exit status %d", code)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 5002 || lines[0] != "5001" || lines[1] != "1 5001" || lines[5000] != "10000 5000" || lines[5001] != "10001 0" {
		t.Fatalf("pairing of %d lines, first %q %q, last %q %q", len(lines), lines[0], lines[1], lines[len(lines)-2], lines[len(lines)-1])
	}
	big := wideField(t, pairMaxPlayers+1)
	if code := run([]string{"pair", "--dutch", big, "-p", out}); code != pairExitSize {
		t.Fatalf("%d players: exit status %d, want %d", pairMaxPlayers+1, code, pairExitSize)
	}
	if code := run([]string{"check", big}); code != checkBadFile {
		t.Fatalf("check of %d players: exit status %d, want %d", pairMaxPlayers+1, code, checkBadFile)
	}
}

// TestPairSize: the refusal of a field past pairMaxPlayers says why, with
// the memory the weights of every pair of players would take.
func TestPairSize(t *testing.T) {
	tests := []struct {
		n    int
		want string // "" when paired
	}{
		{pairMaxPlayers, ""},
		{pairMaxPlayers + 1, "14001 players: at most 14000 are paired within 2 GB of memory: the Dutch engine keeps a weight for every pair of players " +
			"(12 bytes a pair, 4 more a pair of the bracket being paired, 1 bit a pair and direction for the edges): 14001 players' 98007000 pairs take 1.59 GB " +
			"before the solver's own memory, 14000 players' 1.59 GB"},
		{20000, "20000 players' 199990000 pairs take 3.25 GB before the solver's own memory"},
	}
	for _, tt := range tests {
		err := pairSize(tt.n)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%d players: %v, want %q", tt.n, err, tt.want)
		}
	}
	// 12 bytes a pair (matching.Graph past 10,000 vertices), 4 a pair of
	// the bracket, the edges' bits: at 14,000 players 97,993,000 pairs.
	if got, want := pairWeightBytes(14000), int64(97_993_000*16+14000*219*8); got != want {
		t.Errorf("pairWeightBytes(14000) = %d, want %d", got, want)
	}
}
