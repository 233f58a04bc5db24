// The player record (001): the player's line and its round blocks.

package trf

import (
	"strings"
)

// readPlayer reads a 001 line whose start numbers and opponents are
// width digits wide (4, or more under XXW): the columns after the start
// number move right by the extra digits, and so does every round block,
// which is width + 6 columns wide ("O…O C R" and two blanks).
func readPlayer(l line, width int) (Player, error) {
	p := Player{Line: l.no}
	d := width - 4 // the shift of every column after the start number
	at := func(c int) int { return c + d }
	var ok bool
	if len(l.runes) > 3 && l.runes[3] != ' ' {
		return p, l.errorf(4, "column 4 must be blank")
	}
	p.StartNo, ok = integer(l.field(5, at(8)))
	if !ok || p.StartNo < 1 {
		return p, l.errorf(5, "start number %q is not a number from 1 to %s", strings.TrimSpace(l.field(5, at(8))), strings.Repeat("9", width))
	}
	if len(l.runes) < at(84) {
		return p, l.errorf(len(l.runes)+1, "the player line ends before the points field (columns %d-%d)", at(81), at(84))
	}
	for _, c := range []int{9, 14, 48, 53, 57, 69, 80, 85} {
		if c := at(c); c <= len(l.runes) && l.runes[c-1] != ' ' {
			return p, l.errorf(c, "column %d must be blank (fields out of place?)", c)
		}
	}
	if s := l.runes[at(10)-1]; s != ' ' {
		if s < '!' || s > '~' {
			return p, l.errorf(at(10), "sex %q is not a letter", s)
		}
		p.Sex = byte(s)
	}
	p.Title = strings.TrimSpace(l.field(at(11), at(13)))
	p.Name = strings.TrimSpace(l.field(at(15), at(47)))
	p.Rating, ok = integer(l.field(at(49), at(52)))
	if !ok {
		return p, l.errorf(at(49), "rating %q is not a number", strings.TrimSpace(l.field(at(49), at(52))))
	}
	p.Federation = strings.TrimSpace(l.field(at(54), at(56)))
	p.FideID = strings.TrimSpace(l.field(at(58), at(68)))
	p.BirthDate = strings.TrimSpace(l.field(at(70), at(79)))
	if s := strings.TrimSpace(l.field(at(81), at(84))); s != "" {
		p.Points, ok = number(s)
		if !ok {
			return p, l.errorf(at(81), "points %q is not a number", s)
		}
	}
	p.Rank, ok = integer(l.field(at(86), at(89)))
	if !ok {
		return p, l.errorf(at(86), "rank %q is not a number", strings.TrimSpace(l.field(at(86), at(89))))
	}
	for c := at(90); c <= min(at(91), len(l.runes)); c++ {
		if l.runes[c-1] != ' ' {
			return p, l.errorf(c, "column %d must be blank (round 1 starts at column %d)", c, at(92))
		}
	}
	for c := at(92); c <= len(l.runes); c += width + 6 {
		round := (c-at(92))/(width+6) + 1
		e, err := readRound(l, c, width, round, p.StartNo)
		if err != nil {
			return p, err
		}
		p.Rounds = append(p.Rounds, e)
	}
	return p, nil
}

// readRound reads the round block starting at column c: the opponent in
// width columns, then colour and result ("OOOO C R" when width is 4).
func readRound(l line, c, width, round, self int) (RoundResult, error) {
	e := RoundResult{Color: NoColor, Result: NoResult}
	d := width - 4
	for _, sep := range []int{c + 4 + d, c + 6 + d, c + 8 + d, c + 9 + d} {
		if sep <= len(l.runes) && l.runes[sep-1] != ' ' {
			return e, l.errorf(sep, "round %d: column %d must be blank (round block is \"%s C R\" from column %d)", round, sep, strings.Repeat("O", width), c)
		}
	}
	opp := l.field(c, c+3+d)
	n, ok := integer(opp)
	if !ok {
		return e, l.errorf(c, "round %d: opponent %q is not a start number", round, strings.TrimSpace(opp))
	}
	if n == self {
		return e, l.errorf(c, "round %d: player %d is his own opponent", round, self)
	}
	e.Opponent = n
	c += d // the colour and the result, as in a block of width 4
	col := ' '
	if c+5 <= len(l.runes) {
		col = l.runes[c+4]
	}
	switch col {
	case 'w', 'W':
		e.Color = White
	case 'b', 'B':
		e.Color = Black
	case '-', ' ':
		e.Color = NoColor
	default:
		return e, l.errorf(c+5, "round %d: colour %q is not w, b or -", round, col)
	}
	res := ' '
	if c+7 <= len(l.runes) {
		res = l.runes[c+6]
	}
	if res >= 'a' && res <= 'z' {
		res -= 'a' - 'A'
	}
	if res > '~' || !ResultCode(res).Valid() {
		return e, l.errorf(c+7, "round %d: result %q is not a TRF result code (1 = 0 + - W D L H F U Z or blank)", round, res)
	}
	e.Result = ResultCode(res)
	switch {
	case e.Opponent == 0 && e.Color != NoColor:
		return e, l.errorf(c+5, "round %d: an entry without opponent has no colour", round)
	case e.Opponent != 0 && strings.ContainsRune("HFUZ", rune(e.Result)):
		return e, l.errorf(c+7, "round %d: bye code %c with an opponent", round, e.Result)
	case e.Opponent == 0 && strings.ContainsRune("1W0DL", rune(e.Result)):
		return e, l.errorf(c+7, "round %d: game result %c without an opponent", round, e.Result)
	case e.Opponent != 0 && e.Color == NoColor && strings.ContainsRune("1=0WDL", rune(e.Result)):
		return e, l.errorf(c+5, "round %d: a played game needs colour w or b", round)
	}
	return e, nil
}
