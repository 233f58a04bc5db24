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
	groupBits  uint         // bits to count the players of the largest score group
	groupsBits uint         // bits for one counter per score group
	groupShift map[int]uint // score (tenths) -> position of its counter
	played     int          // completed rounds
}

func bitsFor(x int) uint { return uint(bits.Len(uint(x))) }

// totalBits is the width of a complete edge weight under the layout.
func (l *layout) totalBits() uint {
	g, s := l.groupBits, l.groupsBits
	n := uint(2) + g + s + g + s + 2*g + 4*g
	if l.played > 0 {
		n += 2*g + 2*s
	}
	if l.played > 1 {
		n += 2*g + 2*s
	}
	return n + 3*g + 1
}

// builder accumulates one weight.
type builder struct{ w matching.Weight }

func (l *layout) newBuilder() builder { return builder{w: matching.NewWeight(l.words)} }

func (b builder) shift(n uint)  { b.w.Lsh(n) }
func (b builder) or(x uint64)   { b.w.OrSmall(x) }
func (b builder) add(x uint64)  { b.w.AddSmall(x) }
func (b builder) addBit(k uint) { b.w.AddBit(k) }
func (b builder) orBit(k uint)  { b.w.AddBit(k) } // callers only set bits that are clear
func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}
