// Package trf reads and writes tournament report files (TRF), the FIDE
// agreed data-exchange format: TRF-16 and TRF-26, together with the
// extensions that pairing engines read (XXR, XXC, XXA, XXP, XXS), and
// XXW, the extension of bbpPairings' fork for more than 9,999 players:
// "XXW N" makes the start numbers and opponents of 001 lines N digits
// wide (a bye's opponent N zeros), every column after them moved right,
// as the fork defines it. The fork defines nothing for the other records
// that name players; under XXW Hakem widens them the same way (each start
// number field N columns, the columns after it moved right): 240, 250,
// 260, 299 and XXA (pairing_records.go). XXP needs no widening.
//
// Reading is lenient about line ends (CR, LF or CRLF), letter case of
// result codes and date layout (dates are kept as written), and strict
// about columns: a start number, opponent, colour, result or points field
// that cannot be understood is an *Error naming the line and the column.
// Writing is column-exact.
//
// Columns are counted in characters (runes) when a line is valid UTF-8;
// otherwise each byte is one column (Latin-1 files) and the text is
// converted to UTF-8.
package trf

import (
	"math"
	"slices"
	"strings"
)

// Color is the colour a player had, or was scheduled to have, in a round.
type Color byte

// The colours of a round entry. NoColor is written '-' (a bye, an absence
// or a forfeit without colour).
const (
	NoColor Color = '-'
	White   Color = 'w'
	Black   Color = 'b'
)

// Opposite returns the other colour; NoColor stays NoColor.
func (c Color) Opposite() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// ResultCode is the result field of a round entry, one of the TRF codes.
type ResultCode byte

// The TRF result codes.
const (
	ForfeitLoss  ResultCode = '-' // forfeit loss
	ForfeitWin   ResultCode = '+' // forfeit win
	UnratedWin   ResultCode = 'W' // win, game lasted less than one move
	UnratedDraw  ResultCode = 'D' // draw, game lasted less than one move
	UnratedLoss  ResultCode = 'L' // loss, game lasted less than one move
	Win          ResultCode = '1' // win
	Draw         ResultCode = '=' // draw
	Loss         ResultCode = '0' // loss
	HalfPointBye ResultCode = 'H' // half-point bye (requested in advance)
	FullPointBye ResultCode = 'F' // full-point bye
	PairingBye   ResultCode = 'U' // pairing-allocated bye
	ZeroPointBye ResultCode = 'Z' // zero-point bye (known absence)
	NoResult     ResultCode = ' ' // blank: equivalent to Z; with an opponent, a game not yet played
)

const resultCodes = "-+WDL1=0HFUZ "

// Valid reports whether c is one of the TRF result codes.
func (c ResultCode) Valid() bool {
	return c != 0 && strings.IndexByte(resultCodes, byte(c)) >= 0
}

// RoundResult is one round entry of a player line: the scheduled opponent
// (start number, 0 = none), the colour and the result code.
type RoundResult struct {
	Opponent int
	Color    Color
	Result   ResultCode
}

// Played reports whether a game was played over the board (including the
// unrated W, D, L of a game that lasted less than one move).
func (r RoundResult) Played() bool {
	if r.Opponent == 0 {
		return false
	}
	switch r.Result {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		return true
	}
	return false
}

// Forfeit reports whether the entry is a forfeit win or loss.
func (r RoundResult) Forfeit() bool { return r.Result == ForfeitWin || r.Result == ForfeitLoss }

// PairingAllocatedBye reports whether the entry is a pairing-allocated
// bye: code U, or the legacy "0000 - +" some programs write for it.
func (r RoundResult) PairingAllocatedBye() bool {
	return r.Result == PairingBye || (r.Opponent == 0 && r.Result == ForfeitWin)
}

// Paired reports whether the player took part in the pairing of that round:
// he had an opponent (played or forfeited) or the pairing-allocated bye.
func (r RoundResult) Paired() bool { return r.Opponent != 0 || r.PairingAllocatedBye() }

