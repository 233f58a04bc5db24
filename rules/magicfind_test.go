package rules

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

// findMagic searches a magic multiplier for square s that maps every blocker
// subset of the mask to an index (of the given number of bits) without a
// harmful collision.
func findMagic(s Square, dirs [4][2]int, nbits int, rng *uint64) (uint64, bool) {
	mask := relevantMask(s, dirs)
	var occs, atts []Bitboard
	sub := Bitboard(0)
	for {
		occs = append(occs, sub)
		atts = append(atts, slowSlide(s, sub, dirs))
		sub = (sub - mask) & mask
		if sub == 0 {
			break
		}
	}
	shift := uint(64 - nbits)
	table := make([]Bitboard, 1<<nbits)
	used := make([]int, 1<<nbits)
	next := func() uint64 {
		*rng ^= *rng << 13
		*rng ^= *rng >> 7
		*rng ^= *rng << 17
		return *rng
	}
	for try := 1; try < 100000000; try++ {
		n := next() & next() & next()
		if bits.OnesCount64((uint64(mask)*n)>>56) < 6 {
			continue
		}
		ok := true
		for i, o := range occs {
			idx := uint64(o) * n >> shift
			if used[idx] != try {
				used[idx] = try
				table[idx] = atts[i]
			} else if table[idx] != atts[i] {
				ok = false
				break
			}
		}
		if ok {
			return n, true
		}
	}
	return 0, false
}

// TestMagicNumbers checks every slider lookup against a slow ray walk for
// random occupancies; with -long it also reruns the magic search and prints
// a table of numbers (how the committed numbers were produced).
func TestMagicNumbers(t *testing.T) {
	tables() // the tables are built on first use, and this test is the first when run alone
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	for s := Square(0); s < 64; s++ {
		for i := 0; i < 2000; i++ {
			occ := Bitboard(next() & next())
			if got, want := rookAttacks(s, occ), slowSlide(s, occ, rookDirs); got != want {
				t.Fatalf("rook %v occ %x: got %x want %x", s, occ, got, want)
			}
			if got, want := bishopAttacks(s, occ), slowSlide(s, occ, bishopDirs); got != want {
				t.Fatalf("bishop %v occ %x: got %x want %x", s, occ, got, want)
			}
		}
	}
	if !*long {
		return
	}
	seed := uint64(0x2545F4914F6CDD1D)
	var sb strings.Builder
	for _, k := range []struct {
		name string
		dirs [4][2]int
	}{{"rook", rookDirs}, {"bishop", bishopDirs}} {
		fmt.Fprintf(&sb, "var %sMagicNumbers = [64]magicNumber{\n", k.name)
		for s := Square(0); s < 64; s++ {
			nb := relevantMask(s, k.dirs).Count()
			n, ok := findMagic(s, k.dirs, nb, &seed)
			if !ok {
				t.Fatalf("no magic for %s %v", k.name, s)
			}
			fmt.Fprintf(&sb, "\t{0x%016x, %d},\n", n, 64-nb)
		}
		sb.WriteString("}\n\n")
	}
	t.Log("\n" + sb.String())
}
