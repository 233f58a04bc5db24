package rtg

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

func generate(t *testing.T, config string, seed uint64) *trf.File {
	t.Helper()
	rng := seeded(seed)
	c, err := Parse(strings.NewReader(config), rng)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Generate(c, rng)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func text(t *testing.T, f *trf.File) string {
	t.Helper()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDeterministic(t *testing.T) {
	const config = "PlayersNumber=41\nRoundsNumber=7\nForfeitRate=10\nRetiredRate=8\nHalfPointByeRate=5\n"
	a, b := text(t, generate(t, config, 3)), text(t, generate(t, config, 3))
	if a != b {
		t.Fatal("the same seed gave two different tournaments")
	}
	if c := text(t, generate(t, config, 4)); c == a {
		t.Fatal("two seeds gave the same tournament")
	}
	// Without a configuration every key is drawn from the seed.
	x, y := text(t, generate(t, "", 9)), text(t, generate(t, "", 9))
	if x != y {
		t.Fatal("the same seed gave two different random configurations")
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []struct {
		name, config string
		line         int
		key          string
	}{
		{"unknown key", "PlayersNumber=20\n# a comment\n\nPlayerNumber=30\n", 4, "PlayerNumber"},
		{"not a number", "RoundsNumber=nine\n", 1, "RoundsNumber"},
		{"players out of range", "RoundsNumber=5\nPlayersNumber=1\n", 2, "PlayersNumber"},
		{"draw percentage over 100", "DrawPercentage=101\n", 1, "DrawPercentage"},
		{"forfeit rate below 1", "ForfeitRate=0.5\n", 1, "ForfeitRate"},
		{"retired rate below 2", "RetiredRate=1\n", 1, "RetiredRate"},
		{"points with two decimals", "PointsForWin=1.25\n", 1, "PointsForWin"},
		{"no equals sign", "PlayersNumber 20\n", 1, ""},
		{"ratings upside down", "HighestRating=1500\nLowestRating=2000\n", 2, "HighestRating"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.config), seeded(1))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v, want a ConfigError", err)
			}
			if ce.Line != tt.line || ce.Key != tt.key {
				t.Fatalf("line %d key %q, want line %d key %q (%v)", ce.Line, ce.Key, tt.line, tt.key, err)
			}
		})
	}
}

// tally counts the round entries of a file by result code.
func tally(f *trf.File) map[trf.ResultCode]int {
	n := map[trf.ResultCode]int{}
	for _, p := range f.Players {
		for _, r := range p.Rounds {
			n[r.Result]++
		}
	}
	return n
}

