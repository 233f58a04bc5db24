// The records that steer the pairing: accelerations (XXA, 250), forbidden
// pairs (XXP, 260), absences (240) and abnormal results (299).

package trf

import (
	"strings"
	"unicode/utf8"
)

// readXXA reads "XXA NNNN pp.p pp.p ...": player at 5-8, then the
// fictitious points of round 1, 2, ... in 4-column fields from column 10,
// 5 columns apart. A blank field gives no acceleration for that round.
func readXXA(l line) ([]Acceleration, error) {
	n, err := playerID(l, 5, 8, "player")
	if err != nil {
		return nil, err
	}
	var out []Acceleration
	for c, r := 10, 1; c <= len(l.runes); c, r = c+5, r+1 {
		if l.runes[c-2] != ' ' {
			return nil, l.errorf(c-1, "column %d must be blank (XXA fields are 4 columns from column 10, 5 apart)", c-1)
		}
		s := strings.TrimSpace(l.field(c, c+3))
		if s == "" {
			continue
		}
		v, ok := number(s)
		if !ok {
			return nil, l.errorf(c, "round %d: acceleration %q is not a number", r, s)
		}
		out = append(out, Acceleration{Points: v, FirstRound: r, LastRound: r, FirstPlayer: n, LastPlayer: n})
	}
	return out, nil
}

// read250 reads "250 MMMM GGGG RRF RRL PPPF PPPL".
func read250(l line) (Acceleration, error) {
	var a Acceleration
	var ok bool
	if s := strings.TrimSpace(l.field(5, 8)); s != "" {
		if a.MatchPoints, ok = number(s); !ok {
			return a, l.errorf(5, "match points %q is not a number", s)
		}
	}
	s := strings.TrimSpace(l.field(10, 13))
	if a.Points, ok = number(s); !ok {
		return a, l.errorf(10, "fictitious points %q is not a number", s)
	}
	var err error
	if a.FirstRound, err = roundNo(l, 15, 17, "first round"); err != nil {
		return a, err
	}
	if a.LastRound, err = roundNo(l, 19, 21, "last round"); err != nil {
		return a, err
	}
	if a.LastRound < a.FirstRound {
		return a, l.errorf(19, "last round %d before first round %d", a.LastRound, a.FirstRound)
	}
	if a.FirstPlayer, err = playerID(l, 23, 26, "first player"); err != nil {
		return a, err
	}
	if a.LastPlayer, err = playerID(l, 28, 31, "last player"); err != nil {
		return a, err
	}
	if a.LastPlayer < a.FirstPlayer {
		return a, l.errorf(28, "last player %d before first player %d", a.LastPlayer, a.FirstPlayer)
	}
	if len(l.runes) > 31 {
		return a, l.errorf(32, "unexpected text after the last player")
	}
	return a, nil
}

// readXXP reads "XXP p1 p2 ...", start numbers separated by blanks.
func readXXP(l line) (ForbiddenGroup, error) {
	g := ForbiddenGroup{}
	rest := l.rest(4)
	pos := 0
	for _, tok := range strings.Fields(rest) {
		at := strings.Index(rest[pos:], tok) + pos
		pos = at + len(tok)
		n, ok := integer(tok)
		if !ok || n < 1 {
			return g, l.errorf(4+utf8.RuneCountInString(rest[:at]), "%q is not a start number", tok)
		}
		g.Players = append(g.Players, n)
	}
	return g, nil
}

// read260 reads "260 RR1 RRL PPP1 PPP2 ...": rounds at 5-7 and 9-11, then
// start numbers in 4-column fields from column 13, 5 apart.
func read260(l line) (ForbiddenGroup, error) {
	var g ForbiddenGroup
	var err error
	if g.FirstRound, err = roundNo(l, 5, 7, "first round"); err != nil {
		return g, err
	}
	if g.LastRound, err = roundNo(l, 9, 11, "last round"); err != nil {
		return g, err
	}
	if g.LastRound < g.FirstRound {
		return g, l.errorf(9, "last round %d before first round %d", g.LastRound, g.FirstRound)
	}
	for c := 13; c <= len(l.runes); c += 5 {
		n, err := playerID(l, c, c+3, "player")
		if err != nil {
			return g, err
		}
		if c+4 <= len(l.runes) && l.runes[c+3] != ' ' {
			return g, l.errorf(c+4, "column %d must be blank", c+4)
		}
		g.Players = append(g.Players, n)
	}
	return g, nil
}

// read240 reads "240 T RRR PPPP PPPP ...".
func read240(l line) (Absence, error) {
	var a Absence
	k := ' '
	if len(l.runes) >= 5 {
		k = l.runes[4]
	}
	switch k {
	case 'F', 'H', 'Z', 'f', 'h', 'z':
		a.Kind = ResultCode(k &^ 0x20)
	default:
		return a, l.errorf(5, "bye type %q is not F, H or Z", k)
	}
	var err error
	if a.Round, err = roundNo(l, 7, 9, "round"); err != nil {
		return a, err
	}
	for c := 11; c <= len(l.runes); c += 5 {
		n, err := playerID(l, c, c+3, "player")
		if err != nil {
			return a, err
		}
		if c+4 <= len(l.runes) && l.runes[c+3] != ' ' {
			return a, l.errorf(c+4, "column %d must be blank", c+4)
		}
		a.Players = append(a.Players, n)
	}
	return a, nil
}

// read299 reads "299 T  MMMM  GGGG  RRR PPPP PPPP ...": the kind at
// column 5, match points at 8-11, points at 14-17, the round at 20-22
// (blank or 000: every round), start numbers from column 24, 5 apart.
func read299(l line) (Abnormal, error) {
	var a Abnormal
	k := ' '
	if len(l.runes) >= 5 {
		k = l.runes[4]
	}
	if k > '~' || !strings.ContainsRune("WDLFHZ+- ", k) {
		return a, l.errorf(5, "abnormal assignment type %q is not W, D, L, F, H, Z, +, - or blank", k)
	}
	a.Kind = byte(k)
	var ok bool
	for _, c := range []int{6, 7, 12, 13, 18, 19, 23} {
		if c <= len(l.runes) && l.runes[c-1] != ' ' {
			return a, l.errorf(c, "column %d must be blank", c)
		}
	}
	if s := strings.TrimSpace(l.field(8, 11)); s != "" {
		if a.MatchPoints, ok = number(s); !ok {
			return a, l.errorf(8, "match points %q are not a number", s)
		}
	}
	if s := strings.TrimSpace(l.field(14, 17)); s != "" {
		if a.Points, ok = number(s); !ok {
			return a, l.errorf(14, "points %q are not a number", s)
		}
	}
	if a.Round, ok = integer(l.field(20, 22)); !ok {
		return a, l.errorf(20, "round %q is not a number", strings.TrimSpace(l.field(20, 22)))
	}
	for c := 24; c <= len(l.runes); c += 5 {
		n, err := playerID(l, c, c+3, "player")
		if err != nil {
			return a, err
		}
		if c+4 <= len(l.runes) && l.runes[c+3] != ' ' {
			return a, l.errorf(c+4, "column %d must be blank", c+4)
		}
		a.Players = append(a.Players, n)
	}
	return a, nil
}
