package dutch

import (
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
)

// criterion is one field of an edge weight: a criterion of C.04.3 (or the
// order of article 4 below them all), how many bits it takes and what it
// is worth for one edge. The table criteria lists them from the most
// significant down, and everything else is derived from it: the edge weight
// (edgeWeight), its width (layout.totalBits), the fields the explanation
// compares and names (layout.fields), and the criteria HandChange reports a
// hand pairing breaking (qualityCriteria). Adding or moving a criterion is
// one edit of the table (HandChange's measure counts its own).
type criterion struct {
	label   string // "C6"; "A4" for the order of article 4
	explain string // what the explanation says decided a choice
	// breach is what HandChange says of a hand pairing worse on it than
	// the engine's ("" when HandChange does not measure it); hand is the
	// label it goes by there, when not label.
	breach, hand string
	// width is the field's bits under a layout; 0 when the criterion does
	// not apply in this round (the float criteria before enough rounds).
	width func(l *layout) uint
	// value puts the field's value for the edge into the freed low bits of
	// b (nil: always zero in an edge's own weight).
	value func(e *engine, x *edgeCase, b *builder)
	// counters marks the fields of one counter per score group (whose
	// places assignCounters gives bracket by bracket).
	counters bool
	// of says which edges the criterion weighs: every edge, or only those
	// whose lower player is in the current bracket (bracketOnly) or in the
	// next (nextOnly); the others have zero in its field.
	of edgeKind
}

// edgeKind is the edges a criterion weighs.
type edgeKind int8

const (
	anyEdge edgeKind = iota
	bracketOnly
	nextOnly
)

// edgeCase is the edge being weighed: h the higher player, w the lower,
// and whether w is in the current bracket or in the next.
type edgeCase struct {
	h, w              *entrant
	inCurrent, inNext bool
}

// The widths of the fields: a counter of the players of the largest score
// group, one counter per score group, and the float fields, which apply
// only once that many rounds have been played.
func groupWidth(l *layout) uint  { return l.groupBits }
func groupsWidth(l *layout) uint { return l.groupsBits }
func floatWidth(back int, w func(*layout) uint) func(*layout) uint {
	return func(l *layout) uint {
		if l.played < back {
			return 0
		}
		return w(l)
	}
}

