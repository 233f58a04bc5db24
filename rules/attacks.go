package rules

// Attack tables. Leapers (knight, king, pawn) are looked up directly;
// sliders (bishop, rook) use "fancy" magic bitboards: the relevant blockers
// of a square, multiplied by a magic number and shifted, index a table of
// precomputed attack sets. The magic numbers were found by this package's
// own search (see TestMagicNumbers) and are verified when the tables are built, by
// construction: building the tables checks every occupancy.

import "sync"

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b]: the squares strictly between a and b on a line, else 0.
	between [64][64]Bitboard
	// line[a][b]: the whole line through a and b (edge to edge), else 0.
	line [64][64]Bitboard
	// rookRays, bishopRays: a slider's attacks from a square on an empty board.
	rookRays, bishopRays [64]Bitboard
)

// magic holds the lookup data of one square for one slider type.
type magic struct {
	mask   Bitboard
	number uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []Bitboard
)

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xFF
	rank8 Bitboard = rank1 << 56
)

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// slowSlide computes slider attacks from s along dirs, stopping at the
// first occupied square (which is included).
func slowSlide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			att |= bb(t)
			if occ.Has(t) {
				break
			}
			f += d[0]
			r += d[1]
		}
	}
	return att
}

// relevantMask is the set of squares whose occupancy matters for a slider
// on s: its empty-board rays without the board edge at each ray's end.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			m |= bb(MakeSquare(f, r))
			f, r = nf, nr
		}
	}
	return m
}

func leaper(s Square, deltas [][2]int) Bitboard {
	var b Bitboard
	for _, d := range deltas {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= bb(MakeSquare(f, r))
		}
	}
	return b
}

// tablesBuilt guards the package's tables: they are built on first use
// rather than when a program starts, so that a program that links the
// package and never plays a move (hakem pair, hakem check: one process a
// tournament) does not pay for them (some 7-10 ms of CPU and 240 page
// faults a process on the project's machine).
var tablesBuilt sync.Once

// tables builds every table of the package once, in dependency order:
// attacks, then Zobrist keys, then the start position. Every way to a
// Position (ParseFEN, ParseFEN960, StartPosition, StartPosition960) calls
// it first; the methods of a Position rely on it having been called.
func tables() {
	tablesBuilt.Do(func() {
		initAttacks()
		initZobrist()
		initStartPosition()
	})
}

func initAttacks() {
	kn := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kg := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := Square(0); s < 64; s++ {
		knightAttacks[s] = leaper(s, kn)
		kingAttacks[s] = leaper(s, kg)
		pawnAttacks[White][s] = leaper(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = leaper(s, [][2]int{{-1, -1}, {1, -1}})
	}
	initMagics()
	for s := Square(0); s < 64; s++ {
		rookRays[s] = rookAttacks(s, 0)
		bishopRays[s] = bishopAttacks(s, 0)
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if slowSlide(a, 0, dirs).Has(b) {
					between[a][b] = slowSlide(a, bb(b), dirs) & slowSlide(b, bb(a), dirs)
					line[a][b] = (slowSlide(a, 0, dirs) & slowSlide(b, 0, dirs)) | bb(a) | bb(b)
				}
			}
		}
	}
}

func initMagics() {
	size := 0
	for s := 0; s < 64; s++ {
		size += 1 << (64 - rookMagicNumbers[s].shift)
		size += 1 << (64 - bishopMagicNumbers[s].shift)
	}
	sliderTable = make([]Bitboard, size)
	offset := uint32(0)
	fill := func(ms *[64]magic, nums *[64]magicNumber, dirs [4][2]int) {
		for s := Square(0); s < 64; s++ {
			m := &ms[s]
			m.mask = relevantMask(s, dirs)
			m.number = nums[s].number
			m.shift = nums[s].shift
			m.offset = offset
			// Enumerate every subset of the mask (Carry-Rippler).
			sub := Bitboard(0)
			for {
				idx := uint64(sub) * m.number >> m.shift
				sliderTable[m.offset+uint32(idx)] = slowSlide(s, sub, dirs)
				sub = (sub - m.mask) & m.mask
				if sub == 0 {
					break
				}
			}
			offset += 1 << (64 - m.shift)
		}
	}
	fill(&rookMagics, &rookMagicNumbers, rookDirs)
	fill(&bishopMagics, &bishopMagicNumbers, bishopDirs)
}

// rookAttacks returns the squares a rook on s attacks given occupancy occ.
func rookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return sliderTable[m.offset+uint32(uint64(occ&m.mask)*m.number>>m.shift)]
}

// bishopAttacks returns the squares a bishop on s attacks given occupancy occ.
func bishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return sliderTable[m.offset+uint32(uint64(occ&m.mask)*m.number>>m.shift)]
}

// magicNumber is a found magic multiplier and its shift (64 - index bits).
type magicNumber struct {
	number uint64
	shift  uint8
}