// Player is a 001 record.
type Player struct {
	StartNo    int
	Sex        byte   // as written ('m', 'w', 'f'...); 0 when blank
	Title      string // GM, IM, WGM, FM, WIM, CM, WFM, WCM, or the one-letter codes of old files
	Name       string
	Rating     int // 0 when blank
	Federation string
	FideID     string // as written
	BirthDate  string // as written: YYYY/MM/DD, YYYY or DD/MM/YYYY
	Points     float64
	Rank       int           // 0 when blank
	Rounds     []RoundResult // index 0 = round 1; may be shorter than other players' (trailing blank entries are dropped)
	Line       int           // line number in the source file; 0 for a player not read from a file
}

// Round returns the player's entry for round r (1-based); a round beyond
// his entries is a blank entry (not paired, no result).
func (p *Player) Round(r int) RoundResult {
	if r < 1 || r > len(p.Rounds) {
		return RoundResult{Color: NoColor, Result: NoResult}
	}
	return p.Rounds[r-1]
}

// PointSystem gives the points of each kind of result (TRF-26 record 162,
// JaVaFo's XXS). Read fills every field, with the FIDE defaults where the
// file says nothing.
type PointSystem struct {
	WhiteWin, BlackWin   float64 // win over the board (1, W)
	WhiteDraw, BlackDraw float64 // draw (=, D)
	WhiteLoss, BlackLoss float64 // loss (0, L)
	ForfeitWin           float64 // +
	ForfeitLoss          float64 // -
	FullPointBye         float64 // F
	HalfPointBye         float64 // H
	ZeroPointBye         float64 // Z and blank
	PairingAllocatedBye  float64 // U
}

// DefaultPointSystem is 1, ½, 0 with a pairing-allocated bye worth a win.
func DefaultPointSystem() PointSystem {
	return PointSystem{
		WhiteWin: 1, BlackWin: 1, WhiteDraw: 0.5, BlackDraw: 0.5,
		ForfeitWin: 1, FullPointBye: 1, HalfPointBye: 0.5, PairingAllocatedBye: 1,
	}
}

// Points returns what a round entry scores under the point system.
func (ps PointSystem) Points(r RoundResult) float64 {
	switch r.Result {
	case Win, UnratedWin:
		if r.Color == Black {
			return ps.BlackWin
		}
		return ps.WhiteWin
	case Draw, UnratedDraw:
		if r.Opponent == 0 {
			return ps.HalfPointBye // legacy "0000 - =": a half-point bye
		}
		if r.Color == Black {
			return ps.BlackDraw
		}
		return ps.WhiteDraw
	case Loss, UnratedLoss:
		if r.Color == Black {
			return ps.BlackLoss
		}
		return ps.WhiteLoss
	case ForfeitWin:
		if r.Opponent == 0 {
			return ps.PairingAllocatedBye
		}
		return ps.ForfeitWin
	case ForfeitLoss:
		return ps.ForfeitLoss
	case FullPointBye:
		return ps.FullPointBye
	case HalfPointBye:
		return ps.HalfPointBye
	case PairingBye:
		return ps.PairingAllocatedBye
	}
	return ps.ZeroPointBye
}

// Acceleration gives fictitious points to a range of players for a range
// of rounds (TRF-26 record 250). An XXA line of player N is read as one
// Acceleration per round field, with FirstPlayer = LastPlayer = N and
// FirstRound = LastRound.
type Acceleration struct {
	MatchPoints             float64 // team competitions only; 0 for individuals
	Points                  float64 // fictitious (game) points
	FirstRound, LastRound   int
	FirstPlayer, LastPlayer int
}

// ForbiddenGroup is a group of players none of whom may be paired with
// another of the group (XXP, record 260). FirstRound and LastRound are 0
// for an XXP group, which applies to every round.
type ForbiddenGroup struct {
	FirstRound, LastRound int
	Players               []int
}

