package trf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a line of a TRF that cannot be read. Line and Column are
// 1-based; Column is 0 when the whole line is at fault.
type Error struct {
	Line, Column int
	Reason       string
}

// Error gives the line, the column and the reason.
func (e *Error) Error() string {
	if e.Column == 0 {
		return fmt.Sprintf("trf: line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("trf: line %d, column %d: %s", e.Line, e.Column, e.Reason)
}

// trf26Only are the record tags that TRF-16 does not define.
var trf26Only = map[string]bool{
	"142": true, "152": true, "162": true, "172": true, "182": true, "192": true,
	"202": true, "212": true, "222": true, "240": true, "250": true, "260": true,
	"299": true, "300": true, "310": true, "320": true, "330": true, "352": true,
	"362": true, "801": true, "802": true,
}

// textTags are TRF-26 records whose text is optional: they make a file
// TRF-26 only when they say something (an empty one is not written back).
var textTags = map[string]bool{"172": true, "182": true, "192": true, "202": true, "212": true, "222": true}

var teamTags = map[string]bool{
	"013": true, "300": true, "310": true, "320": true, "330": true, "352": true,
	"362": true, "801": true, "802": true,
}

// line is one source line as columns.
type line struct {
	no    int
	runes []rune
}

// field returns columns from..to (1-based, inclusive), or the part of
// them that exists.
func (l line) field(from, to int) string {
	if from > len(l.runes) {
		return ""
	}
	return string(l.runes[from-1 : min(to, len(l.runes))])
}

// rest returns the text from column `from` on.
func (l line) rest(from int) string {
	if from > len(l.runes) {
		return ""
	}
	return string(l.runes[from-1:])
}

func (l line) errorf(col int, format string, args ...any) *Error {
	return &Error{Line: l.no, Column: col, Reason: fmt.Sprintf(format, args...)}
}

// splitLines splits data at CR, LF or CRLF.
func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			out = append(out, data)
			break
		}
		out = append(out, data[:i])
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return out
}

