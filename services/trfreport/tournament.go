package trfreport

import (
	"fmt"
	"sort"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// Tournament converts a TRF file to the ratings model. Players must carry
// the start numbers 1..n. The number of rounds is the last round column in
// which some player has an opponent or the pairing-allocated bye: a column
// holding only absences entered ahead of the pairing of the next round
// (0000 - H, Z or F, as pairing files do) is not a round played. Result codes map as follows: 1 = 0 are
// games (W D L too, marked unrated); + and - with an opponent are forfeits;
// U, and + without opponent, the pairing-allocated bye; H (and = without
// opponent) the half-point bye; F the full-point bye; Z, - without opponent
// and blank the zero-point bye or absence. A blank result with an opponent
// (a game not played yet) counts as absence.
//
// The point system is the file's (record 162 or XXS); a system that scores
// White and Black differently is refused.
func Tournament(f *trf.File) (ratings.Tournament, error) {
	ps := f.PointSystem
	if ps.WhiteWin != ps.BlackWin || ps.WhiteDraw != ps.BlackDraw || ps.WhiteLoss != ps.BlackLoss {
		return ratings.Tournament{}, fmt.Errorf("trfreport: point systems that score White and Black differently are not supported")
	}
	t := ratings.Tournament{
		Rounds: playedRounds(f),
		Points: ratings.PointSystem{
			Win: ps.WhiteWin, Draw: ps.WhiteDraw, Loss: ps.WhiteLoss,
			ForfeitWin: ps.ForfeitWin, ForfeitLoss: ps.ForfeitLoss,
			PairingBye: ps.PairingAllocatedBye, HalfBye: ps.HalfPointBye,
			FullBye: ps.FullPointBye, ZeroBye: ps.ZeroPointBye, Absent: ps.ZeroPointBye,
		},
	}
	players := make([]*trf.Player, len(f.Players))
	for i := range f.Players {
		players[i] = &f.Players[i]
	}
	sort.Slice(players, func(a, b int) bool { return players[a].StartNo < players[b].StartNo })
	n := len(players)
	for i, p := range players {
		if p.StartNo != i+1 {
			return ratings.Tournament{}, fmt.Errorf("trfreport: line %d: start number %d, expected %d (start numbers must run 1..%d)", p.Line, p.StartNo, i+1, n)
		}
		e := ratings.Entrant{No: p.StartNo, Rating: p.Rating, Rounds: make([]ratings.Round, min(len(p.Rounds), t.Rounds))}
		for r, rr := range p.Rounds[:len(e.Rounds)] {
			rd, err := round(rr)
			if err != nil {
				return ratings.Tournament{}, fmt.Errorf("trfreport: line %d: player %d round %d: %v", p.Line, p.StartNo, r+1, err)
			}
			if rd.Opponent > n {
				return ratings.Tournament{}, fmt.Errorf("trfreport: line %d: player %d round %d: opponent %d does not exist", p.Line, p.StartNo, r+1, rd.Opponent)
			}
			e.Rounds[r] = rd
		}
		t.Entrants = append(t.Entrants, e)
	}
	if err := t.Check(); err != nil {
		return ratings.Tournament{}, fmt.Errorf("trfreport: %w", err)
	}
	return t, nil
}

// playedRounds returns the last round with a pairing.
func playedRounds(f *trf.File) int {
	last := 0
	for i := range f.Players {
		for r, rr := range f.Players[i].Rounds {
			if rr.Paired() && r+1 > last {
				last = r + 1
			}
		}
	}
	return last
}

// round converts one round entry.
func round(rr trf.RoundResult) (ratings.Round, error) {
	rd := ratings.Round{Opponent: rr.Opponent}
	switch rr.Color {
	case trf.White:
		rd.Color = ratings.White
	case trf.Black:
		rd.Color = ratings.Black
	}
	withOpp := rr.Opponent != 0
	switch rr.Result {
	case trf.Win, trf.UnratedWin:
		rd.Kind = ratings.Win
	case trf.Draw, trf.UnratedDraw:
		rd.Kind = ratings.Draw
	case trf.Loss, trf.UnratedLoss:
		rd.Kind = ratings.Loss
	case trf.ForfeitWin:
		rd.Kind = ratings.ForfeitWin
	case trf.ForfeitLoss:
		rd.Kind = ratings.ForfeitLoss
	case trf.PairingBye:
		rd.Kind = ratings.PairingBye
	case trf.HalfPointBye:
		rd.Kind = ratings.HalfBye
	case trf.FullPointBye:
		rd.Kind = ratings.FullBye
	case trf.ZeroPointBye:
		rd.Kind = ratings.ZeroBye
	case trf.NoResult:
		rd.Kind = ratings.Absent
		rd.Opponent = 0
		rd.Color = ratings.NoColor
		return rd, nil
	default:
		return rd, fmt.Errorf("unknown result code %q", rune(rr.Result))
	}
	rd.Unrated = rr.Result == trf.UnratedWin || rr.Result == trf.UnratedDraw || rr.Result == trf.UnratedLoss
	if !withOpp {
		switch rd.Kind {
		case ratings.ForfeitWin:
			rd.Kind = ratings.PairingBye
		case ratings.Draw:
			rd.Kind = ratings.HalfBye
		case ratings.ForfeitLoss, ratings.Loss:
			rd.Kind = ratings.ZeroBye
		case ratings.Win:
			return rd, fmt.Errorf("a win without opponent")
		}
		rd.Color = ratings.NoColor
	} else {
		switch rd.Kind {
		case ratings.PairingBye, ratings.HalfBye, ratings.FullBye, ratings.ZeroBye:
			return rd, fmt.Errorf("%v with opponent %d", rd.Kind, rr.Opponent)
		}
	}
	return rd, nil
}