// Applies reports whether the group applies in round r.
func (g ForbiddenGroup) Applies(r int) bool {
	if g.FirstRound == 0 && g.LastRound == 0 {
		return true
	}
	return r >= g.FirstRound && r <= g.LastRound
}

// Absence is a TRF-26 240 record: the players who have a full-point (F),
// half-point (H) or zero-point (Z) bye in a round, entered in advance.
type Absence struct {
	Kind    ResultCode // FullPointBye, HalfPointBye or ZeroPointBye
	Round   int
	Players []int
}

// Abnormal is a TRF-26 299 record: points assigned abnormally (an
// arbiter's decision, a penalty or bonus) to some players in a round or
// in every round.
type Abnormal struct {
	Kind        byte    // W, D, L, F, H, Z, + or -; ' ' for a penalty or bonus
	MatchPoints float64 // teams only
	Points      float64 // game points (teams) or points (individuals), may be negative
	Round       int     // 0: every round
	Players     []int
}

// File is a tournament report file.
type File struct {
	Version int // 16 or 26: 26 when any record that only TRF-26 defines was read

	Name, City, Federation, StartDate, EndDate, Type, ChiefArbiter, TimeControl string   // 012, 022, 032, 042, 052, 092, 102, 122
	DeputyArbiters                                                              []string // 112, one per line
	NumPlayers, NumRatedPlayers, NumTeams                                       int      // 062, 072, 082
	RoundDates                                                                  []string // 132, as written

	TotalRounds  int   // XXR or 142; 0 when not given
	InitialColor Color // XXC white1/black1 or 152; NoColor when not given
	UseRank      bool  // XXC rank: pair by the rank field instead of the start number
	// IDWidth is XXW, bbpPairings' fork's extension for more than 9,999
	// players: the digits of the start numbers and opponents of 001
	// lines, and of the start numbers of 240, 250, 260, 299 and XXA; 0
	// for TRF's four. Write widens them as far as the start numbers
	// need, whatever it says.
	IDWidth int

	PointSystem    PointSystem // 162 or XXS; FIDE defaults when not given
	PointSystemSet bool        // whether the file gave a point system

	Accelerations []Acceleration   // XXA or 250
	Forbidden     []ForbiddenGroup // XXP (every round) or 260 (a range of rounds)
	Absent        []Absence        // 240

	EncodedType        string     // 192, e.g. FIDE_DUTCH_2025
	PairingController  string     // 182
	StartingRankMethod string     // 172, as written
	TieBreaks          []string   // 202, the codes in order
	StandingTieBreaks  []string   // 212
	EncodedTimeControl string     // 222
	TeamRecords        []string   // 013, 300, 310, 320, 330, 352, 362, 801, 802: kept verbatim, not interpreted
	AbnormalPoints     []Abnormal // 299
	Players            []Player   // in file order
	Unknown            []string   // lines with other prefixes (comments ###, national rating records...), verbatim and in order

	index   map[int]int     // start number -> index in Players
	present map[string]bool // header records read with a zero number (062, 072, 082), written back as read
}

// ByStartNo returns the player with start number n, or nil.
func (f *File) ByStartNo(n int) *Player {
	if len(f.index) == len(f.Players) {
		if i, ok := f.index[n]; ok && i < len(f.Players) && f.Players[i].StartNo == n {
			return &f.Players[i]
		}
		if !f.stale() {
			return nil
		}
	}
	f.index = make(map[int]int, len(f.Players))
	for i := range f.Players {
		f.index[f.Players[i].StartNo] = i
	}
	if i, ok := f.index[n]; ok {
		return &f.Players[i]
	}
	return nil
}

// stale reports whether the start-number index no longer matches Players.
func (f *File) stale() bool {
	for i := range f.Players {
		if j, ok := f.index[f.Players[i].StartNo]; !ok || j != i {
			return true
		}
	}
	return false
}