func decode(b []byte) []rune {
	if utf8.Valid(b) {
		return []rune(string(b))
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return r
}

// Read reads a TRF-16 or TRF-26 file.
func Read(r io.Reader) (*File, error) {
	data, err := io.ReadAll(bufio.NewReader(r))
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f := &File{Version: 16, PointSystem: DefaultPointSystem(), InitialColor: NoColor}
	// Point system lines are applied after all lines are read, in order:
	// 162 first (it may set the pairing-allocated bye from W), then XXS.
	var points162, pointsXXS []line
	seen := map[int]int{} // start number -> index in f.Players
	for i, raw := range splitLines(data) {
		l := line{no: i + 1, runes: decode(raw)}
		text := strings.TrimRight(string(l.runes), " \t")
		if strings.TrimSpace(text) == "" {
			continue
		}
		l.runes = []rune(text)
		tag := l.field(1, 3)
		if trf26Only[tag] && !textTags[tag] {
			f.Version = 26
		}
		value := strings.TrimRight(l.rest(5), " \t")
		switch tag {
		case "001":
			p, err := readPlayer(l)
			if err != nil {
				return nil, err
			}
			if j, dup := seen[p.StartNo]; dup {
				return nil, l.errorf(5, "start number %d is used twice (first on line %d)", p.StartNo, f.Players[j].Line)
			}
			seen[p.StartNo] = len(f.Players)
			f.Players = append(f.Players, p)
		case "012":
			f.Name = value
		case "022":
			f.City = value
		case "032":
			f.Federation = value
		case "042":
			f.StartDate = value
		case "052":
			f.EndDate = value
		case "062", "072", "082":
			n := 0
			if s := strings.TrimSpace(value); s != "" {
				n, err = strconv.Atoi(s)
				if err != nil || n < 0 {
					return nil, l.errorf(5, "%q is not a number", s)
				}
			}
			if n == 0 {
				if f.present == nil {
					f.present = map[string]bool{}
				}
				f.present[tag] = true
			}
			switch tag {
			case "062":
				f.NumPlayers = n
			case "072":
				f.NumRatedPlayers = n
			default:
				f.NumTeams = n
			}
		case "092":
			f.Type = value
		case "102":
			f.ChiefArbiter = value
		case "112":
			f.DeputyArbiters = append(f.DeputyArbiters, value)
		case "122":
			f.TimeControl = value
		case "132":
			f.RoundDates = nil
			for c := 92; c <= len(l.runes); c += 10 {
				f.RoundDates = append(f.RoundDates, strings.TrimSpace(l.field(c, c+9)))
			}
			for len(f.RoundDates) > 0 && f.RoundDates[len(f.RoundDates)-1] == "" {
				f.RoundDates = f.RoundDates[:len(f.RoundDates)-1]
			}
		case "142", "XXR":
			n, err := strconv.Atoi(strings.TrimSpace(l.rest(4)))
			if err != nil || n < 1 || n > 9999 {
				return nil, l.errorf(5, "the number of rounds %q is not a number from 1 to 9999", strings.TrimSpace(l.rest(4)))
			}
			f.TotalRounds = n
		case "152":
			switch strings.ToUpper(strings.TrimSpace(value)) {
			case "W":
				f.InitialColor = White
			case "B":
				f.InitialColor = Black
			default:
				return nil, l.errorf(5, "initial colour %q is not W or B", strings.TrimSpace(value))
			}
		case "XXC":
			for _, tok := range strings.Fields(l.rest(4)) {
				switch strings.ToLower(tok) {
				case "white1":
					f.InitialColor = White
				case "black1":
					f.InitialColor = Black
				case "rank":
					f.UseRank = true
				default:
					return nil, l.errorf(4+strings.Index(l.rest(4), tok), "unknown XXC option %q (white1, black1 or rank)", tok)
				}
			}
		case "162":
			points162 = append(points162, l)
		case "XXS":
			pointsXXS = append(pointsXXS, l)
		case "XXA":
			acc, err := readXXA(l)
			if err != nil {
				return nil, err
			}
			f.Accelerations = append(f.Accelerations, acc...)
		case "250":
			acc, err := read250(l)
			if err != nil {
				return nil, err
			}
			f.Accelerations = append(f.Accelerations, acc)
		case "XXP":
			g, err := readXXP(l)
			if err != nil {
				return nil, err
			}
			f.Forbidden = append(f.Forbidden, g)
		case "260":
			g, err := read260(l)
			if err != nil {
				return nil, err
			}
			f.Forbidden = append(f.Forbidden, g)
		case "240":
			a, err := read240(l)
			if err != nil {
				return nil, err
			}
			f.Absent = append(f.Absent, a)
		case "172":
			f.StartingRankMethod = value
		case "182":
			f.PairingController = value
		case "192":
			f.EncodedType = strings.TrimSpace(value)
		case "202":
			f.TieBreaks = splitList(value)
		case "212":
			f.StandingTieBreaks = splitList(value)
		case "222":
			f.EncodedTimeControl = strings.TrimSpace(value)
		case "299":
			a, err := read299(l)
			if err != nil {
				return nil, err
			}
			f.AbnormalPoints = append(f.AbnormalPoints, a)
		default:
			if teamTags[tag] {
				f.TeamRecords = append(f.TeamRecords, text)
			} else {
				f.Unknown = append(f.Unknown, text)
			}
		}
	}
	if f.StartingRankMethod != "" || f.PairingController != "" || f.EncodedType != "" ||
		len(f.TieBreaks) > 0 || len(f.StandingTieBreaks) > 0 || f.EncodedTimeControl != "" {
		f.Version = 26
	}
	for _, l := range points162 {
		if err := read162(l, &f.PointSystem); err != nil {
			return nil, err
		}
		f.PointSystemSet = true
	}
	for _, l := range pointsXXS {
		if err := readXXS(l, &f.PointSystem); err != nil {
			return nil, err
		}
		f.PointSystemSet = true
	}
	f.index = seen
	if err := f.validate(); err != nil {
		return nil, err
	}
	return f, nil
}

// validate checks what one line alone cannot: that opponents exist, that
// a played game is recorded on both lines, and that the players named by
// other records exist.
func (f *File) validate() error {
	for i := range f.Players {
		p := &f.Players[i]
		for r, e := range p.Rounds {
			if e.Opponent == 0 {
				continue
			}
			col := 92 + 10*r
			o := f.ByStartNo(e.Opponent)
			if o == nil {
				return &Error{Line: p.Line, Column: col, Reason: fmt.Sprintf("round %d: opponent %d does not exist", r+1, e.Opponent)}
			}
			if !e.Played() {
				continue
			}
			oe := o.Round(r + 1)
			if oe.Opponent != p.StartNo {
				return &Error{Line: p.Line, Column: col, Reason: fmt.Sprintf("round %d: player %d played %d, but the line of %d (line %d) does not say so", r+1, p.StartNo, e.Opponent, e.Opponent, o.Line)}
			}
			if oe.Played() && oe.Color == e.Color {
				return &Error{Line: p.Line, Column: col + 5, Reason: fmt.Sprintf("round %d: players %d and %d both have colour %c", r+1, p.StartNo, e.Opponent, e.Color)}
			}
		}
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// number parses an unsigned or signed decimal such as "11.5", "3", ".5".
func number(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	digits := 0
	for i, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && strings.Count(s, ".") == 1:
		case c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// integer parses a field of digits surrounded by spaces; blank is 0.
func integer(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func readPlayer(l line) (Player, error) {
	p := Player{Line: l.no}
	var ok bool
	if len(l.runes) > 3 && l.runes[3] != ' ' {
		return p, l.errorf(4, "column 4 must be blank")
	}
	p.StartNo, ok = integer(l.field(5, 8))
	if !ok || p.StartNo < 1 {
		return p, l.errorf(5, "start number %q is not a number from 1 to 9999", strings.TrimSpace(l.field(5, 8)))
	}
	if len(l.runes) < 84 {
		return p, l.errorf(len(l.runes)+1, "the player line ends before the points field (columns 81-84)")
	}
	for _, c := range []int{9, 14, 48, 53, 57, 69, 80, 85} {
		if c <= len(l.runes) && l.runes[c-1] != ' ' {
			return p, l.errorf(c, "column %d must be blank (fields out of place?)", c)
		}
	}
	if s := l.runes[9]; s != ' ' {
		if s < '!' || s > '~' {
			return p, l.errorf(10, "sex %q is not a letter", s)
		}
		p.Sex = byte(s)
	}
	p.Title = strings.TrimSpace(l.field(11, 13))
	p.Name = strings.TrimSpace(l.field(15, 47))
	p.Rating, ok = integer(l.field(49, 52))
	if !ok {
		return p, l.errorf(49, "rating %q is not a number", strings.TrimSpace(l.field(49, 52)))
	}
	p.Federation = strings.TrimSpace(l.field(54, 56))
	p.FideID = strings.TrimSpace(l.field(58, 68))
	p.BirthDate = strings.TrimSpace(l.field(70, 79))
	if s := strings.TrimSpace(l.field(81, 84)); s != "" {
		p.Points, ok = number(s)
		if !ok {
			return p, l.errorf(81, "points %q is not a number", s)
		}
	}
	p.Rank, ok = integer(l.field(86, 89))
	if !ok {
		return p, l.errorf(86, "rank %q is not a number", strings.TrimSpace(l.field(86, 89)))
	}
	for c := 90; c <= min(91, len(l.runes)); c++ {
		if l.runes[c-1] != ' ' {
			return p, l.errorf(c, "column %d must be blank (round 1 starts at column 92)", c)
		}
	}
	for c := 92; c <= len(l.runes); c += 10 {
		round := (c-92)/10 + 1
		e, err := readRound(l, c, round, p.StartNo)
		if err != nil {
			return p, err
		}
		p.Rounds = append(p.Rounds, e)
	}
	return p, nil
}

// readRound reads the round block starting at column c ("OOOO C R").
func readRound(l line, c, round, self int) (RoundResult, error) {
	e := RoundResult{Color: NoColor, Result: NoResult}
	for _, sep := range []int{c + 4, c + 6, c + 8, c + 9} {
		if sep <= len(l.runes) && l.runes[sep-1] != ' ' {
			return e, l.errorf(sep, "round %d: column %d must be blank (round block is \"OOOO C R\" from column %d)", round, sep, c)
		}
	}
	opp := l.field(c, c+3)
	n, ok := integer(opp)
	if !ok {
		return e, l.errorf(c, "round %d: opponent %q is not a start number", round, strings.TrimSpace(opp))
	}
	if n == self {
		return e, l.errorf(c, "round %d: player %d is his own opponent", round, self)
	}
	e.Opponent = n
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

// playerID reads a start number field that must not be blank.
func playerID(l line, from, to int, what string) (int, error) {
	n, ok := integer(l.field(from, to))
	if !ok || n < 1 {
		return 0, l.errorf(from, "%s %q is not a start number", what, strings.TrimSpace(l.field(from, to)))
	}
	return n, nil
}

func roundNo(l line, from, to int, what string) (int, error) {
	n, ok := integer(l.field(from, to))
	if !ok || n < 1 {
		return 0, l.errorf(from, "%s %q is not a round number", what, strings.TrimSpace(l.field(from, to)))
	}
	return n, nil
}

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

// read162 reads "162  W 1.0     D 0.5 ...": a code at column 6, its
// points at 7-10, the next code 9 columns further.
func read162(l line, ps *PointSystem) error {
	payPAB := false
	for c := 6; c <= len(l.runes); c += 9 {
		for k := c - 4; k < c; k++ {
			if k >= 5 && k <= len(l.runes) && l.runes[k-1] != ' ' {
				return l.errorf(k, "column %d must be blank (162 codes are at columns 6, 15, 24...)", k)
			}
		}
		code := l.runes[c-1]
		s := strings.TrimSpace(l.field(c+1, c+4))
		v, ok := number(s)
		if !ok {
			return l.errorf(c+1, "points %q for %c are not a number", s, code)
		}
		switch code {
		case 'W':
			ps.WhiteWin, ps.BlackWin, ps.ForfeitWin, ps.FullPointBye = v, v, v, v
			if !payPAB {
				ps.PairingAllocatedBye = v
			}
		case 'D':
			ps.WhiteDraw, ps.BlackDraw, ps.HalfPointBye = v, v, v
		case 'L':
			ps.WhiteLoss, ps.BlackLoss = v, v
		case 'A':
			ps.ZeroPointBye, ps.ForfeitLoss = v, v
		case 'P':
			ps.PairingAllocatedBye = v
			payPAB = true
		case 'X':
			// Unknown result (adjourned game): not represented; ignored.
		default:
			return l.errorf(c, "point code %q is not W, D, L, A, P or X", code)
		}
	}
	return nil
}

// readXXS reads JaVaFo's "XXS CODE=points ..." (WW BW WD BD WL BL W D L
// FW FL ZPB HPB FPB PAB).
func readXXS(l line, ps *PointSystem) error {
	rest := l.rest(4)
	pos := 0
	for _, tok := range strings.Fields(rest) {
		at := strings.Index(rest[pos:], tok) + pos
		pos = at + len(tok)
		col := 4 + utf8.RuneCountInString(rest[:at])
		code, val, found := strings.Cut(tok, "=")
		if !found {
			return l.errorf(col, "%q is not CODE=points", tok)
		}
		v, ok := number(val)
		if !ok {
			return l.errorf(col+len(code)+1, "points %q are not a number", val)
		}
		switch strings.ToUpper(code) {
		case "WW":
			ps.WhiteWin = v
		case "BW":
			ps.BlackWin = v
		case "W":
			ps.WhiteWin, ps.BlackWin = v, v
		case "WD":
			ps.WhiteDraw = v
		case "BD":
			ps.BlackDraw = v
		case "D":
			ps.WhiteDraw, ps.BlackDraw = v, v
		case "WL":
			ps.WhiteLoss = v
		case "BL":
			ps.BlackLoss = v
		case "L":
			ps.WhiteLoss, ps.BlackLoss = v, v
		case "FW":
			ps.ForfeitWin = v
		case "FL":
			ps.ForfeitLoss = v
		case "ZPB":
			ps.ZeroPointBye = v
		case "HPB":
			ps.HalfPointBye = v
		case "FPB":
			ps.FullPointBye = v
		case "PAB":
			ps.PairingAllocatedBye = v
		default:
			return l.errorf(col, "unknown XXS code %q", code)
		}
	}
	return nil
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
