package dutch

import "github.com/hakem-chess/hakem/pairing/matching"

// bracketWeights are the weights of a bracket's pairs before the choices
// of article 4 are added, row lo holding the pairs of position lo with
// each position before it. A bracket's weights take few distinct values
// (a weight depends on the pair only through what the criteria read of
// each player: score group, colour preference, floats, bye eligibility,
// and whether the pair may meet), so each pair holds the number of its
// weight in a table of the distinct ones: 4 bytes a pair, where the
// weights themselves took 8 a word (1.6 GB for one bracket of 10,000
// players with 4-word weights).
type bracketWeights struct {
	words int
	rows  [][]uint32 // by position lo, by position hi < lo: the entry of the pair's weight
	table []uint64   // words words an entry; entry 0 is zero
	index map[string]uint32
	last  uint32 // the entry put last (neighbouring pairs often share it)
}

func newBracketWeights(words, size int) *bracketWeights {
	return &bracketWeights{words: words, rows: make([][]uint32, size), table: make([]uint64, words),
		index: map[string]uint32{}}
}

// reset makes b the weights of a bracket of size positions, as
// newBracketWeights does, in b's memory (its rows, table and index); a nil
// b makes new ones. Rows are added again (addRow) before they are read.
func (b *bracketWeights) reset(words, size int) *bracketWeights {
	if b == nil {
		return newBracketWeights(words, size)
	}
	if cap(b.rows) < size {
		b.rows = append(b.rows[:cap(b.rows)], make([][]uint32, size-cap(b.rows))...)
	}
	b.words, b.rows, b.last = words, b.rows[:size], 0
	b.table = b.table[:0]
	for i := 0; i < words; i++ {
		b.table = append(b.table, 0)
	}
	clear(b.index)
	return b
}

// addRow makes room for the pairs of position lo with the positions
// before it (in the memory of the row lo had, if any).
func (b *bracketWeights) addRow(lo int) {
	r := b.rows[lo]
	if cap(r) < lo {
		r = make([]uint32, lo)
	}
	r = r[:lo]
	clear(r)
	b.rows[lo] = r
}

// put sets the weight of the pair of positions hi < lo to w.
func (b *bracketWeights) put(lo, hi int, w matching.Weight) {
	b.rows[lo][hi] = b.entry(w)
}

// clear sets the weight of the pair of positions hi < lo to zero.
func (b *bracketWeights) clear(lo, hi int) { b.rows[lo][hi] = 0 }

// at is the weight of the pair of positions hi < lo: a view into the
// table, which the caller must not change.
func (b *bracketWeights) at(lo, hi int) matching.Weight {
	e, w := int(b.rows[lo][hi]), b.words
	return matching.Weight(b.table[e*w : (e+1)*w : (e+1)*w])
}

// entry returns the number of w in the table, adding it if new.
func (b *bracketWeights) entry(w matching.Weight) uint32 {
	if w.IsZero() {
		return 0
	}
	if b.at0(b.last).Cmp(w) == 0 {
		return b.last
	}
	var key [8 * 16]byte
	k := key[:0]
	for _, x := range w {
		for i := 0; i < 64; i += 8 {
			k = append(k, byte(x>>i))
		}
	}
	e, ok := b.index[string(k)]
	if !ok {
		e = uint32(len(b.table) / b.words)
		b.table = append(b.table, w...)
		b.index[string(k)] = e
	}
	b.last = e
	return e
}

// at0 is entry e of the table.
func (b *bracketWeights) at0(e uint32) matching.Weight {
	w := b.words
	return matching.Weight(b.table[int(e)*w : (int(e)+1)*w])
}