// criteria are the fields of an edge weight, the most significant first.
var criteria = []criterion{
	{label: "C4/C5", explain: "C4/C5: completion of the round and the pairing-allocated bye",
		hand: "C5", breach: "the pairing-allocated bye goes to a higher score",
		width: func(*layout) uint { return 2 },
		value: func(e *engine, x *edgeCase, b *builder) {
			b.or(1 + b2u(!e.byeCandidate(x.h)) + b2u(!e.byeCandidate(x.w)))
		}},
	{label: "C6", explain: "C6: the fewest downfloaters (the most pairs in the bracket)",
		breach: "more downfloaters",
		of:     bracketOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) { b.or(b2u(x.inCurrent)) }},
	{label: "C7", explain: "C7: the lowest scores of the downfloaters",
		breach: "larger score differences between the players paired",
		of:     bracketOnly, width: groupsWidth, counters: true,
		value: func(e *engine, x *edgeCase, b *builder) {
			if x.inCurrent {
				b.orBit(x.h.counter.shift)
			}
		}},
	{label: "C8", explain: "C8: the following bracket (its number of pairs)",
		of: nextOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) { b.or(b2u(x.inNext)) }},
	{label: "C8", explain: "C8: the following bracket (the scores of its downfloaters)",
		of: nextOnly, width: groupsWidth, counters: true,
		value: func(e *engine, x *edgeCase, b *builder) {
			if x.inNext {
				b.orBit(x.h.counter.shift)
			}
		}},
	{label: "C9", explain: "C9: the fewest unplayed games of the pairing-allocated bye assignee",
		breach: "the pairing-allocated bye goes to a player with more unplayed games",
		width:  func(l *layout) uint { return 2 * l.groupBits },
		value: func(e *engine, x *edgeCase, b *builder) {
			if !e.single {
				return
			}
			if x.h.score == e.byScore {
				b.or(e.ranks[x.h.playedGames])
			}
			if x.w.score == e.byScore {
				b.add(e.ranks[x.w.playedGames])
			}
		}},
	// The colour criteria, of the lower player p and the higher o.
	{label: "C10", explain: "C10: topscorers or their opponents getting a colour difference beyond ±2",
		breach: "more topscorers or their opponents get a colour difference beyond ±2",
		of:     bracketOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) {
			p, o := x.w, x.h
			b.or(b2u(x.inCurrent && (!p.absoluteImbalance() || !o.absoluteImbalance() || p.preference != o.preference)))
		}},
	{label: "C11", explain: "C11: topscorers or their opponents getting the same colour three times in a row",
		breach: "more topscorers or their opponents get the same colour three times in a row",
		of:     bracketOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) {
			if !x.inCurrent {
				return
			}
			p, o := x.w, x.h
			var ok bool
			if !p.absolute() || !o.absolute() || p.preference != o.preference {
				ok = true
			} else if p.imbalance == o.imbalance {
				ok = p.repeated == pairing.NoColor || p.repeated != o.repeated
			} else {
				y := p
				if p.imbalance > o.imbalance {
					y = o
				}
				ok = y.repeated != p.preference.Opposite()
			}
			b.or(b2u(ok))
		}},
	{label: "C12", explain: "C12: colour preferences granted",
		breach: "more players do not get their colour preference",
		of:     bracketOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) {
			b.or(b2u(x.inCurrent && compatiblePreferences(x.w.preference, x.h.preference)))
		}},
	{label: "C13", explain: "C13: strong colour preferences granted",
		breach: "more players do not get their strong colour preference",
		of:     bracketOnly, width: groupWidth,
		value: func(e *engine, x *edgeCase, b *builder) {
			p, o := x.w, x.h
			b.or(b2u(x.inCurrent && ((!p.strong && !p.absolute()) || (!o.strong && !o.absolute()) ||
				(p.absolute() && o.absolute()) || p.preference != o.preference)))
		}},
	// The float criteria: how many repeat a float, then the score
	// differences of those who do.
	{label: "C14", explain: "C14: players who downfloated in the previous round floating down again",
		breach: "more players who downfloated in the previous round float down again",
		of:     bracketOnly, width: floatWidth(1, groupWidth), value: downAgain(1)},
	{label: "C15", explain: "C15: moved-down players' opponents who upfloated in the previous round floating up again",
		breach: "more players who upfloated in the previous round float up again",
		of:     bracketOnly, width: floatWidth(1, groupWidth), value: upAgain(1)},
	{label: "C16", explain: "C16: players who downfloated two rounds before floating down again",
		breach: "more players who downfloated two rounds before float down again",
		of:     bracketOnly, width: floatWidth(2, groupWidth), value: downAgain(2)},
	{label: "C17", explain: "C17: moved-down players' opponents who upfloated two rounds before floating up again",
		breach: "more players who upfloated two rounds before float up again",
		of:     bracketOnly, width: floatWidth(2, groupWidth), value: upAgain(2)},
	{label: "C18", explain: "C18: the score differences of moved-down players who downfloated in the previous round",
		breach: "larger score differences for players who downfloated in the previous round",
		of:     bracketOnly, width: floatWidth(1, groupsWidth), counters: true, value: downAgainScores(1)},
	{label: "C19", explain: "C19: the score differences of moved-down players' opponents who upfloated in the previous round",
		breach: "larger score differences for players who upfloated in the previous round",
		of:     bracketOnly, width: floatWidth(1, groupsWidth), counters: true, value: upAgainScores(1)},
	{label: "C20", explain: "C20: the score differences of moved-down players who downfloated two rounds before",
		breach: "larger score differences for players who downfloated two rounds before",
		of:     bracketOnly, width: floatWidth(2, groupsWidth), counters: true, value: downAgainScores(2)},
	{label: "C21", explain: "C21: the score differences of moved-down players' opponents who upfloated two rounds before",
		breach: "larger score differences for players who upfloated two rounds before",
		of:     bracketOnly, width: floatWidth(2, groupsWidth), counters: true, value: upAgainScores(2)},
	// Below every criterion, room for the engine to order the optimal
	// pairings of a bracket as article 4 generates them (the moved-down
	// players' and S1 players' preferences added to the edges, and the
	// exchanges' preferences of exchangeWeight, which counts on this
	// field's width: 3 groupBits + 1).
	{label: "A4", explain: "the order of transpositions and exchanges of the bracket (C.04.3 article 4)",
		width: func(l *layout) uint { return 3*l.groupBits + 1 }},
}

