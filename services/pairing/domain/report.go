package domain

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// PointSystem is the tournament's point system as a TRF one: a forfeit
// win and a full-point bye score a win, a half-point bye a draw, a zero-
// point bye nothing, a forfeit loss the "forfeit_loss" points (0 when not
// given), the pairing-allocated bye the "bye" points.
func (t *Tournament) PointSystem() trf.PointSystem {
	ps := t.Points()
	return trf.PointSystem{
		WhiteWin: ps.Win, BlackWin: ps.Win, WhiteDraw: ps.Draw, BlackDraw: ps.Draw,
		WhiteLoss: ps.Loss, BlackLoss: ps.Loss, ForfeitWin: ps.Win, ForfeitLoss: ps.ForfeitLoss,
		FullPointBye: ps.Win, HalfPointBye: ps.Draw, PairingAllocatedBye: ps.PairingAllocatedBye,
	}
}

// ByeCode is the TRF result code of a round's bye: U for the
// pairing-allocated bye; a requested bye F, H or Z by its points (a win's,
// a draw's, other); Z for an absence (withdrawn or expelled).
func (t *Tournament) ByeCode(by events.Bye) trf.ResultCode {
	switch by.Kind {
	case "absent":
		return trf.ZeroPointBye
	case "requested":
		switch t.Points().RequestedBye(by.Points) {
		case pairing.FullPointBye:
			return trf.FullPointBye
		case pairing.HalfPointBye:
			return trf.HalfPointBye
		}
		return trf.ZeroPointBye
	}
	return trf.PairingBye
}

// File returns the tournament as a tournament report file (TRF-26), the
// same file the Dutch engine pairs the next round from (pairDutch) and
// that `hakem pair --dutch` pairs the same way:
//
//   - start numbers as StartNumbers says; 142 the number of rounds, 152
//     White for a Swiss (the engine's default), 162 the point system when
//     it is not FIDE's;
//   - one entry per paired round: opponent, colour and 1 = 0 for a game
//     played (W = L for one that lasted less than one move: played for
//     the pairing, not rated); + and - (with the colour the pairing gave,
//     which does not count) for a forfeit; U, F, H or Z for a bye (ByeCode); opponent and
//     colour with a blank result for a game going on;
//   - when the last round is closed and another is to be paired, that
//     round's absences entered in advance, as "0000 - H", "F" or "Z"
//     (requested byes, withdrawn and expelled players);
//   - XXP for each forbidden pair;
//   - points from the entries under the file's point system, rank from the
//     standings (points only).
//
// Names, titles, federations and FIDE ids longer than their TRF columns
// are cut; a rating outside 0-9999 is left out. File has no points
// penalties (FilePenalised).
func (t *Tournament) File(results map[string]events.Result) (*trf.File, error) {
	return t.FilePenalised(results, nil)
}

