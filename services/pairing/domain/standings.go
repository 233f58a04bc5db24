package domain

import (
	"sort"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
)

// Standings are the points of each player after the results given (by
// game id; "*" for a game going on), best first, ties in registration
// order, ranks shared by equal points. Byes score the tournament's bye
// points, forfeits as OutcomePoints says. Status marks the players
// expelled or withdrawn.
func (t *Tournament) Standings(results map[string]string) []events.Standing {
	points := map[string]float64{}
	for _, r := range t.Rounds {
		for _, p := range r.Pairings {
			if br, ok := ParseResult(results[p.GameID]); ok {
				points[p.White] += t.OutcomePoints(br.White, br.Played)
				points[p.Black] += t.OutcomePoints(br.Black, br.Played)
			}
		}
		for _, b := range r.Byes {
			points[b.PlayerID] += b.Points
		}
	}
	out := make([]events.Standing, len(t.Players))
	for i, p := range t.Players {
		out[i] = events.Standing{PlayerID: p.PlayerID, Points: points[p.PlayerID], Status: t.Status(p.PlayerID, len(t.Rounds))}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points == out[i-1].Points {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// OutcomePoints is what an outcome scores under the tournament's point
// system: a win, a draw or a loss over the board; a forfeit win scores a
// win, a forfeit loss the system's "forfeit_loss" (0 when not given).
func (t *Tournament) OutcomePoints(o pairing.Outcome, played bool) float64 {
	ps := t.Created.PointSystem
	switch {
	case o == pairing.Win:
		return ps["win"]
	case o == pairing.Draw:
		return ps["draw"]
	case played:
		return ps["loss"]
	}
	return ps["forfeit_loss"]
}
