package check

import (
	"testing"
)

// FuzzRound: any proposed pairing, however wrong, gets a list of
// violations, each complete, and never a panic.
func FuzzRound(f *testing.F) {
	f.Add(3, []byte{5, 1, 4, 3, 7, 2}, 6)
	f.Add(0, []byte{}, 0)
	f.Add(-2, []byte{1, 1, 0, 200}, 99)
	f.Fuzz(func(t *testing.T, round int, numbers []byte, bye int) {
		file := fixtureA(t)
		var pairs [][2]int
		for i := 0; i+1 < len(numbers); i += 2 {
			pairs = append(pairs, [2]int{int(numbers[i]) - 1, int(numbers[i+1])})
		}
		for _, v := range Round(file, round, pairs, bye) {
			if v.Rule == "" || v.Explanation == "" || len(v.Players) == 0 {
				t.Fatalf("incomplete violation %+v", v)
			}
		}
	})
}
