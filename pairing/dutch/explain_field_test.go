package dutch

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hakem-chess/hakem/pairing/matching"
)

// TestFieldCmp checks the comparison of a weight's fields word by word
// against the same fields cut out of big integers, on weights of one to
// four words whose words share bits (so that fields straddle words and
// often agree up to a low bit), for fields of every start and of widths
// from 1 to past the weights' end.
func TestFieldCmp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	toInt := func(w matching.Weight) *big.Int {
		x := new(big.Int)
		for i := len(w) - 1; i >= 0; i-- {
			x.Lsh(x, 64)
			x.Or(x, new(big.Int).SetUint64(w[i]))
		}
		return x
	}
	field := func(x *big.Int, at, width uint) *big.Int {
		v := new(big.Int).Rsh(x, at)
		mask := new(big.Int).Lsh(big.NewInt(1), width)
		mask.Sub(mask, big.NewInt(1))
		return v.And(v, mask)
	}
	word := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return 0
		case 1:
			return ^uint64(0)
		}
		return rng.Uint64()
	}
	for n := 0; n < 20000; n++ {
		words := 1 + rng.IntN(4)
		a, b := matching.NewWeight(words), matching.NewWeight(words)
		for i := range a {
			a[i] = word()
			b[i] = a[i]
			if rng.IntN(3) == 0 {
				b[i] ^= 1 << rng.IntN(64)
			}
		}
		if rng.IntN(4) == 0 {
			b = b[:1+rng.IntN(words)] // a narrower weight reads as zero above its end
		}
		at := uint(rng.IntN(64*words + 8))
		width := uint(1 + rng.IntN(64*words+70))
		want := field(toInt(a), at, width).Cmp(field(toInt(b), at, width))
		if got := fieldCmp(a, b, at, width); got != want {
			t.Fatalf("fieldCmp(%x, %x, %d, %d) = %d; want %d", a, b, at, width, got, want)
		}
	}
}