// downAgain is C14 (back 1) and C16 (back 2): the players of the pair who
// float down again, as they did back rounds before.
func downAgain(back int) func(*engine, *edgeCase, *builder) {
	return func(e *engine, x *edgeCase, b *builder) {
		if x.inCurrent {
			b.or(b2u(x.w.floats[back] == FloatDown))
			b.add(b2u(x.h.score <= x.w.score && x.h.floats[back] == FloatDown))
		}
	}
}

// upAgain is C15 and C17: the lower player does not float up again.
func upAgain(back int) func(*engine, *edgeCase, *builder) {
	return func(e *engine, x *edgeCase, b *builder) {
		if x.inCurrent {
			b.or(b2u(!(x.h.score > x.w.score && x.w.floats[back] == FloatUp)))
		}
	}
}

// downAgainScores is C18 and C20: the score groups of the players who
// float down again.
func downAgainScores(back int) func(*engine, *edgeCase, *builder) {
	return func(e *engine, x *edgeCase, b *builder) {
		if !x.inCurrent {
			return
		}
		if x.w.floats[back] == FloatDown {
			b.addBit(x.w.counter.shift)
		}
		if x.h.floats[back] == FloatDown {
			b.addBit(x.h.counter.shift)
		}
	}
}

// upAgainScores is C19 and C21: the higher player's score group, unless
// the lower floats up again.
func upAgainScores(back int) func(*engine, *edgeCase, *builder) {
	return func(e *engine, x *edgeCase, b *builder) {
		if x.inCurrent && !(x.w.floats[back] == FloatUp && x.h.score > x.w.score) {
			b.orBit(x.h.counter.shift)
		}
	}
}

// edgeWeight writes into dst (and returns it) the weight of pairing
// vertices hi < lo (hi is the higher player) given whether lo is in the
// current bracket or the next: the fields of criteria, the most
// significant first; zero when the absolute criteria (C1, C3) forbid the
// pair.
func (e *engine) edgeWeight(dst matching.Weight, hi, lo int, inCurrent, inNext bool) matching.Weight {
	l := &e.lay
	// The builder and the edge live in the engine: handed to the
	// criteria's functions, they would otherwise be allocated per edge.
	b, x := &e.weighing.b, &e.weighing.x
	*b = builder{at: 0, n: 0}
	if !e.compatible(hi, lo) {
		return b.into(dst)
	}
	*x = edgeCase{h: e.sorted[hi], w: e.sorted[lo], inCurrent: inCurrent, inNext: inNext}
	for i := range criteria {
		width := l.widths[i]
		if width == 0 {
			continue
		}
		b.shift(width)
		c := &criteria[i]
		if c.value != nil && (c.of == anyEdge || (c.of == bracketOnly && inCurrent) || (c.of == nextOnly && inNext)) {
			c.value(e, x, b)
		}
	}
	return b.into(dst)
}

// qualityCriteria are the criteria HandChange compares, in the order of the
// table.
var qualityCriteria = func() []struct{ name, text string } {
	var out []struct{ name, text string }
	for _, c := range criteria {
		if c.breach == "" {
			continue
		}
		name := c.label
		if c.hand != "" {
			name = c.hand
		}
		out = append(out, struct{ name, text string }{name, c.breach})
	}
	return out
}()
