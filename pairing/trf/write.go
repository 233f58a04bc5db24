package trf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SizeHint is about the number of bytes Write writes for f (its player
// lines and a little for the rest), for a caller to size its buffer.
func SizeHint(f *File) int {
	width := max(f.IDWidth, 4)
	n := 1024
	for i := range f.Players {
		n += 92 + (width+6)*len(f.Players[i].Rounds)
	}
	return n
}

// Write writes f column-exact, with LF line ends, as TRF-26 when
// f.Version is 26 and as TRF-16 otherwise.
//
// TRF-16 has no records for the number of rounds, the initial colour, the
// point system, accelerations and all-round forbidden pairs: they are
// written as the extensions XXR, XXC, XXS, XXA and XXP. What TRF-16 cannot
// carry at all (240 absences, 260 pairs limited to some rounds, 172-222,
// 299 and team records) is written with its TRF-26 record all the same, so
// nothing is lost; such a file reads back as TRF-26.
//
// TRF-26 writes 142, 152, 162 (XXS when the point system distinguishes
// colours, which 162 cannot say), 250, 260 and XXP for all-round groups.
// Lines with unknown prefixes are written last, in their order.
func (f *File) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	put := func(s string) { bw.WriteString(strings.TrimRight(s, " ")); bw.WriteByte('\n') }
	header := func(tag, v string) {
		if v != "" {
			put(tag + " " + v)
		}
	}
	number := func(tag string, n int) {
		if n != 0 || f.present[tag] {
			put(tag + " " + strconv.Itoa(n))
		}
	}
	v26 := f.Version == 26
	header("012", f.Name)
	header("022", f.City)
	header("032", f.Federation)
	header("042", f.StartDate)
	header("052", f.EndDate)
	number("062", f.NumPlayers)
	number("072", f.NumRatedPlayers)
	number("082", f.NumTeams)
	header("092", f.Type)
	header("102", f.ChiefArbiter)
	for _, d := range f.DeputyArbiters {
		put("112 " + d)
	}
	header("122", f.TimeControl)
	if len(f.RoundDates) > 0 {
		var b strings.Builder
		b.WriteString("132")
		b.WriteString(strings.Repeat(" ", 88))
		for _, d := range f.RoundDates {
			if utf8.RuneCountInString(d) > 10 {
				return fmt.Errorf("trf: round date %q is longer than 10 columns", d)
			}
			b.WriteString(pad(d, 10, false))
		}
		put(b.String())
	}
	if f.TotalRounds != 0 {
		if v26 {
			number("142", f.TotalRounds)
		} else {
			number("XXR", f.TotalRounds)
		}
	}
	if width := f.idWidth(); width > 4 {
		if width > maxIDWidth {
			return fmt.Errorf("trf: start numbers of %d digits: XXW allows at most %d", width, maxIDWidth)
		}
		put("XXW " + strconv.Itoa(width))
	}
	switch f.InitialColor {
	case White, Black:
		if v26 {
			put("152 " + strings.ToUpper(string(rune(f.InitialColor))))
			if f.UseRank {
				put("XXC rank")
			}
		} else {
			s := "XXC white1"
			if f.InitialColor == Black {
				s = "XXC black1"
			}
			if f.UseRank {
				s += " rank"
			}
			put(s)
		}
	default:
		if f.UseRank {
			put("XXC rank")
		}
	}
	if f.PointSystemSet {
		s, ok := f.PointSystem.record162()
		if v26 && s != "" {
			put(s)
		}
		if !v26 || !ok {
			// 162 cannot say it (colours differ): XXS, read after 162, says all.
			put(f.PointSystem.recordXXS())
		}
	}
	header("172", f.StartingRankMethod)
	header("182", f.PairingController)
	header("192", f.EncodedType)
	header("202", strings.Join(f.TieBreaks, ","))
	header("212", strings.Join(f.StandingTieBreaks, ","))
	header("222", f.EncodedTimeControl)
	for _, s := range f.TeamRecords {
		put(s)
	}
	width := f.idWidth() // of the start numbers, here and in the 001 lines
	for _, a := range f.AbnormalPoints {
		s, err := a.record(width)
		if err != nil {
			return err
		}
		put(s)
	}
	if err := f.writeAccelerations(put, v26, width); err != nil {
		return err
	}
	for _, g := range f.Forbidden {
		s, err := g.record(width)
		if err != nil {
			return err
		}
		put(s)
	}
	for _, a := range f.Absent {
		if a.Round < 1 || a.Round > 999 || !strings.ContainsRune("FHZ", rune(a.Kind)) || a.Kind == 0 {
			return fmt.Errorf("trf: absence %+v cannot be written", a)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "240 %c %03d", a.Kind, a.Round)
		if err := writeIDs(&b, a.Players, width, "absence"); err != nil {
			return err
		}
		put(b.String())
	}
	for i := range f.Players {
		s, err := f.Players[i].record(width)
		if err != nil {
			return err
		}
		put(s)
	}
	for _, s := range f.Unknown {
		put(s)
	}
	return bw.Flush()
}

