package ratings

import (
	"errors"
	"testing"
)

func TestKFactor(t *testing.T) {
	cases := []struct {
		name string
		p    EloPlayer
		c    Category
		want int
	}{
		{"new player under 30 games", EloPlayer{Rating: 1650, RatedGames: 12}, Standard, 40},
		{"29 games is still new", EloPlayer{Rating: 2100, RatedGames: 29}, Standard, 40},
		{"30 games, adult", EloPlayer{Rating: 2100, RatedGames: 30}, Standard, 20},
		{"junior under 2300", EloPlayer{Rating: 2100, RatedGames: 200, BirthYear: 2010, PeriodYear: 2026}, Standard, 40},
		{"year of the 18th birthday", EloPlayer{Rating: 2100, RatedGames: 200, BirthYear: 2008, PeriodYear: 2026}, Standard, 40},
		{"year after the 18th birthday", EloPlayer{Rating: 2100, RatedGames: 200, BirthYear: 2007, PeriodYear: 2026}, Standard, 20},
		{"junior at 2300", EloPlayer{Rating: 2300, RatedGames: 200, BirthYear: 2010, PeriodYear: 2026}, Standard, 20},
		{"junior, birth year unknown", EloPlayer{Rating: 2100, RatedGames: 200}, Standard, 20},
		{"under 2400", EloPlayer{Rating: 2399, RatedGames: 100}, Standard, 20},
		{"2400 reached", EloPlayer{Rating: 2400, RatedGames: 100}, Standard, 10},
		{"fell below 2400 after reaching it", EloPlayer{Rating: 2350, RatedGames: 100, Reached2400: true}, Standard, 10},
		{"rapid", EloPlayer{Rating: 2500, RatedGames: 5}, Rapid, 20},
		{"blitz", EloPlayer{Rating: 1500, RatedGames: 5}, Blitz, 20},
		{"federation's K", EloPlayer{Rating: 2100, K: 40}, Standard, 40},
	}
	for _, c := range cases {
		if got := KFactor(c.p, c.c); got != c.want {
			t.Errorf("%s: K = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestCappedK(t *testing.T) {
	cases := []struct{ k, n, want int }{
		{40, 17, 40}, {40, 18, 38}, {40, 20, 35}, {20, 35, 20}, {20, 36, 19}, {10, 70, 10}, {10, 71, 9}, {40, 0, 40},
	}
	for _, c := range cases {
		if got := CappedK(c.k, c.n); got != c.want {
			t.Errorf("CappedK(%d, %d) = %d, want %d", c.k, c.n, got, c.want)
		}
	}
}

func game(opp, score int) EloGame { return EloGame{OpponentRating: opp, Score: score, Played: true} }

func TestRatePeriod(t *testing.T) {
	adult := func(r int) EloPlayer { return EloPlayer{Rating: r, RatedGames: 100} }
	cases := []struct {
		name       string
		p          EloPlayer
		c          Category
		games      []EloGame
		wantChange int // hundredths, unrounded
		wantRound  int
		wantK      int
		wantRated  int
	}{
		{"win against 100 lower: PD 0.64", adult(2000), Standard, []EloGame{game(1900, 100)}, 720, 7, 20, 1},
		{"400-point rule: 500 counted as 400", adult(2000), Standard, []EloGame{game(1500, 100)}, 160, 2, 20, 1},
		{"400-point rule for the lower rated", adult(1500), Standard, []EloGame{game(2000, 0)}, -160, -2, 20, 1},
		{"2650 and above: the real difference", adult(2700), Standard, []EloGame{game(2200, 100)}, 40, 0, 10, 1},
		{"2650 and above losing to 500 lower", adult(2700), Standard, []EloGame{game(2200, 0)}, -960, -10, 10, 1},
		{"2649 still has the 400-point rule", adult(2649), Standard, []EloGame{game(2149, 0)}, -920, -9, 10, 1},
		{".5 rounded up", adult(2435), Standard, []EloGame{game(2400, 100)}, 450, 5, 10, 1},
		{".5 rounded away from zero", adult(2435), Standard, []EloGame{game(2400, 0)}, -550, -6, 10, 1},
		{"unplayed and unrated games not rated", adult(2000), Standard, []EloGame{
			{OpponentRating: 1900, Score: 100}, {OpponentRating: 0, Score: 100, Played: true},
			{OpponentRating: 1900, Score: 100, Played: true, Unrated: true}, game(2000, 50)}, 0, 0, 20, 1},
		{"rapid: 650 gap with a 2700 player not rated", adult(2700), Rapid, []EloGame{game(2050, 100)}, 0, 0, 20, 0},
		{"standard: the same game is rated", adult(2700), Standard, []EloGame{game(2050, 100)}, 10, 0, 10, 1},
		{"rapid: 600 gap exactly is rated", adult(2700), Rapid, []EloGame{game(2100, 0)}, -1960, -20, 20, 1},
		{"K×n cap: 20 games at K 40", EloPlayer{Rating: 1500, RatedGames: 0}, Standard, repeatGame(game(1500, 100), 20), 20 * 35 * 50, 350, 35, 20},
		{"cap counts other games of the period", EloPlayer{Rating: 1500, RatedGames: 0, OtherGames: 10}, Standard, repeatGame(game(1500, 100), 10), 10 * 35 * 50, 175, 35, 10},
	}
	for _, c := range cases {
		r, err := RatePeriod(c.p, c.games, c.c)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Change != c.wantChange || r.RatingChange != c.wantRound || r.K != c.wantK || r.Games != c.wantRated {
			t.Errorf("%s: change %d (%d) K %d games %d, want %d (%d) K %d games %d", c.name, r.Change, r.RatingChange, r.K, r.Games, c.wantChange, c.wantRound, c.wantK, c.wantRated)
		}
		if r.NewRating != c.p.Rating+r.RatingChange {
			t.Errorf("%s: new rating %d", c.name, r.NewRating)
		}
		sum := 0
		for _, l := range r.Lines {
			if l.Rated && l.Change != l.K*(l.Score-l.Expected) {
				t.Errorf("%s: line %+v does not add up", c.name, l)
			}
			sum += l.Change
		}
		if sum != r.Change || len(r.Lines) != len(c.games) {
			t.Errorf("%s: lines sum to %d over %d lines", c.name, sum, len(r.Lines))
		}
	}
}

func repeatGame(g EloGame, n int) []EloGame {
	out := make([]EloGame, n)
	for i := range out {
		out[i] = g
	}
	return out
}

func TestRatePeriodErrors(t *testing.T) {
	if _, err := RatePeriod(EloPlayer{}, nil, Standard); !errors.Is(err, ErrUnrated) {
		t.Errorf("unrated player: %v", err)
	}
	if _, err := RatePeriod(EloPlayer{Rating: 2000}, []EloGame{game(2000, 70)}, Standard); err == nil {
		t.Error("score of 0.7 accepted")
	}
}

// A win never lowers a rating, a loss never raises it, for every difference
// and both sides of the 2650 line.
func TestPropertyWinNeverLowers(t *testing.T) {
	for _, own := range []int{1400, 2000, 2399, 2400, 2649, 2650, 2800} {
		for opp := 1000; opp <= 3000; opp++ {
			for _, k := range []int{10, 20, 40} {
				w, _ := RatePeriod(EloPlayer{Rating: own, K: k}, []EloGame{game(opp, 100)}, Standard)
				l, _ := RatePeriod(EloPlayer{Rating: own, K: k}, []EloGame{game(opp, 0)}, Standard)
				if w.Change < 0 || w.RatingChange < 0 || l.Change > 0 || l.RatingChange > 0 {
					t.Fatalf("%d vs %d K %d: win %d, loss %d", own, opp, k, w.Change, l.Change)
				}
			}
		}
	}
}

// Between two K=20 players (both under 2650) rating points move from one to
// the other: the changes sum to 0 before rounding.
func TestPropertyZeroSumBetweenK20Players(t *testing.T) {
	for a := 1400; a < 2400; a += 7 {
		for b := 1400; b < 2400; b += 3 {
			for _, s := range []int{0, 50, 100} {
				ra, _ := RatePeriod(EloPlayer{Rating: a, K: 20}, []EloGame{game(b, s)}, Standard)
				rb, _ := RatePeriod(EloPlayer{Rating: b, K: 20}, []EloGame{game(a, 100-s)}, Standard)
				if ra.Change+rb.Change != 0 {
					t.Fatalf("%d vs %d score %d: %d + %d", a, b, s, ra.Change, rb.Change)
				}
			}
		}
	}
}

func TestInitialRating(t *testing.T) {
	g := func(opps []int, scores []int) []EloGame {
		var out []EloGame
		for i := range opps {
			out = append(out, game(opps[i], scores[i]))
		}
		return out
	}
	cases := []struct {
		name      string
		games     []EloGame
		want      int
		published bool
		p, dp     int
	}{
		// (1600+1700+1800+1900+2000+2×1800)/7 = 1800; (2.5+1)/7 = 0.50 → dp 0.
		{"50% against 1800 average", g([]int{1600, 1700, 1800, 1900, 2000}, []int{100, 0, 50, 100, 0}), 1800, true, 50, 0},
		// 14600/7 = 2085.71; 6/7 = 0.86 → dp 309: 2394.71, capped.
		{"5/5 against 2200: capped at 2200", g([]int{2200, 2200, 2200, 2200, 2200}, []int{100, 100, 100, 100, 100}), 2200, true, 86, 309},
		// 10600/7 = 1514.29; 1/7 = 0.14 → dp -309: 1205.29 → 1205.
		{"0/5 against 1400: disregarded", g([]int{1400, 1400, 1400, 1400, 1400}, []int{0, 0, 0, 0, 0}), 1205, false, 14, -309},
		// 10600/7 = 1514.29; 1.5/7 = 0.21 → dp -230: 1284.29 → 1284.
		{"0.5/5 against 1400: below the floor", g([]int{1400, 1400, 1400, 1400, 1400}, []int{50, 0, 0, 0, 0}), 1284, false, 21, -230},
		// 4 games: (2000×4+3600)/6 = 1933.33; 3/6 = 0.5.
		{"4 games: not published", g([]int{2000, 2000, 2000, 2000}, []int{100, 100, 0, 0}), 1933, false, 50, 0},
		// unplayed and unrated opponents ignored: 6 counted games, (1500×6+3600)/8 = 1575, (4+1)/8 = 0.625 → 0.63 → 95: 1670.
		{"unplayed games ignored", append(g([]int{1500, 1500, 1500, 1500, 1500, 1500, 0}, []int{100, 100, 100, 100, 0, 0, 100}), EloGame{OpponentRating: 1500, Score: 100}), 1670, true, 63, 95},
	}
	for _, c := range cases {
		r := InitialRating(c.games)
		if r.Rating != c.want || r.Published != c.published || r.P != c.p || r.Dp != c.dp || (!r.Published && r.Note == "") {
			t.Errorf("%s: got %+v, want rating %d published %v p %d dp %d", c.name, r, c.want, c.published, c.p, c.dp)
		}
	}
}
