package dutch

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hakem-chess/hakem/pairing"
)

// Breach is one pairing criterion a hand-changed pairing breaks.
type Breach struct {
	// Criterion is the criterion's name in the numbering the engine's
	// explanation uses (C.04.3 as revised in 2025): "C1", "C2", "C3" for
	// the absolute criteria, "C5"-"C21" for the quality criteria, "E" for
	// the colour allocation rules (E.1-E.5).
	Criterion string
	Players   []int  // start numbers concerned, ascending
	Text      string // what is broken, in the arbiter's words
}

// String gives the criterion, the players and the text on one line.
func (b Breach) String() string { return fmt.Sprintf("%s %v: %s", b.Criterion, b.Players, b.Text) }

// HandReport is what HandChange finds in a hand-changed pairing.
type HandReport struct {
	Round    int
	Removed  []pairing.Board // boards of the engine's pairing the hand pairing does not have
	Added    []pairing.Board // boards of the hand pairing the engine's does not have
	Breaches []Breach        // absolute criteria first, then C5-C21 and E in order
}

// Changed reports whether the hand pairing differs from the engine's.
func (r *HandReport) Changed() bool { return len(r.Removed)+len(r.Added) > 0 }

// Comment is the TRF-26 comment line ("### " then text, one line) that
// records the hand change in the tournament report, as FIDE's 2026
// endorsement rules ask of a program that lets the arbiter change a
// pairing: the round, the boards replaced, and the criteria broken.
func (r *HandReport) Comment() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### round %d: manual pairing", r.Round)
	if !r.Changed() {
		b.WriteString(" identical to the engine's")
		return b.String()
	}
	fmt.Fprintf(&b, ": engine %s replaced by %s", boardList(r.Removed), boardList(r.Added))
	if len(r.Breaches) == 0 {
		b.WriteString("; no criterion broken")
		return b.String()
	}
	b.WriteString("; breaks")
	for i, br := range r.Breaches {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s (%s)", br.Criterion, intList(br.Players))
	}
	return b.String()
}

func boardList(bs []pairing.Board) string {
	parts := make([]string, len(bs))
	for i, x := range bs {
		if x.Black == 0 {
			parts[i] = fmt.Sprintf("%d-bye", x.White)
		} else {
			parts[i] = fmt.Sprintf("%d-%d", x.White, x.Black)
		}
	}
	return strings.Join(parts, " ")
}

func intList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " ")
}

// HandChange compares a hand-changed pairing of round t.Round (hand) with
// the pairing the engine made (engine, as Pair returned it) and lists the
// criteria the hand pairing breaks: every breach of an absolute criterion
// (C1 rematches and forbidden pairs, C2 the pairing-allocated bye, C3 and
// the colour limits of C.04.1), and each quality criterion on which the
// hand pairing does worse than the engine's over the whole round (C5 the
// bye's score, C6 the number of downfloaters, C7 the score differences of
// the pairs, C9 the bye assignee's unplayed games, C10-C13 colours as
// allotted, C14-C21 repeated floats), and colours allotted against
// E.1-E.5 to a pair the engine also made or would colour otherwise.
// Quality criteria are compared round-wide (the rules apply them bracket
// by bracket, so a hand pairing may be worse in one bracket and better in
// another: each criterion worse in total is reported).
//
// A board is White and Black start numbers, the pairing-allocated bye a
// board with Black == 0. A hand pairing that cannot be played (a start
// number unknown, a player absent or paired twice, a player present left
// out, a bye with an even number of players) is refused with a
// *pairing.InputError; t is not changed.
func HandChange(t *pairing.Tournament, engine, hand []pairing.Board) (*HandReport, error) {
	h, err := newHandView(t)
	if err != nil {
		return nil, err
	}
	eng, err := h.read("engine", engine)
	if err != nil {
		return nil, err
	}
	hp, err := h.read("hand", hand)
	if err != nil {
		return nil, err
	}
	r := &HandReport{Round: t.Round}
	inEngine, inHand := map[pairing.Board]bool{}, map[pairing.Board]bool{}
	for _, b := range engine {
		inEngine[b] = true
	}
	for _, b := range hand {
		inHand[b] = true
		if !inEngine[b] {
			r.Added = append(r.Added, b)
		}
	}
	for _, b := range engine {
		if !inHand[b] {
			r.Removed = append(r.Removed, b)
		}
	}
	r.Breaches = append(r.Breaches, h.absolute(hp)...)
	r.Breaches = append(r.Breaches, h.quality(eng, hp)...)
	r.Breaches = append(r.Breaches, h.colours(eng, hp)...)
	return r, nil
}

// handView is what HandChange knows of the players of the round.
type handView struct {
	t      *pairing.Tournament
	e      *engine
	byNo   map[int]*entrant // the players to pair
	absent map[int]bool
	top    pairing.Score // the score above which a player is a topscorer (final round); -1 otherwise
}