// FilePenalised is File with the games' points penalties pens (2023
// 12.9.4-12.9.6): what they change in each player's points in a round
// (tournament.Tournament.PenaltyPoints, as the standings count them) is a
// 299 record of that round with a blank type, one per round and change,
// and the points fields count the 299 records of the rounds paired, so
// that the Dutch engine's score groups (pairing.FromTRF) are the
// standings' points.
func (t *Tournament) FilePenalised(results map[string]events.Result, pens tournament.Penalties) (*trf.File, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	f := t.reportHeaders()
	order := t.StartNumbers()
	no := make(map[string]int, len(order)) // player id -> start number
	for n, i := range order {
		no[t.Players[i].PlayerID] = n + 1
	}
	rounds, err := t.roundEntries(no, results)
	if err != nil {
		return nil, err
	}
	for _, fp := range t.Forbidden {
		if a, b := no[fp.PlayerA], no[fp.PlayerB]; a > 0 && b > 0 {
			f.Forbidden = append(f.Forbidden, trf.ForbiddenGroup{Players: []int{a, b}})
		}
	}
	f.Unknown = append(f.Unknown, t.handChangeComments()...)
	f.AbnormalPoints = append(slices.Clone(f.AbnormalPoints), t.penaltyRecords(no, results, pens)...)
	assigned := map[int]float64{} // start number -> points of the 299 records of the rounds paired
	for _, a := range f.AbnormalPoints {
		if a.Kind == ' ' && a.Round <= len(t.Rounds) {
			for _, n := range a.Players {
				assigned[n] += a.Points
			}
		}
	}
	rank := map[string]int{}
	for _, s := range t.Standings(results) {
		rank[s.PlayerID] = s.Rank
	}
	f.NumPlayers, f.NumRatedPlayers, f.NumTeams = len(t.Players), 0, 0
	f.Players = nil
	for n, i := range order {
		p := t.Players[i]
		rating := p.Rating
		if rating < 0 || rating > 9999 {
			rating = 0
		}
		if rating > 0 {
			f.NumRatedPlayers++
		}
		tp := trf.Player{StartNo: n + 1, Name: cut(p.Name, 33), Title: cut(p.Title, 3), Rating: rating,
			Federation: cut(p.Federation, 3), FideID: cut(p.FideID, 11), Rank: rank[p.PlayerID], Rounds: rounds[n]}
		if p.Sex != "" {
			tp.Sex = p.Sex[0]
		}
		if p.BirthYear >= 1000 && p.BirthYear <= 9999 {
			tp.BirthDate = fmt.Sprint(p.BirthYear)
		}
		if im := t.Imported; im != nil {
			if q := im.File.ByStartNo(n + 1); q != nil {
				tp.BirthDate, tp.Sex = q.BirthDate, q.Sex
				if im.File.UseRank {
					tp.Rank = q.Rank // XXC rank: the engine pairs by this field
				}
			}
		}
		tp.Points = assigned[n+1]
		for r := range min(len(t.Rounds), len(tp.Rounds)) {
			tp.Points += f.PointSystem.Points(tp.Rounds[r])
		}
		f.Players = append(f.Players, tp)
	}
	return f, nil
}

// penaltyRecords are the 299 records of the games' points penalties pens:
// for each round, the players whose points they change by the same amount
// (tournament.Tournament.PenaltyPoints), by start number (no).
func (t *Tournament) penaltyRecords(no map[string]int, results map[string]events.Result, pens tournament.Penalties) []trf.Abnormal {
	var out []trf.Abnormal
	for i, delta := range t.PenaltyPoints(0, results, pens) {
		by := map[float64][]int{}
		for id, d := range delta {
			if n := no[id]; n > 0 && d != 0 {
				by[d] = append(by[d], n)
			}
		}
		amounts := make([]float64, 0, len(by))
		for d := range by {
			amounts = append(amounts, d)
		}
		slices.Sort(amounts)
		for _, d := range amounts {
			slices.Sort(by[d])
			out = append(out, trf.Abnormal{Kind: ' ', Points: d, Round: i + 1, Players: by[d]})
		}
	}
	return out
}

// reportHeaders are the file's headers: those of the imported file (a
// copy, its records kept), or the tournament's regulations.
func (t *Tournament) reportHeaders() *trf.File {
	c := t.Created
	if im := t.Imported; im != nil {
		f := *im.File
		f.Version = 26
		f.Forbidden = slices.Clone(f.Forbidden)
		f.Name, f.City, f.Federation, f.StartDate, f.EndDate = oneLine(c.Name), oneLine(c.City), oneLine(c.Federation), oneLine(c.StartDate), oneLine(c.EndDate)
		f.Type, f.ChiefArbiter, f.DeputyArbiters, f.RoundDates = oneLine(c.Type), oneLine(c.ChiefArbiter), c.DeputyArbiters, c.RoundDates
		f.TotalRounds = t.TotalRounds()
		f.ShowZero("062", "072", "082")
		return &f
	}
	f := &trf.File{
		Version:        26,
		Name:           oneLine(c.Name),
		City:           oneLine(c.City),
		Federation:     oneLine(c.Federation),
		StartDate:      oneLine(c.StartDate),
		EndDate:        oneLine(c.EndDate),
		ChiefArbiter:   oneLine(c.ChiefArbiter),
		DeputyArbiters: c.DeputyArbiters,
		RoundDates:     c.RoundDates,
		TimeControl:    oneLine(c.TimeControl),
		Type:           oneLine(c.Type),
		TotalRounds:    t.TotalRounds(),
		TieBreaks:      c.Tiebreaks,
		PointSystem:    t.PointSystem(),
	}
	if f.Type == "" {
		f.Type = map[string]string{"round-robin": "Round robin", "swiss-dutch": "Swiss (FIDE Dutch)"}[c.System]
	}
	f.PointSystemSet = f.PointSystem != trf.DefaultPointSystem()
	if c.System == "swiss-dutch" {
		f.InitialColor = trf.White
		if c.InitialColour == "black" {
			f.InitialColor = trf.Black
		}
		f.EncodedType = "FIDE_DUTCH_2025"
	}
	f.ShowZero("062", "072", "082")
	return f
}

