package ratings

import (
	"errors"
	"fmt"
)

// Category is the FIDE rating list a game counts for.
type Category uint8

// The three FIDE rating lists.
const (
	Standard Category = iota
	Rapid
	Blitz
)

// String names the category as FIDE does.
func (c Category) String() string {
	switch c {
	case Rapid:
		return "rapid"
	case Blitz:
		return "blitz"
	}
	return "standard"
}

// EloPlayer is what the K-factor and the 400-point rule need to know about a
// rated player at the start of a rating period.
type EloPlayer struct {
	// Rating is the published rating the period starts from (0: unrated).
	Rating int
	// RatedGames is the number of rated games the player completed before
	// the period (the 30-game rule for players new to the list).
	RatedGames int
	// BirthYear is the year of birth (0: unknown, the junior rule is not
	// applied).
	BirthYear int
	// PeriodYear is the calendar year of the rating period (0: unknown).
	PeriodYear int
	// Reached2400 says the published rating has reached 2400 at some time:
	// K stays 10 for good.
	Reached2400 bool
	// OtherGames counts games rated for the player in the same period in
	// other events; they count towards the K×n ≤ 700 cap.
	OtherGames int
	// K, when not 0, is the K-factor the federation's records give; it
	// replaces the rules of KFactor (the 700 cap still applies).
	K int
}

// KFactor returns the development coefficient K of FIDE B.02 8.3.3 before
// the K×n ≤ 700 cap: 40 for a player new to the list until 30 games are
// completed; 40 until the end of the year of the 18th birthday while the
// rating is under 2300; 10 once the rating has reached 2400 (for good);
// otherwise 20. Rapid and blitz use K = 20 for everyone.
func KFactor(p EloPlayer, c Category) int {
	if p.K != 0 {
		return p.K
	}
	if c != Standard {
		return 20
	}
	switch {
	case p.RatedGames < 30 && !p.Reached2400 && p.Rating < 2400:
		return 40
	case p.BirthYear > 0 && p.PeriodYear > 0 && p.PeriodYear-p.BirthYear <= 18 && p.Rating < 2300 && !p.Reached2400:
		return 40
	case p.Reached2400 || p.Rating >= 2400:
		return 10
	}
	return 20
}

// CappedK applies FIDE B.02 8.3.3.1: when K×n exceeds 700 for the n games of
// the period, K becomes the largest whole number with K×n ≤ 700.
func CappedK(k, n int) int {
	if n > 0 && k*n > 700 {
		return 700 / n
	}
	return k
}

// EloGame is one game of a player in a rating period.
type EloGame struct {
	// Round is the round number (for the report only).
	Round int
	// Opponent is the opponent's start number (for the report only).
	Opponent int
	// OpponentRating is the opponent's rating (0: unrated).
	OpponentRating int
	// Score is the player's score in hundredths: 100, 50 or 0.
	Score int
	// Played is false for forfeits and byes: they are never rated.
	Played bool
	// Unrated marks a game played but not to be rated (TRF 'W', 'D', 'L').
	Unrated bool
}

// EloLine is the arithmetic of one game, as a rating officer checks it.
// Scores and expected scores are in hundredths of a point; Change is in
// hundredths of a rating point (K × (Score − Expected)).
type EloLine struct {
	Round, Opponent, OpponentRating int
	// Diff is the player's rating minus the opponent's; UsedDiff is the
	// difference after the 400-point rule.
	Diff, UsedDiff  int
	Expected, Score int
	K               int
	Change          int
	// Rated is false when the game does not count; Note says why.
	Rated bool
	Note  string
}

// EloReport is a player's rating change for a period (or one event).
type EloReport struct {
	Rating int
	// K is the K-factor used, after the 700 cap; BaseK before it.
	K, BaseK int
	// Games is the number of rated games; Expected and Score their sums in
	// hundredths.
	Games           int
	Expected, Score int
	// Change is the unrounded change in hundredths of a rating point;
	// RatingChange it rounded to a whole number, .5 away from zero.
	Change       int
	RatingChange int
	NewRating    int
	Lines        []EloLine
}

// ErrUnrated is returned by RatePeriod for a player without a rating: use
// InitialRating for them.
var ErrUnrated = errors.New("ratings: player is unrated; compute an initial rating instead")

// RatePeriod computes the rating change of a rated player from the games of
// one period in the given category (FIDE B.02 8.3): for each game against a
// rated opponent, the difference D (counted as 400 when above 400, unless the
// player is rated 2650 or more), the expected score PD from table 8.1.2, and
// K × (score − PD); the sum is rounded to a whole number, .5 away from zero.
// Unplayed games and games against unrated opponents are listed but not
// rated; in rapid and blitz, a game with a gap above 600 points is not rated
// when either player is rated above 2600.
func RatePeriod(p EloPlayer, games []EloGame, c Category) (EloReport, error) {
	if p.Rating <= 0 {
		return EloReport{}, ErrUnrated
	}
	r := EloReport{Rating: p.Rating, BaseK: KFactor(p, c)}
	lines := make([]EloLine, 0, len(games))
	for _, g := range games {
		if g.Score != 0 && g.Score != 50 && g.Score != 100 {
			return EloReport{}, fmt.Errorf("ratings: round %d: score %d is not 0, 50 or 100 hundredths", g.Round, g.Score)
		}
		l := EloLine{Round: g.Round, Opponent: g.Opponent, OpponentRating: g.OpponentRating, Score: g.Score}
		switch {
		case !g.Played:
			l.Note = "unplayed"
		case g.Unrated:
			l.Note = "not rated"
		case g.OpponentRating <= 0:
			l.Note = "unrated opponent"
		default:
			l.Diff = p.Rating - g.OpponentRating
			l.UsedDiff = l.Diff
			gap := l.Diff
			if gap < 0 {
				gap = -gap
			}
			if c != Standard && gap > 600 && (p.Rating > 2600 || g.OpponentRating > 2600) {
				l.Note = "gap above 600 with a player above 2600"
				break
			}
			if p.Rating < 2650 && gap > 400 {
				l.UsedDiff = 400 * sign(l.Diff)
				l.Note = "400-point rule"
			}
			l.Rated = true
			l.Expected = ExpectedScore(l.UsedDiff)
		}
		lines = append(lines, l)
		if l.Rated {
			r.Games++
		}
	}
	r.K = CappedK(r.BaseK, r.Games+p.OtherGames)
	for i := range lines {
		if !lines[i].Rated {
			continue
		}
		lines[i].K = r.K
		lines[i].Change = r.K * (lines[i].Score - lines[i].Expected)
		r.Expected += lines[i].Expected
		r.Score += lines[i].Score
		r.Change += lines[i].Change
	}
	r.Lines = lines
	r.RatingChange = roundHalfAway(r.Change, 100)
	r.NewRating = p.Rating + r.RatingChange
	return r, nil
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// roundHalfAway returns num/den rounded to the nearest integer, halves away
// from zero (den > 0).
func roundHalfAway(num, den int) int {
	if num < 0 {
		return -((-num*2 + den) / (2 * den))
	}
	return (num*2 + den) / (2 * den)
}

// roundHalfUp returns num/den rounded to the nearest integer, halves towards
// +infinity (den > 0), as FIDE's tie-break tools round averages.
func roundHalfUp(num, den int) int {
	q := floorDiv(num*2+den, 2*den)
	return q
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
