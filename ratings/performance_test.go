package ratings

import "testing"

func TestPerformance(t *testing.T) {
	cases := []struct {
		name          string
		score         int
		ratings       []int
		aro, tpr, ptp int
	}{
		// 2001.5 rounds up; p = 50 → dp 0.
		{"half up average", 100, []int{2000, 2003}, 2002, 2002, 2000},
		{"full score: highest + 736", 300, []int{1800, 2000, 2200}, 2000, 2800, 2936},
		{"zero: lowest − 800", 0, []int{1800, 2000, 2200}, 2000, 1200, 1000},
		// p = 2.5/3 = 0.8333 → 83 → dp 273.
		{"2.5 of 3", 250, []int{2000, 2000, 2000}, 2000, 2273, 0},
		// p = 1/8 = 0.125 → 13 → dp -322.
		{"p rounded half up", 100, []int{2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000}, 2000, 1678, 0},
	}
	for _, c := range cases {
		aro, ok1 := AverageOpponentRating(c.ratings)
		tpr, ok2 := PerformanceRating(c.score, c.ratings)
		ptp, ok3 := PerfectPerformance(c.score, c.ratings)
		if !ok1 || !ok2 || !ok3 || aro != c.aro || tpr != c.tpr || (c.ptp != 0 && ptp != c.ptp) {
			t.Errorf("%s: ARO %d TPR %d PTP %d, want %d %d %d", c.name, aro, tpr, ptp, c.aro, c.tpr, c.ptp)
		}
		// PTP is the least rating whose expected score reaches the score.
		exp := func(r int) int {
			s := 0
			for _, o := range c.ratings {
				s += ExpectedScore(r - o)
			}
			return s
		}
		if c.score > 0 && (exp(ptp) < c.score || exp(ptp-1) >= c.score) {
			t.Errorf("%s: PTP %d is not the least rating reaching %d", c.name, ptp, c.score)
		}
	}
	if _, ok := PerformanceRating(100, nil); ok {
		t.Error("TPR without games")
	}
}