// Rounds returns the number of round columns of the longest player line
// (this may include a round not yet paired, where absences are entered).
func (f *File) Rounds() int {
	n := 0
	for i := range f.Players {
		n = max(n, len(f.Players[i].Rounds))
	}
	return n
}

// Score returns the points of player n after the first `rounds` rounds,
// from his round entries under the file's point system (accelerations
// not included). A sum within a rounding error of a tenth is that tenth:
// the file writes points with one decimal, and 0.3 + 0.3 + ... in binary
// floating point drifts off it (5 × 0.3 + 0.3 = 1.8000000000000003).
func (f *File) Score(n, rounds int) float64 {
	p := f.ByStartNo(n)
	if p == nil {
		return 0
	}
	s := 0.0
	for r := 1; r <= rounds; r++ {
		s += f.PointSystem.Points(p.Round(r))
	}
	if t := math.Round(s*10) / 10; math.Abs(s-t) < 1e-9 {
		s = t
	}
	return s
}

// Acceleration returns the fictitious points of player n in round r.
func (f *File) Acceleration(n, r int) float64 {
	s := 0.0
	for _, a := range f.Accelerations {
		if n >= a.FirstPlayer && n <= a.LastPlayer && r >= a.FirstRound && r <= a.LastRound {
			s = a.Points
		}
	}
	return s
}

// IsForbidden reports whether players a and b must not meet in round r.
func (f *File) IsForbidden(r, a, b int) bool {
	for _, g := range f.Forbidden {
		if g.Applies(r) && slices.Contains(g.Players, a) && slices.Contains(g.Players, b) && a != b {
			return true
		}
	}
	return false
}

// AbsentIn returns the players who will not be paired in round r because
// a bye or absence was entered in advance, with its code as written (F,
// H, Z, blank, or the legacy - and =): from 240 records and from the
// round's column of the player lines (an entry without opponent that is
// not a pairing-allocated bye). A withdrawn player is absent this way.
func (f *File) AbsentIn(r int) map[int]ResultCode {
	out := map[int]ResultCode{}
	for _, a := range f.Absent {
		if a.Round == r {
			for _, p := range a.Players {
				out[p] = a.Kind
			}
		}
	}
	for i := range f.Players {
		p := &f.Players[i]
		if r >= 1 && r <= len(p.Rounds) {
			e := p.Rounds[r-1]
			if e.Opponent == 0 && !e.PairingAllocatedBye() {
				out[p.StartNo] = e.Result
			}
		}
	}
	return out
}

// ShowZero makes Write write the count records named (062, 072, 082) even
// when their number is 0, as a rating report does.
func (f *File) ShowZero(tags ...string) {
	present := make(map[string]bool, len(f.present)+len(tags))
	for k, v := range f.present {
		present[k] = v
	}
	for _, tag := range tags {
		present[tag] = true
	}
	f.present = present
}

// idWidth is the width of the start numbers as written, in the 001 lines
// and in the records that name players (240, 250, 260, 299, XXA): IDWidth,
// or 4, or wider when a start number, an opponent or a player named by a
// record needs it.
func (f *File) idWidth() int {
	w := max(f.IDWidth, 4)
	for i := range f.Players {
		p := &f.Players[i]
		w = max(w, digits(p.StartNo))
		for _, e := range p.Rounds {
			w = max(w, digits(e.Opponent))
		}
	}
	for _, a := range f.Accelerations {
		w = max(w, digits(a.FirstPlayer), digits(a.LastPlayer))
	}
	for _, g := range f.Forbidden {
		for _, n := range g.Players {
			w = max(w, digits(n))
		}
	}
	for _, a := range f.Absent {
		for _, n := range a.Players {
			w = max(w, digits(n))
		}
	}
	for _, a := range f.AbnormalPoints {
		for _, n := range a.Players {
			w = max(w, digits(n))
		}
	}
	return w
}

// digits is the number of decimal digits of n (n >= 0).
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}
