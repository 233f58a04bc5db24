package ratings

import (
	"math"
	"testing"
)

func TestGlickmanExample(t *testing.T) {
	p := Glicko{Rating: 1500, RD: 200, Volatility: 0.06}
	got, err := GlickoPeriod(p, []GlickoResult{
		{OpponentRating: 1400, OpponentRD: 30, Score: 1},
		{OpponentRating: 1550, OpponentRD: 100, Score: 0},
		{OpponentRating: 1700, OpponentRD: 300, Score: 0},
	}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if math.Round(got.Rating*100)/100 != 1464.05 || math.Round(got.RD*100)/100 != 151.52 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		// The paper prints σ′ = 0.05999 (0.0599959... truncated).
		t.Errorf("got r=%.4f RD=%.4f σ=%.6f, want 1464.05, 151.52, 0.05999", got.Rating, got.RD, got.Volatility)
	}
}

func TestGlickoNoGamesWidensRD(t *testing.T) {
	p := Glicko{Rating: 1500, RD: 200, Volatility: 0.06}
	got, err := GlickoPeriod(p, nil, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(200*200/(glickoScale*glickoScale)+0.06*0.06) * glickoScale
	if got.Rating != 1500 || math.Abs(got.RD-want) > 1e-9 || got.Volatility != 0.06 {
		t.Errorf("got %+v, want RD %.4f", got, want)
	}
}

func TestGlickoAfterGame(t *testing.T) {
	p := Glicko{Rating: 1500, RD: 350, Volatility: 0.06}
	opp := Glicko{Rating: 1500, RD: 350, Volatility: 0.06}
	win, err := p.AfterGame(opp, 1, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	loss, err := p.AfterGame(opp, 0, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	draw, _ := p.AfterGame(opp, 0.5, 0.5)
	if !(win.Rating > 1500 && loss.Rating < 1500) || math.Abs(win.Rating-1500-(1500-loss.Rating)) > 1e-6 {
		t.Errorf("win %v loss %v are not symmetric around 1500", win.Rating, loss.Rating)
	}
	if math.Abs(draw.Rating-1500) > 1e-9 || draw.RD >= 350 {
		t.Errorf("draw between equals: %+v", draw)
	}
}

func TestGlickoRejectsBadInput(t *testing.T) {
	good := Glicko{Rating: 1500, RD: 200, Volatility: 0.06}
	cases := []struct {
		name string
		p    Glicko
		res  []GlickoResult
		tau  float64
	}{
		{"zero RD", Glicko{1500, 0, 0.06}, nil, 0.5},
		{"NaN rating", Glicko{math.NaN(), 200, 0.06}, nil, 0.5},
		{"zero tau", good, nil, 0},
		{"score 2", good, []GlickoResult{{1500, 100, 2}}, 0.5},
		{"opponent RD negative", good, []GlickoResult{{1500, -1, 1}}, 0.5},
	}
	for _, c := range cases {
		if _, err := GlickoPeriod(c.p, c.res, c.tau); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