func newHandView(t *pairing.Tournament) (*handView, error) {
	e := &engine{t: t, played: t.Round - 1}
	e.all = make([]*pairing.Player, len(t.Players))
	for i := range t.Players {
		e.all[i] = &t.Players[i]
	}
	h := &handView{t: t, e: e, byNo: map[int]*entrant{}, absent: map[int]bool{}, top: -1}
	rank := 0
	for i := range t.Players {
		p := &t.Players[i]
		if p.Absent {
			h.absent[p.StartNo] = true
			for _, g := range p.Games {
				if g.Paired {
					rank++
					break
				}
			}
			continue
		}
		en := newEntrant(t, i, rank)
		computeFloats(t, e.all, en)
		h.byNo[p.StartNo] = en
		rank++
	}
	if e.played >= t.TotalRounds-1 {
		h.top = pairing.Score(e.played) * max(t.Points.Win, t.Points.Draw) / 2
	}
	return h, nil
}

// handPairing is one pairing of the round read against the players.
type handPairing struct {
	boards []pairing.Board
	bye    *entrant
}

// read checks that boards can be played: every player present paired
// exactly once, nobody else, a bye only for an odd number.
func (h *handView) read(which string, boards []pairing.Board) (*handPairing, error) {
	seen := map[int]bool{}
	out := &handPairing{boards: boards}
	for i, b := range boards {
		for _, no := range [2]int{b.White, b.Black} {
			if no == 0 && no == b.Black {
				continue
			}
			switch {
			case h.absent[no]:
				return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing, board %d: player %d is absent in round %d", which, i+1, no, h.t.Round)}
			case h.byNo[no] == nil:
				return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing, board %d: no player %d", which, i+1, no)}
			case seen[no]:
				return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing, board %d: player %d is paired twice", which, i+1, no)}
			}
			seen[no] = true
		}
		if b.Black == 0 {
			if out.bye != nil {
				return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing, board %d: a second pairing-allocated bye", which, i+1)}
			}
			out.bye = h.byNo[b.White]
		}
	}
	for _, no := range h.sortedNos() {
		if !seen[no] {
			return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing: player %d is not paired", which, no)}
		}
	}
	if out.bye != nil && len(h.byNo)%2 == 0 {
		return nil, &pairing.InputError{Reason: fmt.Sprintf("%s pairing: a pairing-allocated bye with an even number of players (%d)", which, len(h.byNo))}
	}
	return out, nil
}

func (h *handView) sortedNos() []int {
	nos := make([]int, 0, len(h.byNo))
	for no := range h.byNo {
		nos = append(nos, no)
	}
	sort.Ints(nos)
	return nos
}

func (h *handView) topscorer(p *entrant) bool { return h.top >= 0 && p.score > h.top }

// absolute lists the absolute criteria the pairing breaks.
func (h *handView) absolute(hp *handPairing) []Breach {
	var out []Breach
	add := func(c, text string, players ...int) {
		sort.Ints(players)
		out = append(out, Breach{Criterion: c, Players: players, Text: text})
	}
	if hp.bye != nil && !hp.bye.byeEligible {
		add("C2", fmt.Sprintf("%d receives the pairing-allocated bye after a bye or a round scored as a win without playing", hp.bye.StartNo), hp.bye.StartNo)
	}
	for _, b := range hp.boards {
		if b.Black == 0 {
			continue
		}
		w, k := h.byNo[b.White], h.byNo[b.Black]
		for _, g := range w.Games {
			if g.Played && g.Opponent == k.index {
				add("C1", fmt.Sprintf("%d and %d have already played each other", w.StartNo, k.StartNo), w.StartNo, k.StartNo)
				break
			}
		}
		if forbidden(w, k) || forbidden(k, w) {
			add("C1", fmt.Sprintf("%d and %d are a forbidden pairing (XXP/260)", w.StartNo, k.StartNo), w.StartNo, k.StartNo)
		}
		tops := h.topscorer(w) || h.topscorer(k)
		if w.absolute() && k.absolute() && w.preference == k.preference && !tops {
			add("C3", fmt.Sprintf("%d and %d both have an absolute colour preference for %s and are not topscorers", w.StartNo, k.StartNo, colourName(w.preference)), w.StartNo, k.StartNo)
			continue
		}
		for _, x := range [2]struct {
			p *entrant
			c pairing.Color
		}{{w, pairing.White}, {k, pairing.Black}} {
			if over, streak := colourLimits(x.p, x.c); (over || streak) && !tops {
				add("C3", fmt.Sprintf("%d given %s: %s (C.04.1, only topscorers in the final round may)", x.p.StartNo, colourName(x.c), limitText(over, streak)), x.p.StartNo)
			}
		}
	}
	return out
}

func forbidden(a, b *entrant) bool {
	for _, o := range a.Forbidden {
		if o == b.index {
			return true
		}
	}
	return false
}

// colourLimits reports whether colour c takes p's colour difference
// beyond ±2, or gives him the same colour three times in a row.
func colourLimits(p *entrant, c pairing.Color) (over, streak bool) {
	d := 0
	for _, x := range p.colours {
		if x == pairing.White {
			d++
		} else {
			d--
		}
	}
	if c == pairing.White {
		d++
	} else {
		d--
	}
	return d > 2 || d < -2, p.repeated == c
}

func limitText(over, streak bool) string {
	switch {
	case over && streak:
		return "a colour difference beyond ±2 and the same colour three times in a row"
	case over:
		return "a colour difference beyond ±2"
	}
	return "the same colour three times in a row"
}
