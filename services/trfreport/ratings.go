package trfreport

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// RatingOptions are what a TRF file does not say about K-factors.
type RatingOptions struct {
	Category ratings.Category
	// Year is the calendar year of the rating period, for the junior rule
	// (K 40 until the end of the year of the 18th birthday, birth years
	// read from the player lines). 0: taken from the file's end or start
	// date; when neither has a year the junior rule is not applied.
	Year int
	// K gives the federation's K-factor per start number. It is how new
	// players (K 40 until 30 games) and players who once reached 2400 (K 10)
	// are entered: a TRF file records neither. Players not listed are taken
	// to have 30 games or more and never to have reached 2400 unless rated
	// 2400 or more now.
	K map[int]int
}

// PlayerRating is one player's rating report.
type PlayerRating struct {
	No, Rating int
	// Elo is the change of a rated player; Initial the first rating of an
	// unrated one (Rating 0).
	Elo     *ratings.EloReport
	Initial *ratings.InitialReport
}

var yearRE = regexp.MustCompile(`\b(1[89]\d\d|2\d\d\d)\b`)

// yearOf returns the four-digit year in a date written YYYY/MM/DD,
// DD/MM/YYYY, DD.MM.YYYY or YYYY, or 0.
func yearOf(date string) int {
	m := yearRE.FindString(strings.NewReplacer("/", " ", ".", " ", "-", " ").Replace(date))
	y, _ := strconv.Atoi(m)
	return y
}

// RatingReport computes each player's Elo change for the tournament of f
// (or, for an unrated player, his initial rating from this tournament
// alone), in start-number order.
func RatingReport(f *trf.File, opt RatingOptions) ([]PlayerRating, error) {
	t, err := Tournament(f)
	if err != nil {
		return nil, err
	}
	year := opt.Year
	if year == 0 {
		year = yearOf(f.EndDate)
	}
	if year == 0 {
		year = yearOf(f.StartDate)
	}
	byNo := map[int]*trf.Player{}
	for i := range f.Players {
		byNo[f.Players[i].StartNo] = &f.Players[i]
	}
	out := make([]PlayerRating, 0, len(t.Entrants))
	for _, e := range t.Entrants {
		games := make([]ratings.EloGame, 0, len(e.Rounds))
		for r, rd := range e.Rounds {
			if rd.Opponent == 0 {
				continue
			}
			g := ratings.EloGame{Round: r + 1, Opponent: rd.Opponent, OpponentRating: t.Entrants[rd.Opponent-1].Rating,
				Played: rd.Kind.Played(), Unrated: rd.Unrated}
			switch rd.Kind {
			case ratings.Win, ratings.ForfeitWin:
				g.Score = 100
			case ratings.Draw:
				g.Score = 50
			}
			games = append(games, g)
		}
		pr := PlayerRating{No: e.No, Rating: e.Rating}
		if e.Rating <= 0 {
			ir := ratings.InitialRating(games)
			pr.Initial = &ir
		} else {
			p := ratings.EloPlayer{Rating: e.Rating, RatedGames: 30, BirthYear: yearOf(byNo[e.No].BirthDate), PeriodYear: year, K: opt.K[e.No]}
			rep, err := ratings.RatePeriod(p, games, opt.Category)
			if err != nil {
				return nil, fmt.Errorf("trfreport: player %d: %w", e.No, err)
			}
			pr.Elo = &rep
		}
		out = append(out, pr)
	}
	return out, nil
}

// hundredths prints n/100 with two decimals ("-5.50").
func hundredths(n int) string {
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%s%d.%02d", sign, n/100, n%100)
}

// WriteRatingsTSV writes one row per player with the header
//
//	no  rating  K  exp  score  change
//
// exp and score are the sums over the rated games (two decimals), change
// the unrounded K × (score − exp) (two decimals; the rating list adds the
// period's total rounded, .5 away from zero). An unrated player has rating
// 0, K, exp and change "-", and his score against rated opponents.
func WriteRatingsTSV(w io.Writer, rs []PlayerRating) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "no\trating\tK\texp\tscore\tchange")
	for _, r := range rs {
		if r.Elo != nil {
			fmt.Fprintf(bw, "%d\t%d\t%d\t%s\t%s\t%s\n", r.No, r.Rating, r.Elo.K, hundredths(r.Elo.Expected), hundredths(r.Elo.Score), hundredths(r.Elo.Change))
		} else {
			fmt.Fprintf(bw, "%d\t0\t-\t-\t%s\t-\n", r.No, hundredths(r.Initial.Score))
		}
	}
	return bw.Flush()
}

// WriteRatingDetail writes the report a rating officer checks: per player
// the K-factor and one line per game (round, opponent, his rating, the
// difference and the difference used, expected and actual score, K and
// the change), then the totals; for an unrated player the initial-rating
// computation.
func WriteRatingDetail(w io.Writer, rs []PlayerRating) error {
	bw := bufio.NewWriter(w)
	for _, r := range rs {
		if r.Initial != nil {
			ir := r.Initial
			fmt.Fprintf(bw, "player %d unrated: %d games against rated opponents, score %s; Ra (with two 1800 draws) %s, p %s, dp %d: rating %d",
				r.No, ir.Games, hundredths(ir.Score), hundredths(ir.Ra), hundredths(ir.P), ir.Dp, ir.Rating)
			if ir.Published {
				fmt.Fprintln(bw, " (published)")
			} else {
				fmt.Fprintf(bw, " (not published: %s)\n", ir.Note)
			}
			continue
		}
		e := r.Elo
		fmt.Fprintf(bw, "player %d rating %d K %d", r.No, r.Rating, e.K)
		if e.K != e.BaseK {
			fmt.Fprintf(bw, " (K %d capped: K×n ≤ 700)", e.BaseK)
		}
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "round\topp\toppRating\tdiff\tused\texp\tscore\tK\tchange\tnote")
		for _, l := range e.Lines {
			if !l.Rated {
				fmt.Fprintf(bw, "%d\t%d\t%d\t-\t-\t-\t%s\t-\t-\t%s\n", l.Round, l.Opponent, l.OpponentRating, hundredths(l.Score), l.Note)
				continue
			}
			fmt.Fprintf(bw, "%d\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t%s\t%s\n", l.Round, l.Opponent, l.OpponentRating, l.Diff, l.UsedDiff,
				hundredths(l.Expected), hundredths(l.Score), l.K, hundredths(l.Change), l.Note)
		}
		fmt.Fprintf(bw, "total\t%d games\texp %s\tscore %s\tchange %s\trounded %+d\tnew rating %d\n\n", e.Games, hundredths(e.Expected), hundredths(e.Score), hundredths(e.Change), e.RatingChange, e.NewRating)
	}
	return bw.Flush()
}