// roundEntries are the round entries of each player (by start number - 1):
// a round of the imported file as the file wrote it, a round paired here
// from its boards and byes, and the next round's absences entered in
// advance.
func (t *Tournament) roundEntries(no map[string]int, results map[string]events.Result) ([][]trf.RoundResult, error) {
	rounds := make([][]trf.RoundResult, len(t.Players)) // by start number - 1
	for n := range rounds {
		rounds[n] = make([]trf.RoundResult, len(t.Rounds))
		for r := range rounds[n] {
			rounds[n][r] = trf.RoundResult{Color: trf.NoColor, Result: trf.NoResult}
		}
	}
	imported := 0
	if im := t.Imported; im != nil {
		imported = im.Rounds
		for _, p := range im.File.Players {
			if n := no[tournament.ImportedPlayerID(p.StartNo)]; n > 0 {
				for r := range imported {
					rounds[n-1][r] = p.Round(r + 1)
				}
			}
		}
		for r, rp := range t.Rounds[:imported] {
			for _, by := range rp.Byes {
				if n := no[by.PlayerID]; n > len(im.File.Players) { // a late entry's missed round
					rounds[n-1][r] = trf.RoundResult{Color: trf.NoColor, Result: t.ByeCode(by)}
				}
			}
		}
	}
	for r, rp := range t.Rounds[imported:] {
		r += imported
		for _, p := range rp.Pairings {
			w, b := no[p.White], no[p.Black]
			if w == 0 || b == 0 {
				return nil, fmt.Errorf("round %d board %d: a player who is not registered", rp.Round, p.Board)
			}
			wr, br := trf.NoResult, trf.NoResult
			if res, ok := tournament.ParseResult(results[p.GameID]); ok {
				wr, br = resultCode(res.White, res), resultCode(res.Black, res)
			}
			rounds[w-1][r] = trf.RoundResult{Opponent: b, Color: trf.White, Result: wr}
			rounds[b-1][r] = trf.RoundResult{Opponent: w, Color: trf.Black, Result: br}
		}
		for _, by := range rp.Byes {
			if n := no[by.PlayerID]; n > 0 {
				rounds[n-1][r] = trf.RoundResult{Color: trf.NoColor, Result: t.ByeCode(by)}
			}
		}
	}
	if next := len(t.Rounds) + 1; t.Closed == len(t.Rounds) && !t.Done && next <= t.TotalRounds() {
		for id, by := range t.Absences(next) {
			if n := no[id]; n > 0 {
				rounds[n-1] = append(rounds[n-1], trf.RoundResult{Color: trf.NoColor, Result: t.ByeCode(by)})
			}
		}
	}
	return rounds, nil
}

// resultCode is the TRF code of a side's outcome o in the board's result
// res: W, D, L for a game that lasted less than one move.
func resultCode(o pairing.Outcome, res tournament.BoardResult) trf.ResultCode {
	played := res.Played
	switch {
	case res.Unrated && o == pairing.Win:
		return trf.UnratedWin
	case res.Unrated && o == pairing.Draw:
		return trf.UnratedDraw
	case res.Unrated:
		return trf.UnratedLoss
	case played && o == pairing.Win:
		return trf.Win
	case played && o == pairing.Draw:
		return trf.Draw
	case played:
		return trf.Loss
	case o == pairing.Win:
		return trf.ForfeitWin
	}
	return trf.ForfeitLoss
}

// oneLine keeps the first line of s.
func oneLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return s
}

// cut keeps the first width characters of s's first line.
func cut(s string, width int) string {
	s = oneLine(s)
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width])
}
