package endorse

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/rtg"
	"github.com/hakem-chess/hakem/pairing/trf"
)

func generated(t *testing.T, seed uint64) *trf.File {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	c, err := rtg.Parse(strings.NewReader("PlayersNumber=30\nRoundsNumber=7\nForfeitRate=10\nRetiredRate=10\nHalfPointByeRate=10\n"), rng)
	if err != nil {
		t.Fatal(err)
	}
	f, err := rtg.Generate(c, rng)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func inverse(c trf.ResultCode) trf.ResultCode {
	switch c {
	case trf.Win:
		return trf.Loss
	case trf.Loss:
		return trf.Win
	case trf.ForfeitWin:
		return trf.ForfeitLoss
	case trf.ForfeitLoss:
		return trf.ForfeitWin
	case trf.UnratedWin:
		return trf.UnratedLoss
	case trf.UnratedLoss:
		return trf.UnratedWin
	}
	return c
}

func TestGeneratedFilesAreConsistent(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		r, err := Check(generated(t, seed))
		if err != nil {
			t.Fatal(err)
		}
		if r.Rounds != 7 || len(r.Pairings)+len(r.Points) != 0 {
			t.Fatalf("seed %d: %d rounds, pairings %v, points %v", seed, r.Rounds, r.Pairings, r.Points)
		}
	}
}

// TestPairingChangedByHand swaps the black players of two boards of round
// 4, as an arbiter changing the pairing by hand would: the checker reports
// round 4 (and the rounds before it as consistent).
func TestPairingChangedByHand(t *testing.T) {
	f := generated(t, 2)
	const round = 4
	var whites []*trf.Player
	for i := range f.Players {
		if e := f.Players[i].Round(round); e.Color == trf.White && e.Played() {
			whites = append(whites, &f.Players[i])
		}
	}
	a, c := whites[0], whites[len(whites)-1]
	b, d := f.ByStartNo(a.Round(round).Opponent), f.ByStartNo(c.Round(round).Opponent)
	a.Rounds[round-1].Opponent, c.Rounds[round-1].Opponent = d.StartNo, b.StartNo
	d.Rounds[round-1] = trf.RoundResult{Opponent: a.StartNo, Color: trf.Black, Result: inverse(a.Round(round).Result)}
	b.Rounds[round-1] = trf.RoundResult{Opponent: c.StartNo, Color: trf.Black, Result: inverse(c.Round(round).Result)}
	for i := range f.Players {
		f.Players[i].Points = f.Score(f.Players[i].StartNo, f.Rounds())
	}
	r, err := Check(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pairings) == 0 || r.Pairings[0].Round != round {
		t.Fatalf("pairings %v, want round %d reported first", r.Pairings, round)
	}
	want := [][2]int{{a.StartNo, d.StartNo}, {c.StartNo, b.StartNo}}
	got := r.Pairings[0].FileOnly
	if len(got) != 2 || !(got[0] == want[0] && got[1] == want[1] || got[0] == want[1] && got[1] == want[0]) {
		t.Fatalf("round %d: the file's own boards %v, want %v", round, got, want)
	}
	if len(r.Points) != 0 {
		t.Fatalf("points %v, want none", r.Points)
	}
}

func TestWrongPoints(t *testing.T) {
	f := generated(t, 3)
	p := &f.Players[11]
	p.Points += 0.5
	r, err := Check(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Points) != 1 || r.Points[0].StartNo != p.StartNo || r.Points[0].File != p.Points {
		t.Fatalf("points %v, want player %d alone", r.Points, p.StartNo)
	}
	if len(r.Pairings) != 0 {
		t.Fatalf("pairings %v, want none", r.Pairings)
	}
}

// TestPointsBeforeTheNextRound: a half-point bye entered for the round to
// pair may be counted in the points field or not; anything else differs.
func TestPointsBeforeTheNextRound(t *testing.T) {
	f := generated(t, 4)
	p := &f.Players[3]
	p.Rounds = append(p.Rounds, trf.RoundResult{Color: trf.NoColor, Result: trf.HalfPointBye})
	for _, extra := range []float64{0, 0.5} {
		q := *f
		q.Players = append([]trf.Player(nil), f.Players...)
		q.Players[3].Points += extra
		if d := Points(&q); len(d) != 0 {
			t.Fatalf("+%v: points %v, want none", extra, d)
		}
	}
	f.Players[3].Points += 1
	if d := Points(f); len(d) != 1 || d[0].StartNo != p.StartNo {
		t.Fatalf("points %v, want player %d", d, p.StartNo)
	}
}
