package trfreport

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// line builds a TRF-16 player line with round entries like "2 w 1".
func line(no, rating int, rounds ...string) string {
	s := []byte(strings.Repeat(" ", 89))
	copy(s, "001")
	put := func(col int, v string) { copy(s[col-1:], v) }
	put(5, padLeft(itoa(no), 4))
	put(15, "Player "+itoa(no))
	if rating > 0 {
		put(49, padLeft(itoa(rating), 4))
	}
	put(81, padLeft("0.0", 4))
	out := string(s)
	for _, r := range rounds {
		f := strings.Fields(r)
		opp := f[0]
		if opp == "0" {
			opp = "0000"
		}
		out += "  " + padLeft(opp, 4) + " " + f[1] + " " + f[2]
	}
	return out
}

func padLeft(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

func parse(t *testing.T, lines ...string) *trf.File {
	t.Helper()
	f, err := trf.Read(strings.NewReader("012 test\n" + strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRoundMapping(t *testing.T) {
	cases := []struct {
		rr   trf.RoundResult
		want ratings.Round
		err  bool
	}{
		{trf.RoundResult{Opponent: 2, Color: trf.White, Result: trf.Win}, ratings.Round{Opponent: 2, Color: ratings.White, Kind: ratings.Win}, false},
		{trf.RoundResult{Opponent: 2, Color: trf.Black, Result: trf.UnratedDraw}, ratings.Round{Opponent: 2, Color: ratings.Black, Kind: ratings.Draw, Unrated: true}, false},
		{trf.RoundResult{Opponent: 2, Color: trf.Black, Result: trf.ForfeitLoss}, ratings.Round{Opponent: 2, Color: ratings.Black, Kind: ratings.ForfeitLoss}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.ForfeitWin}, ratings.Round{Kind: ratings.PairingBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.PairingBye}, ratings.Round{Kind: ratings.PairingBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.HalfPointBye}, ratings.Round{Kind: ratings.HalfBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.Draw}, ratings.Round{Kind: ratings.HalfBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.FullPointBye}, ratings.Round{Kind: ratings.FullBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.ZeroPointBye}, ratings.Round{Kind: ratings.ZeroBye}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.ForfeitLoss}, ratings.Round{Kind: ratings.ZeroBye}, false},
		{trf.RoundResult{Opponent: 3, Color: trf.White, Result: trf.NoResult}, ratings.Round{Kind: ratings.Absent}, false},
		{trf.RoundResult{Color: trf.NoColor, Result: trf.Win}, ratings.Round{}, true},
		{trf.RoundResult{Opponent: 2, Color: trf.White, Result: trf.HalfPointBye}, ratings.Round{}, true},
		{trf.RoundResult{Opponent: 2, Color: trf.White, Result: 'Q'}, ratings.Round{}, true},
	}
	for _, c := range cases {
		got, err := round(c.rr)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("%+v: got %+v, %v; want %+v (error %v)", c.rr, got, err, c.want, c.err)
		}
	}
}

func TestTournamentChecks(t *testing.T) {
	// start numbers with a gap
	f := parse(t, line(1, 2000, "0 - H"), line(3, 2000, "0 - U"))
	if _, err := Tournament(f); err == nil || !strings.Contains(err.Error(), "start number") {
		t.Errorf("gap in start numbers: %v", err)
	}
	// a game one side does not list
	f = &trf.File{PointSystem: trf.DefaultPointSystem(), Players: []trf.Player{
		{StartNo: 1, Rounds: []trf.RoundResult{{Opponent: 2, Color: trf.White, Result: trf.Win}}},
		{StartNo: 2, Rounds: []trf.RoundResult{{Opponent: 1, Color: trf.Black, Result: trf.ForfeitLoss}}},
	}}
	if _, err := Tournament(f); err == nil {
		t.Error("one-sided game accepted")
	}
	// a column of absences entered ahead of the next round is not a round
	f = parse(t, line(1, 2000, "2 w 1", "0 - H"), line(2, 2000, "1 b 0", "0 - Z"))
	tour, err := Tournament(f)
	if err != nil {
		t.Fatal(err)
	}
	if tour.Rounds != 1 {
		t.Errorf("rounds %d, want 1", tour.Rounds)
	}
}

func TestRatingReport(t *testing.T) {
	// 1 (2000) beats 2 (1900) and draws 3 (2450, K 10 from 2400); 4 is
	// unrated, 2 beats him; 5 has a forfeit win over 3.
	f := parse(t,
		line(1, 2000, "2 w 1", "3 b ="),
		line(2, 1900, "1 b 0", "4 w 1"),
		line(3, 2450, "5 w -", "1 w ="),
		line(4, 0, "0 - H", "2 b 0"),
		line(5, 1500, "3 b +", "0 - U"),
	)
	rs, err := RatingReport(f, RatingOptions{K: map[int]int{5: 40}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteRatingsTSV(&buf, rs); err != nil {
		t.Fatal(err)
	}
	// 1: vs 1900 PD .64, won: +.36; vs 2450 (diff -450 → -400) PD .08,
	//    drew: +.42; K 20: 15.60.
	// 2: vs 2000 PD .36, lost: -.36 × 20; the unrated 4 is not rated.
	// 3: the forfeit is not rated; vs 2000 (diff 450 → 400) PD .92, drew:
	//    -.42 × 10.
	// 4: unrated, scored 0 against rated opponents.
	// 5: nothing played; K 40 as given.
	want := "no\trating\tK\texp\tscore\tchange\n" +
		"1\t2000\t20\t0.72\t1.50\t15.60\n" +
		"2\t1900\t20\t0.36\t0.00\t-7.20\n" +
		"3\t2450\t10\t0.92\t0.50\t-4.20\n" +
		"4\t0\t-\t-\t0.00\t-\n" +
		"5\t1500\t40\t0.00\t0.00\t0.00\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	buf.Reset()
	if err := WriteRatingDetail(&buf, rs); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"2\t3\t2450\t-450\t-400\t0.08\t0.50\t20\t8.40\t400-point rule",
		"1\t5\t1500\t-\t-\t-\t0.00\t-\t-\tunplayed",
		"total\t2 games\texp 0.72\tscore 1.50\tchange 15.60\trounded +16\tnew rating 2016",
		"player 4 unrated: 1 games against rated opponents",
		"not published: no points scored",
	} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("detail lacks %q:\n%s", s, buf.String())
		}
	}
}

func TestJuniorKFromBirthDate(t *testing.T) {
	l1 := []byte(line(1, 2100, "2 w 1"))
	copy(l1[69:], "2010/05/01")
	f := parse(t, "052 2026/11/29", string(l1), line(2, 2100, "1 b 0"))
	rs, err := RatingReport(f, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].Elo.K != 40 || rs[1].Elo.K != 20 {
		t.Errorf("K %d and %d, want 40 (junior born 2010, period 2026) and 20", rs[0].Elo.K, rs[1].Elo.K)
	}
}
