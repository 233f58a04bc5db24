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

// measure counts every quality criterion of a pairing, by name (as in
// qualityCriteria).
func (h *handView) measure(hp *handPairing) map[string]*tally {
	m := map[string]*tally{}
	for _, c := range qualityCriteria {
		m[c.name] = &tally{}
	}
	// float names C14-C21: first is the criterion of the previous round
	// (C14, C15, C18, C19), the one of two rounds before two more.
	float := func(first, back int) string { return fmt.Sprintf("C%d", first+2*(back-1)) }
	if b := hp.bye; b != nil {
		m["C5"].count(int(b.score), b)
		m["C6"].count(1, b)
		m["C9"].count(h.t.Round-1-b.playedGames, b)
		for back := 1; back <= 2; back++ {
			if b.floats[back] == FloatDown {
				m[float(14, back)].count(1, b)
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
				m["C12"].count(1, x.p)
				if x.p.strong {
					m["C13"].count(1, x.p)
				}
			}
			if h.topscorer(w) || h.topscorer(k) {
				over, streak := colourLimits(x.p, x.c)
				if over {
					m["C10"].count(1, x.p)
				}
				if streak {
					m["C11"].count(1, x.p)
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
		m["C6"].count(1, hi)
		m["C7"].count(diff, hi, lo)
		for back := 1; back <= 2; back++ {
			if hi.floats[back] == FloatDown {
				m[float(14, back)].count(1, hi)
				m[float(18, back)].count(diff, hi)
			}
			if lo.floats[back] == FloatUp {
				m[float(15, back)].count(1, lo)
				m[float(19, back)].count(diff, lo)
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
	for _, c := range qualityCriteria {
		ac, bc := a[c.name], b[c.name]
		if bc.value <= ac.value {
			continue
		}
		var only, all []int
		for no := range bc.players {
			all = append(all, no)
			if !ac.players[no] {
				only = append(only, no)
			}
		}
		if len(only) == 0 {
			only = all
		}
		sort.Ints(only)
		out = append(out, Breach{Criterion: c.name, Players: only,
			Text: fmt.Sprintf("%s than the engine's pairing (%d against %d)", c.text, bc.value, ac.value)})
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
