// Package check verifies a proposed Swiss round against the absolute
// rules of the FIDE Swiss Rules, independently of any pairing engine: it
// shares no code with the Dutch engine and reads the history only through
// the tournament report file.
//
// The rules checked, in the words of the 2025/2026 texts (C.04.1 Basic
// Rules for Swiss Systems, C.04.3 FIDE (Dutch) System 2.1):
//
//   - every player who is not absent in the round (a bye or absence
//     entered in advance, a withdrawal) is paired exactly once, and nobody
//     else is paired; a pairing-allocated bye is given only when the
//     number of players to pair is odd;
//   - C1: two players shall not play against each other more than once.
//     Only games actually played count as having met: a game lost or won
//     by forfeit (codes + and -) was not played, and the General Handling
//     Rules for Swiss Tournaments let those two players be paired again.
//     Games of less than one move (W, D, L) were played;
//   - C2: a player who has already received a pairing-allocated bye, or
//     has already scored in one single round, without playing, as many
//     points as rewarded for a win (forfeit win, full-point bye), shall not
//     receive the pairing-allocated bye;
//   - C3: non-topscorers with the same absolute colour preference shall not
//     meet. A topscorer is a player with more than 50% of the maximum
//     possible score when the final round is paired (there are none in
//     other rounds);
//   - colour limits: no player's colour difference beyond +2 or -2, and
//     nobody the same colour three times in a row (in the games he played),
//     except in the final round for a game involving a topscorer, the only
//     case C3 lets through;
//   - forbidden pairs (XXP, 260) do not meet.
//
// Colours and colour differences count played games only: a forfeit's
// colour is not a colour received.
package check

