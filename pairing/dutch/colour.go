package dutch

import (
	"fmt"
	"sort"

	"github.com/hakem-chess/hakem/pairing"
)

// colourRule names the rule of C.04.3 E that decided a colour.
type colourRule string

// neutralColour is the colour for p against o decided by E.1–E.3 (or
// NoColor when those rules leave it open).
func neutralColour(p, o *entrant) (pairing.Color, colourRule) {
	if compatiblePreferences(p.preference, o.preference) {
		if p.preference != pairing.NoColor {
			return p.preference, "E.1: both colour preferences are granted"
		}
		if o.preference != pairing.NoColor {
			return o.preference.Opposite(), "E.1: both colour preferences are granted"
		}
		return pairing.NoColor, ""
	}
	if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
		return p.preference, "E.2: the stronger (absolute) preference is granted"
	}
	if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
		return o.preference.Opposite(), "E.2: the stronger (absolute) preference is granted"
	}
	if p.strong && !o.strong {
		return p.preference, "E.2: the stronger (strong) preference is granted"
	}
	if o.strong && !p.strong {
		return o.preference.Opposite(), "E.2: the stronger (strong) preference is granted"
	}
	// E.3: alternate from the latest round in which they had different colours.
	i, j := len(p.colours)-1, len(o.colours)-1
	for i >= 0 && j >= 0 && p.colours[i] == o.colours[j] {
		i--
		j--
	}
	if i >= 0 && j >= 0 {
		return o.colours[j], "E.3: colours alternate from the last round in which they differed"
	}
	return pairing.NoColor, ""
}

// colourOf returns the colour of p against o.
func (e *engine) colourOf(p, o *entrant) (pairing.Color, colourRule) {
	if c, why := neutralColour(p, o); c != pairing.NoColor {
		return c, why
	}
	pHigher := e.higher(p, o)
	if p.preference == pairing.NoColor {
		// E.5: the higher player gets the initial colour on odd pairing numbers.
		hi := p
		if !pHigher {
			hi = o
		}
		c := e.t.InitialColor
		if hi.rank%2 == 1 {
			c = c.Opposite()
		}
		if !pHigher {
			c = c.Opposite()
		}
		return c, "E.5: the higher-ranked player's pairing number decides (initial colour on odd numbers)"
	}
	if pHigher {
		return p.preference, "E.4: the higher-ranked player's preference is granted"
	}
	return o.preference.Opposite(), "E.4: the higher-ranked player's preference is granted"
}

// result turns the final matching into boards in publication order.
func (e *engine) result(mate []int) *Result {
	type pair struct {
		white, black *entrant
		bye          bool
	}
	var pairs []pair
	for v, u := range mate {
		p := e.sorted[v]
		if u < 0 || u == v {
			pairs = append(pairs, pair{white: p, bye: true})
			if e.opt.Explain {
				e.notef("Pairing-allocated bye: %d (score %s). Only players without an earlier pairing-allocated bye, full-point bye or forfeit win may get it (C2); among them the bye goes to the lowest score with which the rest of the round can be paired (C4/C5), then to the player with most games played (C9).", p.StartNo, p.score)
			}
			continue
		}
		o := e.sorted[u]
		if p.index > o.index {
			continue
		}
		c, why := e.colourOf(p, o)
		if c == pairing.White {
			pairs = append(pairs, pair{white: p, black: o})
		} else {
			pairs = append(pairs, pair{white: o, black: p})
		}
		if e.opt.Explain {
			w, b := p, o
			if c != pairing.White {
				w, b = o, p
			}
			e.notef("Colours %d – %d: %d white, %d black; %s", w.StartNo, b.StartNo, w.StartNo, b.StartNo, string(why))
		}
	}
	// Board order: the bye last; then the higher score of the pair, the
	// lower score of the pair, and the higher player's pairing number.
	unacc := func(x *entrant) pairing.Score { return x.Score }
	higherOf := func(a, b *entrant) (*entrant, *entrant) {
		if unacc(a) > unacc(b) || (unacc(a) == unacc(b) && a.rank < b.rank) {
			return a, b
		}
		return b, a
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if a.bye != b.bye {
			return !a.bye
		}
		if a.bye {
			return false
		}
		ah, al := higherOf(a.white, a.black)
		bh, bl := higherOf(b.white, b.black)
		if unacc(ah) != unacc(bh) {
			return unacc(ah) > unacc(bh)
		}
		if unacc(al) != unacc(bl) {
			return unacc(al) > unacc(bl)
		}
		return ah.rank < bh.rank
	})
	res := &Result{}
	for _, p := range pairs {
		if p.bye {
			res.Boards = append(res.Boards, pairing.Board{White: p.white.StartNo})
			continue
		}
		res.Boards = append(res.Boards, pairing.Board{White: p.white.StartNo, Black: p.black.StartNo})
	}
	res.Notes = e.notes
	return res
}

func (e *engine) notef(format string, args ...any) {
	e.notes = append(e.notes, fmt.Sprintf(format, args...))
}
