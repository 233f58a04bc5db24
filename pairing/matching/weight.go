// Package matching computes maximum-weight matchings of general graphs with
// Edmonds' blossom algorithm (the primal-dual method, O(n³)).
//
// Edge weights are non-negative integers of any fixed width (Weight, a
// little-endian slice of 64-bit words), because the Dutch pairing rules pack
// twenty-odd criteria into one weight and so need far more than 64 bits.
//
// Graph.MaxWeightMatching solves from scratch; a Matcher keeps the optimum
// of a Graph whose weights change at a few vertices at a time, re-using the
// dual solution of the previous optimum (see Matcher).
package matching

import "math/bits"

// Weight is a non-negative integer stored as little-endian 64-bit words.
// All weights of one Graph have the same number of words (Graph.Words).
type Weight []uint64

// NewWeight returns a zero Weight of the given number of words.
func NewWeight(words int) Weight { return make(Weight, words) }

// IsZero reports whether w is zero. It looks at the most significant word
// first, where the weights of pairing set their highest criteria.
func (w Weight) IsZero() bool {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return false
		}
	}
	return true
}

// Clear sets w to zero. (A weight is a few words: the counted loop
// stores them where a range loop would become a call of the runtime's
// memory clearing, which costs more than the stores.)
func (w Weight) Clear() {
	for i := 0; i < len(w); i++ {
		w[i] = 0
	}
}

// Set copies v into w (both of the same width).
func (w Weight) Set(v Weight) { copy(w, v) }

// Clone returns a copy of w.
func (w Weight) Clone() Weight { return append(Weight(nil), w...) }

// Cmp returns -1, 0 or +1 as w is less than, equal to or greater than v.
func (w Weight) Cmp(v Weight) int {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != v[i] {
			if w[i] < v[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Lsh shifts w left by n bits in place; bits shifted out of the top are lost.
func (w Weight) Lsh(n uint) {
	if n == 0 {
		return
	}
	words, rest := int(n/64), n%64
	for i := len(w) - 1; i >= 0; i-- {
		var x uint64
		if j := i - words; j >= 0 {
			x = w[j] << rest
			if rest != 0 && j-1 >= 0 {
				x |= w[j-1] >> (64 - rest)
			}
		}
		w[i] = x
	}
}

// Rsh1 halves w in place (shifts right by one bit).
func (w Weight) Rsh1() {
	for i := 0; i < len(w); i++ {
		w[i] >>= 1
		if i+1 < len(w) {
			w[i] |= w[i+1] << 63
		}
	}
}

// AddSmall adds x to w in place.
func (w Weight) AddSmall(x uint64) {
	var c uint64
	w[0], c = bits.Add64(w[0], x, 0)
	for i := 1; c != 0 && i < len(w); i++ {
		w[i], c = bits.Add64(w[i], 0, c)
	}
}

// SubSmall subtracts x from w in place (w must be at least x).
func (w Weight) SubSmall(x uint64) {
	var b uint64
	w[0], b = bits.Sub64(w[0], x, 0)
	for i := 1; b != 0 && i < len(w); i++ {
		w[i], b = bits.Sub64(w[i], 0, b)
	}
}

// OrSmall sets the bits of x in the lowest word of w.
func (w Weight) OrSmall(x uint64) { w[0] |= x }

// AddBit adds 2^k to w in place.
func (w Weight) AddBit(k uint) {
	i := int(k / 64)
	if i >= len(w) {
		return
	}
	var c uint64
	w[i], c = bits.Add64(w[i], 1<<(k%64), 0)
	for i++; c != 0 && i < len(w); i++ {
		w[i], c = bits.Add64(w[i], 0, c)
	}
}

// AddShifted adds x·2^n to w in place; bits beyond w's width are lost.
func (w Weight) AddShifted(x uint64, n uint) {
	i, r := int(n/64), n%64
	if i >= len(w) {
		return
	}
	var c uint64
	w[i], c = bits.Add64(w[i], x<<r, 0)
	i++
	if r != 0 && i < len(w) {
		w[i], c = bits.Add64(w[i], x>>(64-r), c)
		i++
	}
	for ; c != 0 && i < len(w); i++ {
		w[i], c = bits.Add64(w[i], 0, c)
	}
}

// Add sets w to w+v.
func (w Weight) Add(v Weight) {
	var c uint64
	for i := range w {
		w[i], c = bits.Add64(w[i], v[i], c)
	}
}

// Sub sets w to w-v (w must be at least v).
func (w Weight) Sub(v Weight) {
	var b uint64
	for i := range w {
		w[i], b = bits.Sub64(w[i], v[i], b)
	}
}

// BitLen returns the number of bits needed to write w.
func (w Weight) BitLen() int {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + bits.Len64(w[i])
		}
	}
	return 0
}

// WordsFor returns the number of words a Weight needs to hold numbers of the
// given bit length.
func WordsFor(bitLen int) int {
	if bitLen <= 0 {
		return 1
	}
	return (bitLen + 63) / 64
}