// pad left-aligns (or right-aligns) s in width columns.
func pad(s string, width int, right bool) string {
	n := utf8.RuneCountInString(s)
	if n >= width {
		return s
	}
	if right {
		return strings.Repeat(" ", width-n) + s
	}
	return s + strings.Repeat(" ", width-n)
}

// formatPoints writes points in at most width columns: one decimal when
// that fits ("11.5"), otherwise the shortest exact form.
func formatPoints(v float64, width int) (string, error) {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if w, err := strconv.ParseFloat(s, 64); err != nil || w != v || len(s) > width {
		s = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if len(s) > width {
		return "", fmt.Errorf("trf: points %s do not fit in %d columns", s, width)
	}
	return s, nil
}

// record returns the 001 line of p, its start number and opponents width
// digits wide (4, or more under XXW).
func (p *Player) record(width int) (string, error) {
	fields := []struct {
		name  string
		v     string
		width int
	}{
		{"title", p.Title, 3}, {"name", p.Name, 33}, {"federation", p.Federation, 3},
		{"FIDE ID", p.FideID, 11}, {"birth date", p.BirthDate, 10},
	}
	for _, fl := range fields {
		if utf8.RuneCountInString(fl.v) > fl.width || strings.ContainsAny(fl.v, "\r\n") {
			return "", fmt.Errorf("trf: player %d: %s %q does not fit in %d columns", p.StartNo, fl.name, fl.v, fl.width)
		}
	}
	if p.StartNo < 1 || digits(p.StartNo) > width || p.Rating < 0 || p.Rating > 9999 || p.Rank < 0 || p.Rank > 9999 {
		return "", fmt.Errorf("trf: player %d: start number, rating or rank out of range (start number 1-%s, rating and rank 0-9999)", p.StartNo, strings.Repeat("9", width))
	}
	points, err := formatPoints(p.Points, 4)
	if err != nil {
		return "", fmt.Errorf("trf: player %d: %w", p.StartNo, err)
	}
	sex := byte(' ')
	if p.Sex != 0 {
		sex = p.Sex
	}
	rating, rank := "", ""
	if p.Rating != 0 {
		rating = strconv.Itoa(p.Rating)
	}
	if p.Rank != 0 {
		rank = strconv.Itoa(p.Rank)
	}
	var b strings.Builder
	b.Grow(91 + (width+6)*len(p.Rounds))
	fmt.Fprintf(&b, "001 %*d %c%s %s %s %s %s %s %s %s",
		width, p.StartNo, sex, pad(p.Title, 3, true), pad(p.Name, 33, false), pad(rating, 4, true),
		pad(p.Federation, 3, false), pad(p.FideID, 11, true), pad(p.BirthDate, 10, false),
		pad(points, 4, true), pad(rank, 4, true))
	for r, e := range p.Rounds {
		if e.Opponent < 0 || digits(e.Opponent) > width || !e.Result.Valid() || (e.Color != White && e.Color != Black && e.Color != NoColor) {
			return "", fmt.Errorf("trf: player %d, round %d: entry %+v cannot be written", p.StartNo, r+1, e)
		}
		// "  %*d %c %c" without fmt (a tenth of the generator's CPU went
		// to formatting): the opponent right-aligned, a bye as zeros as
		// wide as the field.
		b.WriteString("  ")
		if e.Opponent != 0 {
			opp := strconv.Itoa(e.Opponent)
			for i := len(opp); i < width; i++ {
				b.WriteByte(' ')
			}
			b.WriteString(opp)
		} else {
			for i := 0; i < width; i++ {
				b.WriteByte('0')
			}
		}
		b.WriteByte(' ')
		b.WriteRune(rune(e.Color))
		b.WriteByte(' ')
		b.WriteRune(rune(e.Result))
	}
	return b.String(), nil
}

// record162 returns the 162 line for ps, and whether 162 says all of it
// (when not, XXS must follow).
func (ps PointSystem) record162() (string, bool) {
	var b strings.Builder
	b.WriteString("162  ")
	var got PointSystem = DefaultPointSystem()
	for _, c := range []struct {
		code byte
		v    float64
	}{{'W', ps.WhiteWin}, {'D', ps.WhiteDraw}, {'L', ps.WhiteLoss}, {'A', ps.ZeroPointBye}, {'P', ps.PairingAllocatedBye}} {
		s, err := formatPoints(c.v, 4)
		if err != nil {
			s = "0.0" // does not fit: XXS will follow
		}
		fmt.Fprintf(&b, "%c%4s    ", c.code, s)
	}
	text := strings.TrimRight(b.String(), " ")
	if read162(line{no: 1, runes: []rune(text)}, &got) != nil || got != ps {
		return text, false
	}
	return text, true
}

// recordXXS returns JaVaFo's XXS line for ps.
func (ps PointSystem) recordXXS() string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	return fmt.Sprintf("XXS WW=%s BW=%s WD=%s BD=%s WL=%s BL=%s FW=%s FL=%s FPB=%s HPB=%s ZPB=%s PAB=%s",
		f(ps.WhiteWin), f(ps.BlackWin), f(ps.WhiteDraw), f(ps.BlackDraw), f(ps.WhiteLoss), f(ps.BlackLoss),
		f(ps.ForfeitWin), f(ps.ForfeitLoss), f(ps.FullPointBye), f(ps.HalfPointBye), f(ps.ZeroPointBye), f(ps.PairingAllocatedBye))
}

