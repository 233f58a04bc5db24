package ratings

// InitialReport is the computation of an unrated player's first rating
// (FIDE B.02, 2024: section 7.1), line by line.
type InitialReport struct {
	// Games is the number of played, rated games against rated opponents;
	// Score the points in them, in hundredths.
	Games, Score int
	// Ra is the average rating of those opponents and of two hypothetical
	// opponents rated 1800, in hundredths of a rating point (unrounded).
	Ra int
	// P is the fractional score including the two hypothetical draws, in
	// hundredths (rounded to the nearest hundredth, halves up); Dp its
	// rating difference from table 8.1.1.
	P, Dp int
	// Rating is Ra + dp rounded to a whole number and capped at 2200.
	Rating int
	// Published says the rating would appear on the list: at least 5 games
	// against rated opponents and a rating of at least 1400.
	Published bool
	Note      string
}

// Hypothetical1800 is the rating of the two hypothetical opponents, each
// drawn against, that FIDE adds to an unrated player's results.
const Hypothetical1800 = 1800

// InitialRating computes an unrated player's rating from games against rated
// opponents (FIDE B.02 7.1, 2024): Ru = Ra + dp, where Ra is the average
// rating of the opponents together with two hypothetical opponents rated 1800
// and dp comes from table 8.1.1 for the score including a draw against each
// of them. The result is rounded, capped at 2200, and published only after 5
// games against rated opponents and when at least 1400; an event in which
// the player scored nothing is disregarded. Unplayed games,
// games not to be rated and games against unrated opponents do not count.
func InitialRating(games []EloGame) InitialReport {
	var r InitialReport
	sum := 2 * Hypothetical1800
	for _, g := range games {
		if !g.Played || g.Unrated || g.OpponentRating <= 0 {
			continue
		}
		r.Games++
		r.Score += g.Score
		sum += g.OpponentRating
	}
	n := r.Games + 2
	r.Ra = roundHalfUp(sum*100, n)
	r.P = roundHalfUp(r.Score+100, n)
	r.Dp = RatingDifference(r.P)
	r.Rating = roundHalfAway(sum*100+r.Dp*100*n, 100*n)
	if r.Rating > 2200 {
		r.Rating = 2200
		r.Note = "capped at 2200"
	}
	switch {
	case r.Games > 0 && r.Score == 0:
		r.Note = "no points scored: the event is disregarded"
	case r.Games < 5:
		r.Note = "fewer than 5 games against rated opponents"
	case r.Rating < 1400:
		r.Note = "below 1400"
	default:
		r.Published = true
	}
	return r
}
