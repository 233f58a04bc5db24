package ratings

// AverageOpponentRating returns ARO: the mean of the ratings, rounded to a
// whole number with halves up, as FIDE's tie-break tools round it. ok is
// false when there are no ratings.
func AverageOpponentRating(ratings []int) (aro int, ok bool) {
	if len(ratings) == 0 {
		return 0, false
	}
	sum := 0
	for _, r := range ratings {
		sum += r
	}
	return roundHalfUp(sum, len(ratings)), true
}

// PerformanceRating returns TPR: ARO plus dp of table 8.1.1 for the
// fractional score p = score / games, p rounded to whole hundredths with
// halves up. score is in hundredths of a point (a draw is 50). ok is false
// when there are no ratings.
func PerformanceRating(score int, ratings []int) (tpr int, ok bool) {
	aro, ok := AverageOpponentRating(ratings)
	if !ok {
		return 0, false
	}
	p := roundHalfUp(score, len(ratings))
	return aro + RatingDifference(p), true
}

// PerfectPerformance returns PTP (the perfect tournament performance): the
// lowest whole rating R whose expected score (table 8.1.2) against the
// ratings reaches score (hundredths). A score of 0 gives the lowest rating
// − 800; a full score the highest rating + 736, where the table reaches 1.
func PerfectPerformance(score int, ratings []int) (ptp int, ok bool) {
	if len(ratings) == 0 {
		return 0, false
	}
	lo, hi := ratings[0], ratings[0]
	for _, r := range ratings {
		lo = min(lo, r)
		hi = max(hi, r)
	}
	if score <= 0 {
		return lo - 800, true
	}
	if score > 100*len(ratings) {
		return hi + 800, true
	}
	expected := func(r int) int {
		s := 0
		for _, o := range ratings {
			s += ExpectedScore(r - o)
		}
		return s
	}
	// invariant: expected(a) < score <= expected(b)
	a, b := lo-800, hi+800
	for b-a > 1 {
		m := a + (b-a)/2
		if expected(m) >= score {
			b = m
		} else {
			a = m
		}
	}
	return b, true
}
