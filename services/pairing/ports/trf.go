package ports

import (
	"io"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// WriteTRF writes the tournament in FIDE's Tournament Report File format
// (TRF-26): the header, one 001 line per player with each round's
// opponent, colour and result, points and rank.
func WriteTRF(w io.Writer, t *domain.Tournament, results map[string]string) error {
	f := &trf.File{
		Version:     26,
		Name:        t.Created.Name,
		TimeControl: t.Created.TimeControl,
		Type:        map[string]string{"round-robin": "Round robin", "swiss-dutch": "Swiss (FIDE Dutch)"}[t.Created.System],
		NumPlayers:  len(t.Players),
		TotalRounds: t.TotalRounds(),
		TieBreaks:   t.Created.Tiebreaks,
		PointSystem: trf.DefaultPointSystem(),
	}
	no := map[string]int{}
	for i, p := range t.Players {
		no[p.PlayerID] = i + 1
		if p.Rating > 0 {
			f.NumRatedPlayers++
		}
	}
	rounds := make([][]trf.RoundResult, len(t.Players))
	for i := range rounds {
		rounds[i] = make([]trf.RoundResult, len(t.Rounds))
		for r := range rounds[i] {
			rounds[i][r] = trf.RoundResult{Color: trf.NoColor, Result: trf.NoResult}
		}
	}
	for r, rp := range t.Rounds {
		for _, p := range rp.Pairings {
			w, b := no[p.White]-1, no[p.Black]-1
			wr, br := trf.NoResult, trf.NoResult
			switch results[p.GameID] {
			case "1-0":
				wr, br = trf.Win, trf.Loss
			case "0-1":
				wr, br = trf.Loss, trf.Win
			case "1/2-1/2":
				wr, br = trf.Draw, trf.Draw
			}
			rounds[w][r] = trf.RoundResult{Opponent: b + 1, Color: trf.White, Result: wr}
			rounds[b][r] = trf.RoundResult{Opponent: w + 1, Color: trf.Black, Result: br}
		}
		for _, by := range rp.Byes {
			code := trf.PairingBye
			switch {
			case by.Kind == "absent":
				code = trf.ZeroPointBye
			case by.Kind == "requested" && by.Points > 0 && by.Points == t.Created.PointSystem["win"]:
				code = trf.FullPointBye
			case by.Kind == "requested" && by.Points > 0 && by.Points == t.Created.PointSystem["draw"]:
				code = trf.HalfPointBye
			case by.Kind == "requested":
				code = trf.ZeroPointBye
			}
			rounds[no[by.PlayerID]-1][r] = trf.RoundResult{Color: trf.NoColor, Result: code}
		}
	}
	standings := t.Standings(results)
	rank := map[string]events.Standing{}
	for _, s := range standings {
		rank[s.PlayerID] = s
	}
	for i, p := range t.Players {
		f.Players = append(f.Players, trf.Player{StartNo: i + 1, Name: p.Name, Title: p.Title, Rating: p.Rating,
			Federation: p.Federation, FideID: p.FideID, Points: rank[p.PlayerID].Points, Rank: rank[p.PlayerID].Rank, Rounds: rounds[i]})
	}
	return f.Write(w)
}
