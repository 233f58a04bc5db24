package dutch

import (
	"math/bits"

	"github.com/hakem-chess/hakem/pairing/matching"
)

// layout is the bit layout of an edge weight. A weight is built from the
// most significant criterion down: each criterion shifts what is already
// there to the left and fills the freed low bits.
type layout struct {
	words      int
	groupBits  uint   // bits to count the players of the largest score group
	groupsBits uint   // bits for one counter per score group
	played     int    // completed rounds
	widths     []uint // by criterion (the table criteria), its field's bits
}

func bitsFor(x int) uint { return uint(bits.Len(uint(x))) }

// setWidths fixes the width of every field of criteria under the layout.
func (l *layout) setWidths() {
	l.widths = make([]uint, len(criteria))
	for i, c := range criteria {
		l.widths[i] = c.width(l)
	}
}

// totalBits is the width of a complete edge weight under the layout.
func (l *layout) totalBits() uint {
	n := uint(0)
	for _, w := range l.widths {
		n += w
	}
	return n
}

// topShift is the position of the most significant field of a weight.
func (l *layout) topShift() uint { return l.totalBits() - l.widths[0] }

// builder accumulates one weight, from the most significant criterion
// down: shift moves what is already there to the left, or and add put a
// small number into the freed low bits. It keeps the terms and places them
// when the weight is done (into), instead of shifting the whole weight at
// every criterion.
type builder struct {
	at  uint             // bits shifted so far
	n   int              // terms
	x   [maxTerms]uint64 // the terms
	off [maxTerms]int    // each term's bit position less the final shift
}

// maxTerms bounds the terms of a weight (the criteria add at most 26).
const maxTerms = 40

func (l *layout) newBuilder() builder { return builder{} }

func (b *builder) shift(n uint) { b.at += n }

// or sets the bits of x, which callers only use on bits that are clear:
// it is an addition.
func (b *builder) or(x uint64) { b.add(x) }

func (b *builder) add(x uint64) {
	if x != 0 {
		b.term(x, -int(b.at))
	}
}

func (b *builder) addBit(k uint) { b.term(1, int(k)-int(b.at)) }

// orBit sets bit k, which callers only use on bits that are clear.
func (b *builder) orBit(k uint) { b.addBit(k) }

func (b *builder) term(x uint64, off int) {
	if b.n == maxTerms { // not reached: edgeWeight adds fewer terms
		return
	}
	b.x[b.n], b.off[b.n] = x, off
	b.n++
}

// into writes the weight into w and returns it.
func (b *builder) into(w matching.Weight) matching.Weight {
	w.Clear()
	for i := 0; i < b.n; i++ {
		w.AddShifted(b.x[i], uint(int(b.at)+b.off[i]))
	}
	return w
}

func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}
