package dutch

import (
	"errors"

	"github.com/hakem-chess/hakem/pairing/matching"
)

// The score groups' counters. Six fields of an edge weight (C7, the scores
// of C8 and C18–C21) hold one counter per score group, the lowest group in
// the lowest bits, each as wide as the players of its group it may count.
// Only the groups with a player in the bracket being paired (its moved-down
// players, its residents and the next score group) can have a counter that
// is not zero in a weight the matching still uses: the players above are
// paired, and an edge between players below carries only C4/C5 and C9. So
// each bracket gives counters only to its own groups, each as wide as its
// players in the bracket need, in the same order: the fields are as wide as
// a bracket needs (a few dozen bits, where one counter per score group of
// the round took more than a hundred at a few thousand players), and every
// comparison of two pairings gives what it gave with one counter per group.
// The weights are narrower, and the matching's arithmetic on them is
// cheaper.
//
// The fields' width is fixed before the first bracket (the two widest
// neighbouring groups and a margin for the moved-down players); a bracket
// that needs more makes the pairing start over with one counter per score
// group of the round (errWiden), as wide as any bracket can need.

// errWiden is run's report that a bracket's counters do not fit the
// fields: Pair starts over with one counter per score group.
var errWiden = errors.New("dutch: the score groups' counters need wider fields")

// counterMargin is the least room the fields leave, beyond the two widest
// neighbouring score groups, for the counters of the moved-down players'
// groups; with fillWords they also take what the last word of a weight
// leaves over. Variables for the tests, which narrow the fields until
// brackets overflow them.
var (
	counterMargin uint = 8
	fillWords          = true
)

// counter is where a player's score group's counter is in the fields of
// counters: its lowest bit and its width.
type counter struct {
	shift, width uint
}

// setupLayout computes the fields' widths. With wide, the counters'
// places are fixed for the whole round, one per score group; otherwise
// assignCounters gives them bracket by bracket.
func (e *engine) setupLayout() {
	l := &e.lay
	l.played = e.played
	maxGroup, full, neighbours := 0, uint(0), uint(0)
	prev := uint(0) // the counter width of the group above
	for i := 0; i < len(e.sorted); {
		j := i
		for j < len(e.sorted) && e.sorted[j].score == e.sorted[i].score {
			j++
		}
		w := bitsFor(j - i)
		maxGroup = max(maxGroup, j-i)
		full += w
		neighbours = max(neighbours, prev+w)
		prev = w
		i = j
	}
	l.groupBits = bitsFor(maxGroup)
	if e.wide {
		l.groupsBits = full
		at := uint(0)
		for i := len(e.sorted) - 1; i >= 0; {
			j := i
			for j > 0 && e.sorted[j-1].score == e.sorted[i].score {
				j--
			}
			w := bitsFor(i - j + 1)
			for _, p := range e.sorted[j : i+1] {
				p.counter = counter{at, w}
			}
			at += w
			i = j - 1
		}
		l.setWidths()
		l.words = matching.WordsFor(int(l.totalBits()) + 4)
		return
	}
	// The margin, and what the words it takes leave over.
	l.groupsBits = min(full, neighbours+counterMargin)
	l.setWidths()
	l.words = matching.WordsFor(int(l.totalBits()) + 4)
	if fields := uint(len(l.counterFields())); fields > 0 && fillWords {
		spare := uint(64*l.words) - l.totalBits() - 4
		l.groupsBits = min(full, l.groupsBits+spare/fields)
		l.setWidths()
	}
}

// assignCounters gives the counters of the bracket whose players are
// vertex (the first mdps of them moved down from above, all in the order of
// the vertices) and moves the counters in the weights of the pairs of
// moved-down players, which the bracket does not weigh afresh, from their
// places in the bracket before to this one's. It reports false when the
// counters do not fit the fields.
func (e *engine) assignCounters(vertex []int, mdps int) bool {
	if e.wide {
		return true
	}
	old := make([]counter, mdps)
	for i, v := range vertex[:mdps] {
		old[i] = e.sorted[v].counter
	}
	at := uint(0)
	for i := len(vertex) - 1; i >= 0; {
		j := i
		for j > 0 && e.sorted[vertex[j-1]].score == e.sorted[vertex[i]].score {
			j--
		}
		w := bitsFor(i - j + 1)
		for _, v := range vertex[j : i+1] {
			e.sorted[v].counter = counter{at, w}
		}
		at += w
		i = j - 1
	}
	if at > e.lay.groupsBits {
		return false
	}
	fields := e.lay.counterFields()
	for qi := 1; qi < mdps; qi++ {
		for pi := 0; pi < qi; pi++ {
			u, v := vertex[pi], vertex[qi]
			w := e.g.Weight(u, v)
			if w.IsZero() {
				continue
			}
			recount(w, fields, old[pi], e.sorted[u].counter, old[qi], e.sorted[v].counter)
			e.set(u, v, w)
		}
	}
	return true
}

// counterFields returns the lowest bit of each field of counters.
func (l *layout) counterFields() []uint {
	var out []uint
	at := uint(0)
	for i := len(criteria) - 1; i >= 0; i-- {
		if criteria[i].counters && l.widths[i] > 0 {
			out = append(out, at)
		}
		at += l.widths[i]
	}
	return out
}

// recount moves, in every field of counters of w, the counters of the two
// players of a pair from their old places to their new ones (the same
// place twice when they are of one score group).
func recount(w matching.Weight, fields []uint, oldA, newA, oldB, newB counter) {
	moves := [][2]counter{{oldA, newA}}
	if oldB.shift != oldA.shift {
		moves = append(moves, [2]counter{oldB, newB})
	}
	var vals [2]uint64
	for _, f := range fields {
		for i, m := range moves {
			vals[i] = takeBits(w, f+m[0].shift, m[0].width)
		}
		for i, m := range moves {
			w.AddShifted(vals[i], f+m[1].shift)
		}
	}
}

// takeBits returns the width bits of w from bit pos up, and clears them.
func takeBits(w matching.Weight, pos, width uint) uint64 {
	var x uint64
	for b := uint(0); b < width; b++ {
		i, r := (pos+b)/64, (pos+b)%64
		if w[i]>>r&1 != 0 {
			x |= 1 << b
			w[i] &^= 1 << r
		}
	}
	return x
}
