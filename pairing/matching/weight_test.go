package matching

import (
	"math/big"
	"testing"
)

// TestAddShifted compares AddShifted with big-integer arithmetic, across
// word boundaries, with carries, and with bits beyond the width dropped.
func TestAddShifted(t *testing.T) {
	for _, c := range []struct {
		name  string
		start Weight
		x     uint64
		n     uint
	}{
		{"inside the lowest word", Weight{1, 0, 0}, 5, 3},
		{"at a word boundary", Weight{0, 0, 0}, 7, 64},
		{"straddling two words", Weight{0, 0, 0}, ^uint64(0), 60},
		{"carry into the top word", Weight{0, ^uint64(0), 0}, 1, 64},
		{"carry from a straddling term", Weight{0xfffffffffffffff0, ^uint64(0), 0}, 0xff, 60},
		{"bits beyond the width dropped", Weight{0, 0, 0}, ^uint64(0), 150},
		{"entirely beyond the width", Weight{3, 0, 0}, 1, 192},
		{"zero shift", Weight{^uint64(0), 0, 1}, 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := c.start.Clone()
			w.AddShifted(c.x, c.n)
			want := new(big.Int).Lsh(new(big.Int).SetUint64(c.x), c.n)
			want.Add(want, toBig(c.start))
			want.Mod(want, new(big.Int).Lsh(big.NewInt(1), uint(64*len(w))))
			if toBig(w).Cmp(want) != 0 {
				t.Fatalf("got %x, want %x", toBig(w), want)
			}
		})
	}
}
