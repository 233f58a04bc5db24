// Package domain is the scoring service's domain, pure: the standings, the
// crosstable and the rating changes of a tournament after a round, computed
// from the tournament as its events say (services/internal/tournament) and
// its boards' results by the ratings module (FIDE C.07 tie-breaks, B.02
// rating changes), with the games' points penalties (2023 12.9.4,
// 12.9.5). The scoring service publishes them (scoring/app), serves them
// (scoring/ports), and the audit re-derives them with the same functions.
package domain

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// DefaultTiebreaks are used when the tournament names none (FIDE C.07
// codes): direct encounter, then Sonneborn-Berger.
const DefaultTiebreaks = "DE,SB"

// Standings computes the standings of t after round, given the games'
// results; a player expelled or withdrawn (not paired after round) has
// his Status, and in a round robin his results count as
// RoundRobinWithdrawals says.
func Standings(t *tournament.Tournament, round int, results map[string]events.Result) ([]events.Standing, error) {
	_, st, err := computed(t, round, results)
	if err != nil {
		return nil, err
	}
	out := make([]events.Standing, 0, len(st.Order))
	for _, n := range st.Order {
		row := st.Rows[n-1]
		id := t.Players[n-1].PlayerID
		s := events.Standing{Rank: row.Rank, PlayerID: id, Points: row.Points, Status: t.Status(id, round)}
		for _, v := range row.Values {
			s.Tiebreaks = append(s.Tiebreaks, v.X)
		}
		out = append(out, s)
	}
	return out, nil
}

// computed is the table of t after round (Table, with a round robin's
// withdrawals as RoundRobinWithdrawals says) and its standings under the
// tournament's tie-breaks, as Standings and Crosstable give them.
func computed(t *tournament.Tournament, round int, results map[string]events.Result) (ratings.Tournament, *ratings.Standings, error) {
	rt, codes, err := Table(t, round, results)
	if err != nil {
		return ratings.Tournament{}, nil, err
	}
	RoundRobinWithdrawals(t, &rt, round)
	st, err := ratings.Compute(rt, codes, ratings.Options{Rules: t.TiebreakRules()})
	return rt, st, err
}

// Table is the tournament after round as the ratings module reads it (the
// entrants numbered in registration order), with the tie-break codes. A
// forfeit (tournament.ParseResult) is a ratings.ForfeitWin or ForfeitLoss
// without colour: unplayed for the tie-breaks (C.07) and for the ratings;
// a game that lasted less than one move (events.ResultUnratedWhiteWin...) is a
// game played, marked Unrated (TRF W, D, L).
func Table(t *tournament.Tournament, round int, results map[string]events.Result) (ratings.Tournament, []ratings.Code, error) {
	list := strings.Join(t.Created.Tiebreaks, ",")
	if list == "" {
		list = DefaultTiebreaks
	}
	codes, err := ratings.ParseCodes(list)
	if err != nil {
		return ratings.Tournament{}, nil, err
	}
	ps := t.Points()
	rt := ratings.Tournament{Rounds: round, Points: ratings.PointSystem{Win: ps.Win, Draw: ps.Draw, Loss: ps.Loss,
		ForfeitWin: ps.Win, ForfeitLoss: ps.ForfeitLoss, PairingBye: ps.PairingAllocatedBye, HalfBye: ps.Draw, FullBye: ps.Win}}
	no := map[string]int{}
	for i, p := range t.Players {
		no[p.PlayerID] = i + 1
		rt.Entrants = append(rt.Entrants, ratings.Entrant{No: i + 1, Rating: p.Rating, Rounds: make([]ratings.Round, round)})
	}
	for r := 1; r <= round && r <= len(t.Rounds); r++ {
		rp := t.Rounds[r-1]
		for _, p := range rp.Pairings {
			w, b := no[p.White], no[p.Black]
			res, ok := tournament.ParseResult(results[p.GameID])
			if !ok {
				return ratings.Tournament{}, nil, fmt.Errorf("round %d board %d: no result", r, p.Board)
			}
			wc, bc := ratings.White, ratings.Black
			if !res.Played {
				wc, bc = ratings.NoColor, ratings.NoColor // a forfeit gives no colour
			}
			rt.Entrants[w-1].Rounds[r-1] = ratings.Round{Opponent: b, Color: wc, Kind: kindOf(res.White, res.Played), Unrated: res.Unrated}
			rt.Entrants[b-1].Rounds[r-1] = ratings.Round{Opponent: w, Color: bc, Kind: kindOf(res.Black, res.Played), Unrated: res.Unrated}
		}
		for _, by := range rp.Byes {
			rt.Entrants[no[by.PlayerID]-1].Rounds[r-1] = ratings.Round{Kind: ByeKind(by, ps)}
		}
	}
	return rt, codes, nil
}

// ByeKind is how a round's bye counts for the standings: the
// pairing-allocated bye; a requested one as a half-point, full-point or
// zero-point bye by its points (pairing.PointValues.RequestedBye); an
// absence (a withdrawn player) as none.
func ByeKind(by events.Bye, ps pairing.PointValues) ratings.Kind {
	switch by.Kind {
	case "requested":
		switch ps.RequestedBye(by.Points) {
		case pairing.FullPointBye:
			return ratings.FullBye
		case pairing.HalfPointBye:
			return ratings.HalfBye
		}
		return ratings.ZeroBye
	case "absent":
		return ratings.Absent
	}
	return ratings.PairingBye
}

// kindOf is a side's outcome as the ratings module counts it: a game
// played, or a forfeit.
func kindOf(o pairing.Outcome, played bool) ratings.Kind {
	switch {
	case played && o == pairing.Win:
		return ratings.Win
	case played && o == pairing.Draw:
		return ratings.Draw
	case played:
		return ratings.Loss
	case o == pairing.Win:
		return ratings.ForfeitWin
	}
	return ratings.ForfeitLoss
}
