package dutch

import (
	"fmt"
	"sort"

	"github.com/hakem-chess/hakem/pairing"
)

// tally is one quality criterion measured over a whole round: its value
// (lower is better) and the players who count in it.
type tally struct {
	value   int
	players map[int]bool
}

func (x *tally) count(by int, players ...*entrant) {
	x.value += by
	if x.players == nil {
		x.players = map[int]bool{}
	}
	for _, p := range players {
		x.players[p.StartNo] = true
	}
}

// qualityCriteria are the quality criteria HandChange compares, in the
// order of C.04.3 (2025), with what each counts.
var qualityCriteria = []struct{ name, text string }{
	{"C5", "the pairing-allocated bye goes to a higher score"},
	{"C6", "more downfloaters"},
	{"C7", "larger score differences between the players paired"},
	{"C9", "the pairing-allocated bye goes to a player with more unplayed games"},
	{"C10", "more topscorers or their opponents get a colour difference beyond ±2"},
	{"C11", "more topscorers or their opponents get the same colour three times in a row"},
	{"C12", "more players do not get their colour preference"},
	{"C13", "more players do not get their strong colour preference"},
	{"C14", "more players who downfloated in the previous round float down again"},
	{"C15", "more players who upfloated in the previous round float up again"},
	{"C16", "more players who downfloated two rounds before float down again"},
	{"C17", "more players who upfloated two rounds before float up again"},
	{"C18", "larger score differences for players who downfloated in the previous round"},
	{"C19", "larger score differences for players who upfloated in the previous round"},
	{"C20", "larger score differences for players who downfloated two rounds before"},
	{"C21", "larger score differences for players who upfloated two rounds before"},
}

// measure counts every quality criterion of a pairing, indexed as
// qualityCriteria.
func (h *handView) measure(hp *handPairing) []tally {
	m := make([]tally, len(qualityCriteria))
	const (
		c5 = iota
		c6
		c7
		c9
		c10
		c11
		c12
		c13
		c14
	)
	if b := hp.bye; b != nil {
		m[c5].count(int(b.score), b)
		m[c6].count(1, b)
		m[c9].count(h.t.Round-1-b.playedGames, b)
		for back := 1; back <= 2; back++ {
			if b.floats[back] == FloatDown {
				m[c14+2*(back-1)].count(1, b)
			}
		}
	}
	for _, bd := range hp.boards {
		if bd.Black == 0 {
			continue
		}
		w, k := h.byNo[bd.White], h.byNo[bd.Black]
		for _, x := range [2]struct {
			p *entrant
			c pairing.Color
		}{{w, pairing.White}, {k, pairing.Black}} {
			if x.p.preference != pairing.NoColor && x.p.preference != x.c {
				m[c12].count(1, x.p)
				if x.p.strong {
					m[c13].count(1, x.p)
				}
			}
			if h.topscorer(w) || h.topscorer(k) {
				over, streak := colourLimits(x.p, x.c)
				if over {
					m[c10].count(1, x.p)
				}
				if streak {
					m[c11].count(1, x.p)
				}
			}
		}
		hi, lo := w, k
		if lo.score > hi.score {
			hi, lo = lo, hi
		}
		diff := int(hi.score - lo.score)
		if diff == 0 {
			continue
		}
		m[c6].count(1, hi)
		m[c7].count(diff, hi, lo)
		for back := 1; back <= 2; back++ {
			if hi.floats[back] == FloatDown {
				m[c14+2*(back-1)].count(1, hi)
				m[c14+4+2*(back-1)].count(diff, hi)
			}
			if lo.floats[back] == FloatUp {
				m[c14+1+2*(back-1)].count(1, lo)
				m[c14+5+2*(back-1)].count(diff, lo)
			}
		}
	}
	return m
}

// quality lists the quality criteria on which the hand pairing does worse
// than the engine's; the players named are those who count in the hand
// pairing and not in the engine's (all who count, when they are the same).
func (h *handView) quality(eng, hp *handPairing) []Breach {
	a, b := h.measure(eng), h.measure(hp)
	var out []Breach
	for i, c := range qualityCriteria {
		if b[i].value <= a[i].value {
			continue
		}
		var only, all []int
		for no := range b[i].players {
			all = append(all, no)
			if !a[i].players[no] {
				only = append(only, no)
			}
		}
		if len(only) == 0 {
			only = all
		}
		sort.Ints(only)
		out = append(out, Breach{Criterion: c.name, Players: only,
			Text: fmt.Sprintf("%s than the engine's pairing (%d against %d)", c.text, b[i].value, a[i].value)})
	}
	return out
}

// colours lists the boards whose colours go against the colour allocation
// rules (E.1-E.5): against the engine's colours for a pair it made too,
// against the rules' colours for a pair it did not make.
func (h *handView) colours(eng, hp *handPairing) []Breach {
	engine := map[[2]int]int{} // pair (lower, higher start number) -> engine's white
	for _, b := range eng.boards {
		if b.Black != 0 {
			engine[[2]int{min(b.White, b.Black), max(b.White, b.Black)}] = b.White
		}
	}
	var out []Breach
	for _, b := range hp.boards {
		if b.Black == 0 {
			continue
		}
		w, k := h.byNo[b.White], h.byNo[b.Black]
		want, why := 0, "the engine's colours for this pair"
		if ew, ok := engine[[2]int{min(b.White, b.Black), max(b.White, b.Black)}]; ok {
			want = ew
		} else {
			c, rule := h.e.colourOf(w, k)
			why = string(rule)
			if c == pairing.White {
				want = w.StartNo
			} else {
				want = k.StartNo
			}
		}
		if want != b.White {
			out = append(out, Breach{Criterion: "E", Players: []int{min(b.White, b.Black), max(b.White, b.Black)},
				Text: fmt.Sprintf("%d has white against %d, the colour allocation rules give white to %d (%s)", b.White, b.Black, want, why)})
		}
	}
	return out
}
