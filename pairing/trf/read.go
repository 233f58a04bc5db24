package trf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
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

// Read reads a TRF-16 or TRF-26 file.
func Read(r io.Reader) (*File, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f := &File{Version: 16, PointSystem: DefaultPointSystem(), InitialColor: NoColor}
	// Point system lines are applied after all lines are read, in order:
	// 162 first (it may set the pairing-allocated bye from W), then XXS.
	var points162, pointsXXS []line
	seen := map[int]int{} // start number -> index in f.Players
	lines := splitLines(data)
	width, err := idWidth(lines)
	if err != nil {
		return nil, err
	}
	if width != 4 {
		f.IDWidth = width
	}
	rs := &records{width: width}
	for i, raw := range lines {
		l := line{no: i + 1, runes: trimRight(decode(raw))}
		if blank(l.runes) {
			continue
		}
		tag := l.field(1, 3)
		if trf26Only[tag] && !textTags[tag] {
			f.Version = 26
		}
		value := strings.TrimRight(l.rest(5), " \t")
		switch tag {
		case "001":
			p, err := readPlayer(l, width)
			if err != nil {
				return nil, err
			}
			if j, dup := seen[p.StartNo]; dup {
				return nil, l.errorf(5, "start number %d is used twice (first on line %d)", p.StartNo, f.Players[j].Line)
			}
			seen[p.StartNo] = len(f.Players)
			f.Players = append(f.Players, p)
		case "XXW":
			// read before the others (idWidth)
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
			acc, err := rs.readXXA(l)
			if err != nil {
				return nil, err
			}
			f.Accelerations = append(f.Accelerations, acc...)
		case "250":
			acc, err := rs.read250(l)
			if err != nil {
				return nil, err
			}
			f.Accelerations = append(f.Accelerations, acc)
		case "XXP":
			g, err := rs.readXXP(l)
			if err != nil {
				return nil, err
			}
			f.Forbidden = append(f.Forbidden, g)
		case "260":
			g, err := rs.read260(l)
			if err != nil {
				return nil, err
			}
			f.Forbidden = append(f.Forbidden, g)
		case "240":
			a, err := rs.read240(l)
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
			a, err := rs.read299(l)
			if err != nil {
				return nil, err
			}
			f.AbnormalPoints = append(f.AbnormalPoints, a)
		default:
			if teamTags[tag] {
				f.TeamRecords = append(f.TeamRecords, string(l.runes))
			} else {
				f.Unknown = append(f.Unknown, string(l.runes))
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
	if err := f.validate(rs.refs); err != nil {
		return nil, err
	}
	return f, nil
}

// validate checks what one line alone cannot: that opponents exist, that
// a played game is recorded on both lines, and that the players named by
// other records (refs: 240, 250, 260, 299, XXA, XXP) exist. A 250 range
// may span start numbers without a 001 line, but not pass the field's
// highest; every other start number named must have its 001 line.
func (f *File) validate(refs []idRef) error {
	top := 0 // the field's highest start number
	for i := range f.Players {
		top = max(top, f.Players[i].StartNo)
	}
	for _, r := range refs {
		if r.id > top {
			return &Error{Line: r.line, Column: r.col, Reason: fmt.Sprintf("%s %d is beyond the field: the highest start number of the 001 lines is %d", r.what, r.id, top)}
		}
		if !r.rangeEnd && f.ByStartNo(r.id) == nil {
			return &Error{Line: r.line, Column: r.col, Reason: fmt.Sprintf("%s %d has no player line (001)", r.what, r.id)}
		}
	}
	w := max(f.IDWidth, 4) // the digits of the start numbers as read, for the columns of errors
	for i := range f.Players {
		p := &f.Players[i]
		for r, e := range p.Rounds {
			if e.Opponent == 0 {
				continue
			}
			col := 92 + (w - 4) + (w+6)*r
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

// maxIDWidth is the widest start number XXW may declare.
const maxIDWidth = 9

// idWidth finds the XXW line, the extension of bbpPairings' fork for
// fields of more than 9,999 players ("XXW 7": start numbers and opponents
// of 001 lines are seven digits wide, and the columns after them move
// right); 4, TRF's width, when there is none. It is read before the
// player lines, wherever it stands.
func idWidth(lines [][]byte) (int, error) {
	width := 4
	for i, raw := range lines {
		if !bytes.HasPrefix(raw, []byte("XXW")) {
			continue
		}
		l := line{no: i + 1, runes: decode(raw)}
		s := strings.TrimSpace(l.rest(4))
		n, err := strconv.Atoi(s)
		if err != nil || n < 4 || n > maxIDWidth {
			return 0, l.errorf(5, "XXW %q is not a width of start numbers from 4 to %d digits", s, maxIDWidth)
		}
		width = n
	}
	return width, nil
}

// readAll reads r to its end: in one buffer of the right size when r says
// how much is left (a bytes.Reader, a strings.Reader), as io.ReadAll does
// otherwise.
func readAll(r io.Reader) ([]byte, error) {
	if l, ok := r.(interface{ Len() int }); ok {
		data := make([]byte, l.Len())
		n, err := io.ReadFull(r, data)
		if err != nil && err != io.ErrUnexpectedEOF { // shorter than said: what there is
			return nil, err
		}
		rest, err := io.ReadAll(r) // nothing, unless r grew
		return append(data[:n], rest...), err
	}
	return io.ReadAll(bufio.NewReader(r))
}