func TestKeysHonoured(t *testing.T) {
	none := "ForfeitRate=inf\nRetiredRate=inf\nHalfPointByeRate=inf\n"
	t.Run("players, rounds, ratings", func(t *testing.T) {
		f := generate(t, "PlayersNumber=37\nRoundsNumber=6\nHighestRating=2100\nLowestRating=1900\n", 1)
		if len(f.Players) != 37 || f.TotalRounds != 6 || f.Rounds() != 6 {
			t.Fatalf("%d players, %d/%d rounds, want 37 and 6", len(f.Players), f.TotalRounds, f.Rounds())
		}
		for i, p := range f.Players {
			if p.Rating < 1900 || p.Rating > 2100 || (i > 0 && p.Rating > f.Players[i-1].Rating) {
				t.Fatalf("player %d rated %d: want 1900-2100, highest first", p.StartNo, p.Rating)
			}
		}
	})
	t.Run("no forfeits, byes or retirements", func(t *testing.T) {
		for seed := uint64(1); seed <= 5; seed++ {
			n := tally(generate(t, "PlayersNumber=30\nRoundsNumber=7\n"+none, seed))
			if n[trf.ForfeitWin]+n[trf.ForfeitLoss]+n[trf.HalfPointBye]+n[trf.ZeroPointBye] != 0 {
				t.Fatalf("seed %d: %v", seed, n)
			}
		}
	})
	t.Run("forfeits", func(t *testing.T) {
		n := tally(generate(t, "PlayersNumber=40\nRoundsNumber=7\nForfeitRate=4\nRetiredRate=inf\nHalfPointByeRate=inf\n", 2))
		games := n[trf.Win] + n[trf.Draw] + n[trf.Loss] + n[trf.ForfeitWin] + n[trf.ForfeitLoss]
		if f := n[trf.ForfeitLoss]; f == 0 || f > games/2 {
			t.Fatalf("%d forfeit losses in %d entries, want about one game in four", f, games)
		}
	})
	t.Run("half-point byes", func(t *testing.T) {
		f := generate(t, "PlayersNumber=40\nRoundsNumber=7\nForfeitRate=inf\nRetiredRate=inf\nHalfPointByeRate=4\n", 3)
		if n := tally(f)[trf.HalfPointBye]; n != 10 {
			t.Fatalf("%d half-point byes, want 40/4 = 10", n)
		}
		for _, p := range f.Players {
			if p.Round(7).Result == trf.HalfPointBye {
				t.Fatalf("player %d: a half-point bye in the last round", p.StartNo)
			}
		}
	})
	t.Run("retirements", func(t *testing.T) {
		f := generate(t, "PlayersNumber=40\nRoundsNumber=7\nForfeitRate=inf\nRetiredRate=8\nHalfPointByeRate=inf\n", 4)
		retired := 0
		for _, p := range f.Players {
			if p.Round(7).Result == trf.ZeroPointBye {
				retired++
			}
		}
		if retired != 5 {
			t.Fatalf("%d players absent in the last round, want 40/8 = 5 retired", retired)
		}
	})
	t.Run("draws", func(t *testing.T) {
		n := tally(generate(t, "PlayersNumber=30\nRoundsNumber=5\nDrawPercentage=0\n"+none, 5))
		if n[trf.Draw] != 0 {
			t.Fatalf("%d draws with DrawPercentage=0", n[trf.Draw])
		}
		n = tally(generate(t, "PlayersNumber=30\nRoundsNumber=5\nDrawPercentage=100\nHighestRating=2000\nLowestRating=2000\n"+none, 5))
		if n[trf.Win]+n[trf.Loss] != 0 {
			t.Fatalf("%v with DrawPercentage=100 between equal players", n)
		}
	})
	t.Run("points", func(t *testing.T) {
		f := generate(t, "PlayersNumber=21\nRoundsNumber=4\nPointsForWin=3\nPointsForDraw=1\nPointsForPAB=2\n"+none, 6)
		ps := f.PointSystem
		if ps.WhiteWin != 3 || ps.BlackDraw != 1 || ps.PairingAllocatedBye != 2 || !f.PointSystemSet {
			t.Fatalf("point system %+v", ps)
		}
		for _, p := range f.Players {
			if want := f.Score(p.StartNo, 4); p.Points != want {
				t.Fatalf("player %d: %v points, want %v", p.StartNo, p.Points, want)
			}
		}
	})
	// Points of a loss, a forfeit loss and a zero-point bye that binary
	// floating point cannot hold (0.1, 0.2, 0.3) add up to the tenths the
	// file writes.
	t.Run("loss, forfeit loss and zero-point bye points", func(t *testing.T) {
		f := generate(t, "PlayersNumber=31\nRoundsNumber=7\nForfeitRate=3\nRetiredRate=4\nPointsForLoss=0.1\nPointsForForfeitLoss=0.2\nPointsForZPB=0.3\n", 3)
		ps := f.PointSystem
		if ps.WhiteLoss != 0.1 || ps.BlackLoss != 0.1 || ps.ForfeitLoss != 0.2 || ps.ZeroPointBye != 0.3 {
			t.Fatalf("point system %+v", ps)
		}
		n := tally(f)
		if n[trf.Loss] == 0 || n[trf.ForfeitLoss] == 0 || n[trf.ZeroPointBye] == 0 {
			t.Fatalf("want losses, forfeit losses and zero-point byes: %v", n)
		}
		text(t, f) // writes: every score fits the points field
	})
}

// TestGenerateText checks that the text GenerateText returns is the file
// it returns as written, byte for byte, for both versions of the format.
func TestGenerateText(t *testing.T) {
	for _, version := range []int{16, 26} {
		rng := seeded(7)
		c := Random(rng)
		c.Players, c.Rounds, c.Version = 30, 7, version
		f, text, err := GenerateText(c, rng)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), text) || len(text) == 0 {
			t.Errorf("version %d: the text returned (%d bytes) is not the file written (%d bytes)", version, len(text), buf.Len())
		}
		if f.Name != fileName || f.Type != fileType {
			t.Errorf("version %d: name %q, type %q", version, f.Name, f.Type)
		}
	}
}
