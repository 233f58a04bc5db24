package tournament

import (
	"sort"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
)

// Standings are the points of each player after the results given (by
// game id; "*" for a game going on), best first, ties in registration
// order, ranks shared by equal points. Byes score the tournament's bye
// points, forfeits as pairing.PointValues.Of says. Status marks the players
// expelled or withdrawn.
func (t *Tournament) Standings(results map[string]events.Result) []events.Standing {
	points := map[string]float64{}
	ps := t.Points()
	for _, r := range t.Rounds {
		for _, p := range r.Pairings {
			if br, ok := ParseResult(results[p.GameID]); ok {
				points[p.White] += ps.Of(br.White, br.Played)
				points[p.Black] += ps.Of(br.Black, br.Played)
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

// Points is the tournament's point system (TournamentCreated.PointSystem:
// events.PointsWin, PointsDraw, PointsLoss, PointsBye for the
// pairing-allocated bye and PointsForfeitLoss; a key not given scores 0),
// the one reading of it the pairing and the scoring share.
func (t *Tournament) Points() pairing.PointValues {
	ps := t.Created.PointSystem
	return pairing.PointValues{Win: ps[events.PointsWin], Draw: ps[events.PointsDraw], Loss: ps[events.PointsLoss],
		ForfeitLoss: ps[events.PointsForfeitLoss], PairingAllocatedBye: ps[events.PointsBye]}
}
