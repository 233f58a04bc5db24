package ratings

// ExpectedScore returns the scoring probability, in hundredths of a point, of
// a player whose rating exceeds the opponent's by diff (negative when the
// player is the lower rated), from FIDE table 8.1.2. No 400-point rule is
// applied here: see EloGame for that.
func ExpectedScore(diff int) int {
	d := diff
	if d < 0 {
		d = -d
	}
	high := 100
	if d < len(pdByDiff) {
		high = int(pdByDiff[d])
	}
	if diff < 0 {
		return 100 - high
	}
	return high
}

// RatingDifference returns dp of FIDE table 8.1.1 for a fractional score p
// given in hundredths (0..100; values outside are clamped). The ends, 0 and
// 100, give the notional -800 and +800 of the regulations.
func RatingDifference(p int) int {
	if p < 0 {
		p = 0
	}
	if p > 100 {
		p = 100
	}
	return dpTable[p]
}

// pdByDiff is table 8.1.2 unrolled: the higher rated player's expectation
// for each difference below the open last band.
var pdByDiff = unrollPD()

func unrollPD() []int8 {
	last := pdTable[len(pdTable)-1]
	out := make([]int8, last.MinDiff)
	for _, b := range pdTable[:len(pdTable)-1] {
		for d := b.MinDiff; d <= b.MaxDiff; d++ {
			out[d] = int8(b.High)
		}
	}
	return out
}