// writeIDs writes start numbers in fields of width columns, a blank
// before each (240, 260, 299).
func writeIDs(b *strings.Builder, ids []int, width int, what string) error {
	for _, p := range ids {
		if p < 1 || digits(p) > width {
			return fmt.Errorf("trf: %s: player %d out of range", what, p)
		}
		fmt.Fprintf(b, " %*d", width, p)
	}
	return nil
}

// record returns the line of a forbidden group: XXP for one in force in
// every round, 260 for a range of rounds, its start numbers width
// columns wide.
func (g ForbiddenGroup) record(width int) (string, error) {
	var b strings.Builder
	if g.FirstRound == 0 && g.LastRound == 0 {
		b.WriteString("XXP")
		for _, p := range g.Players {
			if p < 1 {
				return "", fmt.Errorf("trf: forbidden pair: player %d out of range", p)
			}
			fmt.Fprintf(&b, " %d", p)
		}
		return b.String(), nil
	}
	if g.FirstRound < 1 || g.LastRound < g.FirstRound || g.LastRound > 999 {
		return "", fmt.Errorf("trf: forbidden pairs %+v cannot be written", g)
	}
	fmt.Fprintf(&b, "260 %03d %03d", g.FirstRound, g.LastRound)
	if err := writeIDs(&b, g.Players, width, "forbidden pair"); err != nil {
		return "", err
	}
	return b.String(), nil
}

// writeAccelerations writes 250 records (TRF-26) or XXA lines (TRF-16),
// their start numbers width columns wide. An XXA line holds consecutive
// single-player, single-round entries of the same player with increasing
// rounds; a range that XXA cannot hold is written as a 250 record.
func (f *File) writeAccelerations(put func(string), v26 bool, width int) error {
	acc := f.Accelerations
	for i := 0; i < len(acc); {
		a := acc[i]
		single := a.FirstPlayer == a.LastPlayer && a.FirstRound == a.LastRound && a.MatchPoints == 0
		if v26 || !single {
			if a.FirstRound < 1 || a.LastRound > 999 || a.FirstPlayer < 1 || digits(a.LastPlayer) > width {
				return fmt.Errorf("trf: acceleration %+v out of range", a)
			}
			mp := "    "
			if a.MatchPoints != 0 {
				s, err := formatPoints(a.MatchPoints, 4)
				if err != nil {
					return err
				}
				mp = pad(s, 4, true)
			}
			gp, err := formatPoints(a.Points, 4)
			if err != nil {
				return err
			}
			put(fmt.Sprintf("250 %s %4s %03d %03d %*d %*d", mp, gp, a.FirstRound, a.LastRound, width, a.FirstPlayer, width, a.LastPlayer))
			i++
			continue
		}
		if a.FirstPlayer < 1 || digits(a.FirstPlayer) > width || a.FirstRound < 1 {
			return fmt.Errorf("trf: acceleration %+v out of range", a)
		}
		vals := map[int]float64{}
		last := 0
		j := i
		for ; j < len(acc); j++ {
			b := acc[j]
			if b.FirstPlayer != a.FirstPlayer || b.LastPlayer != a.FirstPlayer || b.FirstRound != b.LastRound || b.MatchPoints != 0 || b.FirstRound <= last {
				break
			}
			vals[b.FirstRound] = b.Points
			last = b.FirstRound
		}
		var b strings.Builder
		fmt.Fprintf(&b, "XXA %*d", width, a.FirstPlayer)
		for r := 1; r <= last; r++ {
			v, ok := vals[r]
			if !ok {
				b.WriteString("     ")
				continue
			}
			s, err := formatPoints(v, 4)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %4s", s)
		}
		put(b.String())
		i = j
	}
	return nil
}

// record returns the 299 line of a, its start numbers width columns wide.
func (a Abnormal) record(width int) (string, error) {
	if !strings.ContainsRune("WDLFHZ+- ", rune(a.Kind)) || a.Kind == 0 || a.Round < 0 || a.Round > 999 {
		return "", fmt.Errorf("trf: abnormal points %+v cannot be written", a)
	}
	mp := ""
	if a.MatchPoints != 0 {
		s, err := formatPoints(a.MatchPoints, 4)
		if err != nil {
			return "", err
		}
		mp = s
	}
	gp, err := formatPoints(a.Points, 4)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "299 %c  %4s  %4s  %03d", a.Kind, mp, gp, a.Round)
	if err := writeIDs(&b, a.Players, width, "abnormal points"); err != nil {
		return "", err
	}
	return b.String(), nil
}
