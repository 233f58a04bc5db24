package pairing

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

func rr(opp int, c trf.Color, res trf.ResultCode) trf.RoundResult {
	return trf.RoundResult{Opponent: opp, Color: c, Result: res}
}

// fourPlayers: round 1 played (1-3 1-0, 4-2 draw), round 2 with 1 v 2
// forfeited, 3 given the pairing-allocated bye and 4 absent (Z); player 4
// has asked for a half-point bye in round 3.
func fourPlayers() *trf.File {
	return &trf.File{
		TotalRounds: 5,
		PointSystem: trf.DefaultPointSystem(),
		Players: []trf.Player{
			{StartNo: 1, Points: 2, Rounds: []trf.RoundResult{rr(3, trf.White, trf.Win), rr(2, trf.White, trf.ForfeitWin)}},
			{StartNo: 2, Points: 0.5, Rounds: []trf.RoundResult{rr(4, trf.White, trf.Draw), rr(1, trf.Black, trf.ForfeitLoss)}},
			{StartNo: 3, Points: 1, Rounds: []trf.RoundResult{rr(1, trf.Black, trf.Loss), rr(0, trf.NoColor, trf.PairingBye)}},
			{StartNo: 4, Points: 0.5, Rounds: []trf.RoundResult{rr(2, trf.Black, trf.Draw), rr(0, trf.NoColor, trf.ZeroPointBye), rr(0, trf.NoColor, trf.HalfPointBye)}},
		},
	}
}

func TestFromTRF(t *testing.T) {
	tm, err := FromTRF(fourPlayers())
	if err != nil {
		t.Fatal(err)
	}
	if tm.Round != 3 {
		t.Fatalf("round to pair = %d, want 3", tm.Round)
	}
	tests := []struct {
		player         int
		score          Score
		absent         bool
		r2played       bool
		r2paired       bool
		r2color        Color
		r2opponent     int
		r2pab, r1white bool
	}{
		{1, 20, false, false, true, NoColor, 1, false, true},
		{2, 5, false, false, true, NoColor, 0, false, true},
		{3, 10, false, false, true, NoColor, -1, true, false},
		{4, 5, true, false, false, NoColor, -1, false, false},
	}
	for _, tc := range tests {
		p := tm.Players[tc.player-1]
		g := p.Games[1]
		if p.Score != tc.score || p.Absent != tc.absent || g.Played != tc.r2played || g.Paired != tc.r2paired ||
			g.Color != tc.r2color || g.Opponent != tc.r2opponent || g.PairingAllocatedBye() != tc.r2pab ||
			(p.Games[0].Color == White) != tc.r1white {
			t.Errorf("player %d: %+v", tc.player, p)
		}
	}
	if tm.InitialColor != White {
		t.Errorf("initial colour inferred %v, want white (player 1 had white)", tm.InitialColor)
	}
	// Before(2): round 2 as it was to be paired.
	b := tm.Before(2)
	if b.Round != 2 || len(b.Players[0].Games) != 1 || b.Players[0].Score != 10 || !b.Players[3].Absent || b.Players[2].Absent {
		t.Errorf("Before(2) = %+v", b)
	}
}

func TestFromTRFErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(f *trf.File)
	}{
		{"no number of rounds", func(f *trf.File) { f.TotalRounds = 0 }},
		{"points field disagrees", func(f *trf.File) { f.Players[0].Points = 1.5 }},
		{"opponents disagree", func(f *trf.File) { f.Players[2].Rounds[0].Opponent = 2 }},
		{"same colour both sides", func(f *trf.File) { f.Players[2].Rounds[0].Color = trf.White }},
		{"missing start number", func(f *trf.File) { f.Players[3].StartNo = 7 }},
		{"all rounds paired", func(f *trf.File) { f.TotalRounds = 2 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := fourPlayers()
			tc.change(f)
			_, err := FromTRF(f)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v, want an InputError", err)
			}
		})
	}
}

func TestGamePointsNonStandard(t *testing.T) {
	tm := &Tournament{Points: PointSystem{Win: 30, Draw: 10, Loss: 0, ZeroPointBye: 0, ForfeitLoss: 0, PairingAllocatedBye: 10}}
	tests := []struct {
		g    Game
		want Score
	}{
		{Game{Opponent: 2, Outcome: Win, Played: true, Paired: true}, 30},
		{Game{Opponent: -1, Outcome: Win, Paired: true}, 10}, // pairing-allocated bye
		{Game{Opponent: -1, Outcome: Win}, 30},               // full-point bye
		{Game{Opponent: -1, Outcome: Draw}, 10},
		{Game{Opponent: 2, Outcome: Loss, Paired: true}, 0},
	}
	for _, tc := range tests {
		if got := tm.GamePoints(tc.g); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.g, got, tc.want)
		}
	}
	if s := Score(25).String(); s != "2.5" {
		t.Errorf("Score(25) = %q", s)
	}
}
