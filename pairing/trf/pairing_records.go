// The records that steer the pairing: accelerations (XXA, 250), forbidden
// pairs (XXP, 260), absences (240) and abnormal results (299).
//
// Their start numbers are four columns wide, as TRF-16 and TRF-26 define
// them, or width columns under XXW. The fork of bbpPairings that defines
// XXW (its README) widens only the 001 lines and says nothing of these
// records, so they are widened the way it widens 001 lines, a choice of
// ours: every start number field is width columns, right-aligned, and
// every column after it moves right by the extra digits (a list of start
// numbers keeps one blank between fields). XXP is a list of numbers
// separated by blanks and needs no widening. pairing/README.md shows each
// layout. Every start number named must be one of a 001 line (validate).

package trf

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// idRef is a start number a record names, where it stands, to check that
// a 001 line has it once every line is read.
type idRef struct {
	line, col, id int
	what          string
	rangeEnd      bool // an end of a 250 range, which may name a start number without a 001 line
}

// records reads the start numbers of the records other than 001 lines:
// width is their digits (4, or XXW's), refs collects each one named.
type records struct {
	width int
	refs  []idRef
}

// id reads the start number in columns from..from+width-1, which must not
// be blank, and notes it.
func (rs *records) id(l line, from int, what string) (int, error) {
	n, err := playerID(l, from, from+rs.width-1, what)
	if err != nil {
		return 0, err
	}
	rs.refs = append(rs.refs, idRef{line: l.no, col: from, id: n, what: what})
	return n, nil
}

// blank checks that column c, after a start number field, is blank (or
// past the end of the line). A digit there is a start number wider than
// its field: without XXW, one of more than four digits.
func (rs *records) blank(l line, c int, after string) error {
	if c > len(l.runes) || l.runes[c-1] == ' ' {
		return nil
	}
	if d := l.runes[c-1]; d >= '0' && d <= '9' {
		if rs.width == 4 {
			return l.errorf(c, "column %d must be blank: %s is wider than four digits (start numbers above 9999 need an XXW line)", c, after)
		}
		return l.errorf(c, "column %d must be blank: %s is wider than XXW's %d digits", c, after, rs.width)
	}
	return l.errorf(c, "column %d must be blank (after %s)", c, after)
}

// list reads start numbers in fields of width columns from column c to
// the end of the line, one blank between them.
func (rs *records) list(l line, c int) ([]int, error) {
	var out []int
	for ; c <= len(l.runes); c += rs.width + 1 {
		n, err := rs.id(l, c, "player")
		if err != nil {
			return nil, err
		}
		if err := rs.blank(l, c+rs.width, "the start number at column "+strconv.Itoa(c)); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// readXXA reads "XXA NNNN pp.p pp.p ...": the player at 5-8, then the
// fictitious points of round 1, 2, ... in 4-column fields from column 10,
// 5 columns apart (under XXW the player is width columns and the fields
// start width-4 columns further right). A blank field gives no
// acceleration for that round.
func (rs *records) readXXA(l line) ([]Acceleration, error) {
	n, err := rs.id(l, 5, "player")
	if err != nil {
		return nil, err
	}
	d := rs.width - 4
	if err := rs.blank(l, 9+d, "the player"); err != nil {
		return nil, err
	}
	var out []Acceleration
	for c, r := 10+d, 1; c-1 <= len(l.runes); c, r = c+5, r+1 { // to the last column, a separator's too
		if l.runes[c-2] != ' ' {
			return nil, l.errorf(c-1, "column %d must be blank (XXA fields are 4 columns from column %d, 5 apart)", c-1, 10+d)
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

// read250 reads "250 MMMM GGGG RRF RRL PPPF PPPL": the first player at
// 23-26 and the last at 28-31, or under XXW each width columns, the
// last from column 24+width.
func (rs *records) read250(l line) (Acceleration, error) {
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
	w := rs.width
	if a.FirstPlayer, err = rs.id(l, 23, "first player"); err != nil {
		return a, err
	}
	rs.refs[len(rs.refs)-1].rangeEnd = true
	if err := rs.blank(l, 23+w, "the first player"); err != nil {
		return a, err
	}
	if a.LastPlayer, err = rs.id(l, 24+w, "last player"); err != nil {
		return a, err
	}
	rs.refs[len(rs.refs)-1].rangeEnd = true
	if a.LastPlayer < a.FirstPlayer {
		return a, l.errorf(24+w, "last player %d before first player %d", a.LastPlayer, a.FirstPlayer)
	}
	if end := 23 + 2*w; len(l.runes) > end {
		if err := rs.blank(l, end+1, "the last player"); err != nil {
			return a, err
		}
		c := end + 1
		for l.runes[c-1] == ' ' {
			c++ // the line is trimmed: text follows
		}
		return a, l.errorf(c, "unexpected text after the last player")
	}
	return a, nil
}

// readXXP reads "XXP p1 p2 ...", start numbers separated by blanks (of
// any width).
func (rs *records) readXXP(l line) (ForbiddenGroup, error) {
	g := ForbiddenGroup{}
	rest := l.rest(4)
	pos := 0
	for _, tok := range strings.Fields(rest) {
		at := strings.Index(rest[pos:], tok) + pos
		pos = at + len(tok)
		col := 4 + utf8.RuneCountInString(rest[:at])
		n, ok := integer(tok)
		if !ok || n < 1 {
			return g, l.errorf(col, "%q is not a start number", tok)
		}
		rs.refs = append(rs.refs, idRef{line: l.no, col: col, id: n, what: "player"})
		g.Players = append(g.Players, n)
	}
	return g, nil
}

// read260 reads "260 RR1 RRL PPP1 PPP2 ...": rounds at 5-7 and 9-11, then
// start numbers in 4-column fields (width under XXW) from column 13, one
// blank between them.
func (rs *records) read260(l line) (ForbiddenGroup, error) {
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
	g.Players, err = rs.list(l, 13)
	return g, err
}

// read240 reads "240 T RRR PPPP PPPP ...": start numbers in 4-column
// fields (width under XXW) from column 11, one blank between them.
func (rs *records) read240(l line) (Absence, error) {
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
	a.Players, err = rs.list(l, 11)
	return a, err
}

// read299 reads "299 T  MMMM  GGGG  RRR PPPP PPPP ...": the kind at
// column 5, match points at 8-11, points at 14-17, the round at 20-22
// (blank or 000: every round), start numbers from column 24 in 4-column
// fields (width under XXW), one blank between them.
func (rs *records) read299(l line) (Abnormal, error) {
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
	var err error
	a.Players, err = rs.list(l, 24)
	return a, err
}