import (
	"fmt"
	"slices"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// Rule names a rule a pairing can break.
type Rule string

// The rules checked.
const (
	Unpaired         Rule = "unpaired"          // a player present is neither paired nor given the bye
	PairedTwice      Rule = "paired twice"      // a player appears more than once
	UnknownPlayer    Rule = "unknown player"    // a start number that is not in the file
	AbsentPaired     Rule = "absent paired"     // a player absent in the round is paired
	UnneededBye      Rule = "unneeded bye"      // a bye with an even number of players to pair
	Rematch          Rule = "C1 rematch"        // two players meet a second time
	ByeNotAllowed    Rule = "C2 bye"            // the bye to a player who may not receive it
	SameAbsolute     Rule = "C3 colour"         // non-topscorers with the same absolute colour preference meet
	ColourDifference Rule = "colour difference" // colour difference beyond +2 or -2
	ColourStreak     Rule = "colour streak"     // the same colour three times in a row
	Forbidden        Rule = "forbidden pair"    // a pair forbidden by XXP or 260
)

// Violation is one broken rule.
type Violation struct {
	Rule        Rule
	Players     []int // start numbers involved
	Explanation string
}

// String gives the rule, the players and the explanation on one line.
func (v Violation) String() string { return fmt.Sprintf("%s %v: %s", v.Rule, v.Players, v.Explanation) }

// history is what the checker knows of a player before the round.
type history struct {
	score   float64
	colours []trf.Color // colours of played games, in order
	met     []int       // opponents of played games, in order (a list: a player has few)
	noBye   string      // why the player may not receive the bye ("" if he may)
}

// hasMet reports whether the player has played a game against n.
func (h *history) hasMet(n int) bool {
	for _, m := range h.met {
		if m == n {
			return true
		}
	}
	return false
}

func (h *history) difference() int {
	d := 0
	for _, c := range h.colours {
		if c == trf.White {
			d++
		} else {
			d--
		}
	}
	return d
}

// absolute returns the absolute colour preference (White, Black) or
// NoColor. A colour difference beyond ±1 decides; otherwise the same
// colour in the two latest games played asks for the other one.
func (h *history) absolute() trf.Color {
	d := h.difference()
	switch {
	case d < -1:
		return trf.White
	case d > 1:
		return trf.Black
	}
	n := len(h.colours)
	if n >= 2 && h.colours[n-1] == h.colours[n-2] {
		return h.colours[n-1].Opposite()
	}
	return trf.NoColor
}

// Round checks the pairing of round `round` (1-based) proposed for the
// tournament f: pairs are (white, black) start numbers, bye is the player
// given the pairing-allocated bye (0 for none). Only rounds before `round`
// are taken as history; in round `round`'s column, entries without an
// opponent that are not a pairing-allocated bye (and 240 records) are
// absences. It returns nil when the pairing breaks none of the rules.
func Round(f *trf.File, round int, pairs [][2]int, bye int) []Violation {
	return check(f, round, pairs, bye, nil)
}

// check is Round; colourless lists pairs whose colours are not known (a
// forfeit recorded without colours), which the colour rules skip.
func check(f *trf.File, round int, pairs [][2]int, bye int, colourless map[[2]int]bool) []Violation {
	var out []Violation
	add := func(r Rule, players []int, format string, args ...any) {
		out = append(out, Violation{Rule: r, Players: players, Explanation: fmt.Sprintf(format, args...)})
	}
	ps := f.PointSystem
	win := ps.WhiteWin
	hist := make(map[int]*history, len(f.Players))
	hs := make([]history, len(f.Players))
	// every player's opponents and colours in one block each, round-1 apiece
	mets, cols := make([]int, len(f.Players)*max(round-1, 0)), make([]trf.Color, len(f.Players)*max(round-1, 0))
	for i := range f.Players {
		p := &f.Players[i]
		h := &hs[i]
		at := i * max(round-1, 0)
		h.met, h.colours = mets[at:at:at+max(round-1, 0)], cols[at:at:at+max(round-1, 0)]
		for r := 1; r < round; r++ {
			e := p.Round(r)
			h.score += ps.Points(e)
			if e.Played() {
				h.met = append(h.met, e.Opponent)
				h.colours = append(h.colours, e.Color)
				continue
			}
			if h.noBye != "" {
				continue
			}
			if e.PairingAllocatedBye() {
				h.noBye = fmt.Sprintf("had the pairing-allocated bye in round %d", r)
			} else if ps.Points(e) >= win && win > 0 {
				h.noBye = fmt.Sprintf("scored a win without playing in round %d (%c)", r, e.Result)
			}
		}
		hist[p.StartNo] = h
	}
	absent := f.AbsentIn(round)
	final := f.TotalRounds > 0 && round == f.TotalRounds
	topscorer := func(n int) bool {
		return final && hist[n].score > 0.5*float64(round-1)*win
	}

	// Who is paired, and how often.
	count := make(map[int]int, 2*len(pairs)+1)
	var order []int
	seen := func(n int) {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	for _, pr := range pairs {
		seen(pr[0])
		seen(pr[1])
	}
	if bye != 0 {
		seen(bye)
	}
	for _, n := range order {
		switch {
		case hist[n] == nil:
			add(UnknownPlayer, []int{n}, "player %d is not in the tournament", n)
		case count[n] > 1:
			add(PairedTwice, []int{n}, "player %d is paired %d times", n, count[n])
		}
		if code, ok := absent[n]; ok && hist[n] != nil {
			add(AbsentPaired, []int{n}, "player %d is absent in round %d (%q entered in advance) but is paired", n, round, code)
		}
	}
	present := 0
	for i := range f.Players {
		n := f.Players[i].StartNo
		if _, ok := absent[n]; ok {
			continue
		}
		present++
		if count[n] == 0 {
			add(Unpaired, []int{n}, "player %d is present in round %d but neither paired nor given the bye", n, round)
		}
	}
	if bye != 0 && present%2 == 0 {
		add(UnneededBye, []int{bye}, "%d players to pair is even, yet player %d has the bye", present, bye)
	}
	if h := hist[bye]; bye != 0 && h != nil && h.noBye != "" {
		add(ByeNotAllowed, []int{bye}, "player %d may not receive the pairing-allocated bye: he %s", bye, h.noBye)
	}

	for _, pr := range pairs {
		w, b := pr[0], pr[1]
		hw, hb := hist[w], hist[b]
		if hw == nil || hb == nil {
			continue
		}
		if w == b {
			add(PairedTwice, []int{w}, "player %d is paired with himself", w)
			continue
		}
		if hw.hasMet(b) {
			add(Rematch, []int{w, b}, "players %d and %d have already played each other", w, b)
		}
		if f.IsForbidden(round, w, b) {
			add(Forbidden, []int{w, b}, "players %d and %d must not be paired in round %d (forbidden pair)", w, b, round)
		}
		aw, ab := hw.absolute(), hb.absolute()
		if aw != trf.NoColor && aw == ab && !topscorer(w) && !topscorer(b) {
			add(SameAbsolute, []int{w, b}, "players %d and %d both have an absolute preference for %s and neither is a topscorer", w, b, name(aw))
		}
		exempt := topscorer(w) || topscorer(b) || colourless[pr]
		for _, side := range []struct {
			n int
			h *history
			c trf.Color
		}{{w, hw, trf.White}, {b, hb, trf.Black}} {
			if exempt {
				continue
			}
			cols := append(slices.Clone(side.h.colours), side.c)
			d := side.h.difference()
			if side.c == trf.White {
				d++
			} else {
				d--
			}
			if d > 2 || d < -2 {
				add(ColourDifference, []int{side.n}, "player %d would have colour difference %+d with %s", side.n, d, name(side.c))
			}
			k := len(cols)
			if k >= 3 && cols[k-2] == side.c && cols[k-3] == side.c {
				add(ColourStreak, []int{side.n}, "player %d would have %s three times in a row", side.n, name(side.c))
			}
		}
	}
	return out
}

func name(c trf.Color) string {
	if c == trf.White {
		return "white"
	}
	return "black"
}
